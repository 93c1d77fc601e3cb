"""A ``Document`` as terminal text: lines of at most the writer's width (80 on a pipe),
prose wrapped at spaces under hanging indents (a ``file:line`` or a flag is never cut), tables
aligned when they fit and otherwise laid out so that nothing is cut. The writer draws the
lines plain on a pipe and through Rich on a terminal (``bringup.report.console``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bringup.report.document import (
    Block,
    Document,
    Items,
    Paragraph,
    Section,
    Table,
    Verbatim,
)
from bringup.report.layout import Unit, column_widths, flow, wrap_line
from bringup.report.styled import Line

if TYPE_CHECKING:
    from bringup.report.console import Writer

_LAST_COLUMN = 24
"""The fewest cells a table's last column wraps in before the table becomes blocks."""

_LABEL = 24
"""The widest first cell a table's compact blocks align on; a longer one (an interpreter's
path) pushes its facts along or onto the next line."""


def _terminal(line: Line, bold: bool = False) -> Line:
    """``line`` with the styles a terminal draws (``code`` is the document's alone);
    ``bold``: its unstyled pieces bold (a title)."""
    out = Line()
    for piece, style in line.pieces:
        words = [w for w in style.split() if w != "code"]
        if bold and not words:
            words = ["bold"]
        out.append(piece, " ".join(words))
    return out


def document_lines(document: Document, width: int) -> list[Line]:
    """Every line of ``document`` laid out to ``width``; without a title, from its first
    block (no blank line before it)."""
    titled = bool(document.title.plain)
    lines = wrap_line(_terminal(document.title), width, 2, Line()) if titled else []
    for block in document.blocks:
        if not isinstance(block, Section):
            lines.append(Line())
        lines += _block(block, width, 0, top=True)
    return lines if titled or not lines or lines[0].plain else lines[1:]


def render_document(console: Writer, document: Document) -> None:
    for line in document_lines(document, console.width):
        console.print(line, soft_wrap=True)


def _block(block: Block, width: int, indent: int, top: bool = False) -> list[Line]:
    if isinstance(block, Section):
        return _section(block, width, indent, top)
    if isinstance(block, Paragraph):
        return _paragraph(block, width, indent)
    if isinstance(block, Items):
        return _items(block, width, indent)
    if isinstance(block, Verbatim):
        return [Line(f"{' ' * (indent + 2)}| {line}") for line in block.lines]
    return _table(block, width, indent)


def _section(section: Section, width: int, indent: int, top: bool) -> list[Line]:
    title = wrap_line(_terminal(section.title, bold=True), width, indent + 4, Line(" " * indent))
    if section.detail:
        head = title.pop()
        head.append("  ")
        title += wrap_line(Line(section.detail, "dim"), width, indent + 4, head)
    lines = ([Line()] if top else []) + title
    for block in section.blocks:
        lines += _block(block, width, indent + 2)
    return lines


def _paragraph(paragraph: Paragraph, width: int, indent: int) -> list[Line]:
    if paragraph.head is None:
        return wrap_line(_terminal(paragraph.body), width, indent + 2, Line(" " * indent))
    head = Line(" " * indent)
    for piece, style in _terminal(paragraph.head).pieces:
        head.append(piece, style)
    head.append(" ")
    return wrap_line(_terminal(paragraph.body), width, head.cell_len, head)


def _items(block: Items, width: int, indent: int) -> list[Line]:
    lines = []
    for n, item in enumerate(block.items, start=1):
        mark = f"{n}. " if block.ordered else ""
        lead = Line(" " * indent + mark)
        hang = indent + (len(mark) if mark else 2)
        lines += wrap_line(_terminal(item), width, hang, lead)
    return lines


def _table(table: Table, width: int, indent: int) -> list[Line]:
    """Aligned columns when they fit with room for the last one to wrap; else the table's
    compact blocks when it has them; else the last column wrapped in its own column when the
    others leave it room; else one block per row (its first cell, then each other cell after
    its title)."""
    titled = any(table.titles)
    rows = [tuple(_terminal(c) for c in row) for row in table.rows]
    plain = [[c.plain for c in row] for row in rows]
    widths = column_widths([list(table.titles), *plain] if titled else plain)
    start = indent + sum(w + 2 for w in widths[:-1])
    if not rows:
        return []
    # a table with compact blocks is drawn as them whenever it is not drawn as columns: one
    # more layout for a short last column (one block per cell) made ``scan`` of a small repo
    # look unlike a large one's at the same width (outsider12 #21)
    cramped = start + _LAST_COLUMN > width and len(widths) > 1
    if table.compact and (table.always_compact or start + widths[-1] > width or cramped):
        return _compact(table, rows, width, indent)
    if cramped:
        return _table_blocks(table, rows, width, indent)
    under = indent + sum(w + 2 for w in widths[: table.note_at % len(widths)])
    lines = []
    if titled:
        lines.append(_aligned([Line(t, "bold") for t in table.titles], widths, indent))
    for n, row in enumerate(rows):
        head = _aligned(list(row[:-1]), widths, indent, trailing=True)
        lines += wrap_line(row[-1], width, start, head)
        note = table.note(n)
        if note is not None:
            lines += wrap_line(_terminal(note), width, under + 2, Line(" " * under))
    return lines


def _aligned(cells: list[Line], widths: list[int], indent: int, trailing: bool = False) -> Line:
    """Cells padded to their column's width, two spaces apart; ``trailing``: room is left
    for one more cell after them."""
    line = Line(" " * indent)
    for cell, size in zip(cells, widths):
        for piece, style in cell.pieces:
            line.append(piece, style)
        line.append(" " * (size - cell.cell_len + 2))
    if not trailing:
        line.rstrip()
    return line


def _table_blocks(
    table: Table, rows: list[tuple[Line, ...]], width: int, indent: int
) -> list[Line]:
    lines = []
    for n, row in enumerate(rows):
        first = Line(" " * indent)
        for piece, style in row[0].pieces:
            first.append(piece, style or "bold")
        lines.append(first)
        for title, cell in zip(table.titles[1:], row[1:]):
            if not cell.plain:
                continue
            head = Line(" " * (indent + 2))
            if title:
                head.append(f"{title}: ", "dim")
            lines += wrap_line(cell, width, indent + 4, head)
        note = table.note(n)
        if note is not None:
            lines += wrap_line(_terminal(note), width, indent + 4, Line(" " * (indent + 2)))
    return lines


def _compact(table: Table, rows: list[tuple[Line, ...]], width: int, indent: int) -> list[Line]:
    """One block per row: its label (aligned with the others' up to ``_LABEL`` when the
    table asks), then its facts kept whole, then the lines under them."""
    labels = [c.label if c.label is not None else row[0] for row, c in zip(rows, table.compact)]
    label = max((n.cell_len for n in labels if n.cell_len <= _LABEL), default=0)
    label = label if table.aligned else 0
    lead = indent + label + 2
    lines = []
    for name, compact in zip(labels, table.compact):
        head = Line(" " * indent)
        for piece, style in _terminal(name).pieces:
            head.append(piece, style)
        head.append(" " * (max(label - name.cell_len, 0) + 2))
        facts = _terminal(compact.facts).pieces
        units = [
            Unit(piece, style, prose=compact.prose and n == 0)
            for n, (piece, style) in enumerate(facts)
        ]
        lines += flow(units, width, lead if table.aligned else indent + 4, head=head)
        for line in compact.under:
            lines += wrap_line(_terminal(line), width, lead)
    return lines
