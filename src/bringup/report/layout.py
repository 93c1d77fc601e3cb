"""Plain-text layout for reports that must read the same in an 80-column terminal and in a
log file: lines wrapped at the console's width under a hanging indent, never inside a word
(a ``file:line`` citation or a command-line flag stays whole), no padding at line ends."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bringup.report.console import Writer
    from bringup.report.styled import Line


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
    console: Writer,
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
    from bringup.report.styled import escape

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


@dataclass(frozen=True)
class Unit:
    """A piece of a line kept whole unless it is longer than a whole line (a range, a
    ``file:line``, a URL, a command), with its Rich style. ``prose`` (a sentence) starts
    where the line is and wraps at its spaces instead."""

    text: str
    style: str = ""
    prose: bool = False


class _Lines:
    """Lines being filled: the last one's width so far, and whether it holds only its lead
    (the indent, or the caller's head)."""

    def __init__(self, width: int, indent: int, head: Line) -> None:
        self.width = width
        self.indent = indent
        self.lines = [head]
        self.used = head.cell_len
        self.fresh = True

    def room(self, size: int, gap: str) -> bool:
        """Whether ``size`` cells fit on the current line."""
        return self.used + (0 if self.fresh else len(gap)) + size <= self.width

    @property
    def bare(self) -> bool:
        """Nothing but the indent: a new line would have no more room."""
        return self.fresh and self.used <= self.indent

    def put(self, text: str, style: str, gap: str) -> None:
        from bringup.report.styled import cell_len

        if not self.fresh:
            self.lines[-1].append(gap)
            self.used += len(gap)
        self.lines[-1].append(text, style=style)
        self.used += cell_len(text)
        self.fresh = False

    def newline(self) -> None:
        from bringup.report.styled import Line

        self.lines.append(Line(" " * self.indent))
        self.used = self.indent
        self.fresh = True


def flow(
    units: Sequence[Unit],
    width: int,
    indent: int,
    head: Line | str | None = None,
    sep: str = "  ",
) -> list[Line]:
    """``units`` on lines of at most ``width`` cells, ``sep`` between them: each goes on the
    current line when it fits, else at the start of the next (after ``indent`` spaces); one
    longer than a line, or prose, is wrapped at its spaces. The first line starts with
    ``head`` (the indent when None). No line ends in spaces; a word longer than a line
    stands alone on its line."""
    from bringup.report.styled import Line, cell_len

    if head is None:
        head = " " * indent
    lines = _Lines(width, indent, Line(head) if isinstance(head, str) else head.copy())
    for unit in units:
        words = unit.text.split()
        if not words:
            continue
        whole = " ".join(words)
        size = cell_len(whole)
        if not unit.prose:
            if lines.room(size, sep):
                lines.put(whole, unit.style, sep)
                continue
            if not lines.bare:  # whole on the next line, or from its start there
                lines.newline()
            if size <= width - indent:
                lines.put(whole, unit.style, sep)
                continue
        gap = sep
        for word in words:
            if not lines.room(cell_len(word), gap) and not lines.bare:
                lines.newline()
            lines.put(word, unit.style, gap)
            gap = " "
    for line in lines.lines:
        line.rstrip()
    return lines.lines


def column_widths(rows: Sequence[Sequence[str]]) -> list[int]:
    from bringup.report.styled import cell_len

    return [max(cell_len(_cell(cell)) for cell in column) for column in zip(*rows)]


def _cell(text: str) -> str:
    """A cell on one line, as ``_aligned`` prints it: a table row never spans two, and the
    spaces it holds are printed, so they are measured (a step number right-aligned in its
    cell, "     1", ran into its status: "1run"; an lscpu line pasted in a report,
    "BogoMIPS:          200.00", into its source)."""
    return " ".join(text.splitlines()).rstrip()


_LINE_BREAK = re.compile(r"\r\n?|\n")

_BREAK = ("\n", "")


def wrap_line(line: Line, width: int, indent: int, head: Line | None = None) -> list[Line]:
    """Styled ``line`` in lines of at most ``width`` cells, wrapped at its spaces under a
    hanging ``indent``, the first line after ``head`` (the indent when None). A word keeps
    its styles across pieces (``(README.md:10)`` half dim); a word longer than a line stands
    alone on its line; no line ends in spaces. A line break in the text (a knowledge base's
    cause listing "a. ... b. ...") starts the next line under the indent: printed as it
    is, it would start at column 1, outside the indent of a table's value column."""
    from bringup.report.styled import Line, cell_len

    words: list[list[tuple[str, str]]] = [[]]
    for piece, style in line.pieces:
        for k, row in enumerate(_LINE_BREAK.split(piece)):
            if k:
                words += [[_BREAK], []]
            for n, part in enumerate(row.split(" ")):
                if n:
                    words.append([])
                if part:
                    words[-1].append((part, style))
    lines = [head.copy() if head is not None else Line(" " * indent)]
    used = lines[0].cell_len
    fresh = True
    for word in filter(None, words):
        if word == [_BREAK]:
            if not fresh:  # a blank line or a break before any text adds no line
                lines.append(Line(" " * indent))
                used, fresh = indent, True
            continue
        size = sum(cell_len(part) for part, _ in word)
        if size > width - indent and _wide(word):
            used, fresh = _broken(word, lines, used=used, fresh=fresh, width=width, indent=indent)
            continue
        after = not fresh or bool(lines[-1].plain.strip())  # a word or the head's text
        if after and used + (0 if fresh else 1) + size > width:
            lines.append(Line(" " * indent))
            used, fresh = indent, True
        if not fresh:
            lines[-1].append(" ")
            used += 1
        for part, style in word:
            lines[-1].append(part, style)
        used += size
        fresh = False
    for out in lines:
        out.rstrip()
    return lines


_WIDE = (
    "\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u9fff\uac00-\ud7a3"
    "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
)
_UNITS = re.compile(f"[{_WIDE}]|[^{_WIDE}]+")
"""A wide character alone, or a run of others: where a line of wide text may break."""


def _wide(word: list[tuple[str, str]]) -> bool:
    """Whether ``word`` holds wide characters (Chinese, Japanese): text written without
    spaces, which may be broken between any two of its characters."""
    from bringup.report.styled import cell_len

    return any(cell_len(part) != len(part) for part, _ in word)


def _broken(
    word: list[tuple[str, str]],
    lines: list[Line],
    *,
    used: int,
    fresh: bool,
    width: int,
    indent: int,
) -> tuple[int, bool]:
    """``word``, longer than a line and of wide characters, put on ``lines`` from the current
    one, broken before or after a wide character where the rest does not fit (a run of other
    characters, ``HCCL_EXEC_TIMEOUT``, stays whole), a new line under ``indent``: a zh cause
    of 200 cells ran past the value column's right edge. Returns the cells used on the last
    line, and whether it is still empty."""
    from bringup.report.styled import Line, cell_len

    if not fresh:
        lines[-1].append(" ")
        used += 1
    for part, style in word:
        for unit in _UNITS.findall(part):
            size = cell_len(unit)
            if used + size > width and used > indent:
                lines.append(Line(" " * indent))
                used = indent
            lines[-1].append(unit, style)
            used += size
    return used, False
