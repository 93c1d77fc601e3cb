"""Plain-text layout for reports that must read the same in an 80-column terminal and in a
log file: lines wrapped at the console's width under a hanging indent, never inside a word
(a ``file:line`` citation or a command-line flag stays whole), no padding at line ends."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def wrapped(text: str, width: int, indent: int, first: int | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` characters: the first after ``first`` spaces
    (``indent`` when not given), the others after ``indent``. A word longer than a line
    stands alone on its line."""
    lead = indent if first is None else first
    lines = textwrap.wrap(
        text,
        max(width, lead + 20, indent + 20),
        initial_indent=" " * lead,
        subsequent_indent=" " * indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return lines or [" " * lead]


def print_wrapped(
    console: Console,
    text: str,
    *,
    indent: int,
    first: int | None = None,
    head: str = "",
    head_width: int | None = None,
    style: str = "",
) -> None:
    """Print ``text`` wrapped under a hanging ``indent``, its first line after ``first``
    spaces, or after ``head`` (Rich markup, shown ``head_width`` characters wide);
    ``style`` colours the text."""
    from rich.markup import escape

    if head_width is not None:
        first = head_width
    first = indent if first is None else first
    lines = wrapped(text, console.width, indent, first)
    for n, line in enumerate(lines):
        lead = head if n == 0 and head else ""
        body = escape(line[first:] if lead else line)
        if style:
            body = f"[{style}]{body}[/{style}]"
        console.print(lead + body, soft_wrap=True)


def heading(console: Console, name: str, detail: str) -> None:
    """A repo's name in bold and where it is (dim), over the lines about it."""
    from rich.markup import escape

    head = f"  [bold]{escape(name)}[/bold]  "
    print_wrapped(console, detail, indent=4, head=head, head_width=len(name) + 4, style="dim")
