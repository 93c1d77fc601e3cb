"""The terminal: the one place (with the CLI) that prints. Renderers hand a ``Writer`` lines
of styled text (``bringup.report.styled``: a ``Line``, or markup); the writer draws them.

- ``PlainWriter``: the text alone. Used whenever stdout is not a terminal (a pipe, a file,
  a test) and under ``NO_COLOR`` (no bold or dim either), so a piped command never imports
  Rich (about 12 ms of imports and 15-30 ms of first rendering on ``bringup check``).
- ``RichWriter``: the same lines in colour through Rich, on a terminal (or when
  ``FORCE_COLOR``/``TTY_COMPATIBLE`` asks for colour, as Rich honours them).

Both draw every piece through ``sanitize.printable`` (text from repos and logs cannot drive
the terminal) and ``redaction.redact_secrets`` (a token in a URL a guide or a step's output
quotes is not shown), the one place output is made safe; documents are also redacted piece by
piece before they are laid out (``bringup.report.redacted``), where a URL cannot be wrapped
across two lines yet.

Both lay out to the same width (Rich's rule: ``COLUMNS``, else the size of the first of
stdin/stdout/stderr that is a terminal, else 80), so the words and line breaks are the same
with and without colour.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Protocol, TextIO, Union

from bringup.redaction import redact_secrets
from bringup.report.sanitize import printable
from bringup.report.styled import Line, parse

if TYPE_CHECKING:
    from rich.console import Console

    from bringup.report.document import Document

Printable = Union[Line, str]
"""A line of styled text, or markup for one."""


class Writer(Protocol):
    """Where a text renderer draws: its width, and one line at a time."""

    @property
    def width(self) -> int: ...

    def print(self, line: Printable = "", *, soft_wrap: bool = True) -> None:
        """Draw ``line`` (markup when a ``str``) and end the line. ``soft_wrap`` is
        accepted for Rich's signature: lines are laid out by the renderer, never wrapped
        again."""


def terminal_width() -> int:
    """The width a text renderer lays out to."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isascii() and columns.isdigit() and int(columns) > 0:
        return int(columns)
    for descriptor in (0, 1, 2):
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue
        return width or 80
    return 80


class PlainWriter:
    """Text without styles on ``stream``."""

    def __init__(self, stream: TextIO | None = None, width: int | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self._width = width

    @property
    def width(self) -> int:
        return self._width if self._width is not None else terminal_width()

    def print(self, line: Printable = "", *, soft_wrap: bool = True) -> None:
        text = parse(line).plain if isinstance(line, str) else line.plain
        self.stream.write(safe(text) + "\n")


class RichWriter:
    """Styled text through a Rich console (imported only here, only when used)."""

    def __init__(self, stream: TextIO | None = None, width: int | None = None) -> None:
        from rich.console import Console

        class _Console(Console):
            def on_broken_pipe(self) -> None:
                """Rich exits 1 here; the CLI ends quietly with 0 instead (``| head``)."""
                self.quiet = True
                raise BrokenPipeError

        self.console: Console = _Console(
            file=stream if stream is not None else sys.stdout,
            width=width,
            highlight=False,
            soft_wrap=True,
        )

    @property
    def width(self) -> int:
        return self.console.width

    def print(self, line: Printable = "", *, soft_wrap: bool = True) -> None:
        from rich.text import Text

        styled = parse(line) if isinstance(line, str) else line
        text = Text()
        for piece, style in styled.pieces:
            text.append(safe(piece), style=style or None)
        self.console.print(text, soft_wrap=True)


def safe(text: str) -> str:
    """``text`` as the terminal may show it: secrets redacted, control sequences made visible."""
    return printable(redact_secrets(text))


def _wants_colour(stream: TextIO) -> bool:
    """Not under ``NO_COLOR``; else Rich's own test: a terminal, unless ``TTY_COMPATIBLE=0``;
    ``TTY_COMPATIBLE=1`` or a non-empty ``FORCE_COLOR`` make anything one."""
    if os.environ.get("NO_COLOR"):
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible == "0":
        return False
    if compatible == "1" or os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def console(stream: TextIO | None = None) -> Writer:
    """The writer for ``stream`` (stdout by default): Rich on a terminal, plain otherwise."""
    target = stream if stream is not None else sys.stdout
    return RichWriter(target) if _wants_colour(target) else PlainWriter(target)


def print_document(document: Document, output_format: str = "text") -> None:
    """A report on stdout as ``output_format`` asks: terminal text (plain on a pipe, Rich on
    a terminal), ``markdown`` or ``html``; each writer imported only when asked for. Secrets
    in it are redacted first, as in every ``--json`` envelope."""
    from bringup.report.redacted import redacted

    document = redacted(document)
    if output_format == "markdown":
        from bringup.report.document_markdown import render_markdown

        write(printable(render_markdown(document)))
    elif output_format == "html":
        from bringup.report.document_html import render_html

        write(printable(render_html(document)))
    else:
        from bringup.report.document_text import render_document

        render_document(console(), document)


def write(text: str, stream: TextIO | None = None) -> None:
    """Plain text, as is (used for JSON and other machine-read output)."""
    (stream if stream is not None else sys.stdout).write(text)


def error(message: str, hint: str | None = None) -> None:
    """The single ``ERROR`` line (and ``TIP`` line) of a failed command, on stderr."""
    sys.stderr.write(f"ERROR: {safe(message)}\n")
    if hint:
        sys.stderr.write(f"TIP: {safe(hint)}\n")
