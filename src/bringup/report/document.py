"""A report as data: sections, paragraphs, lists and tables of styled text, with no layout
and no markup in them. A command's renderer builds one ``Document``; small writers draw it:
terminal text (``document_text``: plain on a pipe, Rich on a terminal, wrapped to the width),
Markdown (``document_markdown``) and HTML (``document_html``), each escaping every piece of
text for its own format, so the words are written once and the formats cannot drift apart.

Inline text is a ``styled.Line``: pieces of (text, style). Styles are the few words the
terminal already uses (``bold``, ``dim``, ``red``, ``green``, ``yellow``, ``cyan``) and one
more, ``code``, for commands and file names, which a Markdown or HTML writer sets apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional, Union

from bringup.report.styled import Line


def text(*pieces: Union[str, tuple[str, str]]) -> Line:
    """A line from plain strings and (text, style) pairs, in order."""
    line = Line()
    for piece in pieces:
        if isinstance(piece, str):
            line.append(piece)
        else:
            line.append(*piece)
    return line


@dataclass(frozen=True)
class Paragraph:
    """Prose, wrapped at spaces. ``head`` (a label such as ``note``) starts it and the rest
    hangs under the text."""

    body: Line
    head: Optional[Line] = None


@dataclass(frozen=True)
class Items:
    """A list: numbered (``ordered``) or not; each item one paragraph."""

    items: tuple[Line, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Compact:
    """A table row as a terminal too narrow for the table sets it out: after its ``label``
    (the row's first cell when None), the pieces of ``facts`` two spaces apart, each kept
    whole unless longer than a line (a range, a ``file:line``, a command), the first
    wrapped at its spaces instead when ``prose`` (a sentence); then each line of ``under``
    on lines of its own. Markdown and HTML always draw the table."""

    facts: Line
    under: tuple[Line, ...] = ()
    prose: bool = False
    label: Optional[Line] = None


@dataclass(frozen=True)
class Table:
    """Rows of cells under ``titles`` (no title row when every title is empty). ``notes``:
    for some rows, a line that belongs under the row (why a step is skipped), set under
    column ``note_at`` on a terminal and in a last column titled ``note_title`` where a
    table is a grid (Markdown, HTML). ``compact``: one per row, the blocks a terminal
    sets out instead when the whole table does not fit, their labels ``aligned`` in a
    column with the facts and lines under them after it, or not (the lines under a label
    indented two)."""

    titles: tuple[str, ...]
    rows: tuple[tuple[Line, ...], ...]
    notes: tuple[Optional[Line], ...] = ()
    note_at: int = -1
    note_title: str = ""
    compact: tuple[Compact, ...] = ()
    aligned: bool = True
    always_compact: bool = False
    """A terminal draws the compact blocks whatever fits: one layout at every width for a
    report whose tables vary with the input (``scan``'s, outsider12 #21)."""

    def note(self, row: int) -> Optional[Line]:
        return self.notes[row] if row < len(self.notes) else None


@dataclass(frozen=True)
class Verbatim:
    """Lines shown exactly as written (a log's last lines): never wrapped or joined; on a
    terminal each after ``| ``, in Markdown a fenced block, in HTML ``<pre>``."""

    lines: tuple[str, ...]


Block = Union[Paragraph, Items, Table, Verbatim, "Section"]


@dataclass(frozen=True)
class Section:
    """A titled part; ``detail`` (dim) follows the title, such as where a repo is. Sections
    nest: a repo's section inside the plan's."""

    title: Line
    blocks: tuple[Block, ...] = ()
    detail: str = ""


@dataclass
class Document:
    """A whole report: its title line (the answer in one sentence; none when empty) and its
    blocks."""

    title: Line
    blocks: list[Block] = field(default_factory=list)

    def add(self, *blocks: Optional[Block]) -> None:
        self.blocks.extend(b for b in blocks if b is not None)


def items(lines: Sequence[Line], ordered: bool = False) -> Optional[Items]:
    """A list, or None when there is nothing to list (so an empty section is left out)."""
    return Items(tuple(lines), ordered) if lines else None


def section(title: Union[str, Line], *blocks: Optional[Block], detail: str = "") -> Section:
    """A section of the blocks that are not None."""
    head = title if isinstance(title, Line) else Line(title)
    return Section(head, tuple(b for b in blocks if b is not None), detail)
