"""A ``Document`` as an HTML fragment (no script, no style sheet): every piece of text goes
through ``html.escape``, so a repo named ``<script>`` is text. Styles become classes
(``class="red"``), ``bold`` ``<strong>`` and ``code`` ``<code>``."""

from __future__ import annotations

from html import escape

from bringup.report.document import (
    Block,
    Document,
    Items,
    Paragraph,
    Section,
    Table,
    Verbatim,
)
from bringup.report.styled import Line


def inline(line: Line) -> str:
    out = []
    for piece, style in line.pieces:
        words = style.split()
        body = escape(piece)
        if "code" in words:
            body = f"<code>{body}</code>"
        if "bold" in words:
            body = f"<strong>{body}</strong>"
        colours = [w for w in words if w not in ("bold", "code")]
        if colours:
            body = f'<span class="{escape(" ".join(colours))}">{body}</span>'
        out.append(body)
    return "".join(out)


def render_html(document: Document) -> str:
    parts = [f"<p>{inline(document.title)}</p>"] if document.title.plain else []
    parts += [_block(block, 2) for block in document.blocks]
    return "\n".join(parts) + "\n"


def _block(block: Block, level: int) -> str:
    if isinstance(block, Section):
        tag = f"h{min(level, 6)}"
        detail = f" <small>{escape(block.detail)}</small>" if block.detail else ""
        inner = "\n".join(_block(b, level + 1) for b in block.blocks)
        return f"<section>\n<{tag}>{inline(block.title)}{detail}</{tag}>\n{inner}\n</section>"
    if isinstance(block, Paragraph):
        head = inline(block.head) + " " if block.head is not None else ""
        return f"<p>{head}{inline(block.body)}</p>"
    if isinstance(block, Items):
        tag = "ol" if block.ordered else "ul"
        rows = "".join(f"<li>{inline(item)}</li>" for item in block.items)
        return f"<{tag}>{rows}</{tag}>"
    if isinstance(block, Verbatim):
        return "<pre>" + "\n".join(escape(line) for line in block.lines) + "</pre>"
    return _table(block)


def _table(table: Table) -> str:
    """A table; the notes, when there are any, in a last column of their own."""
    noted = any(note is not None for note in table.notes)
    titles = [*table.titles, table.note_title] if noted else list(table.titles)
    head = ""
    if any(titles):
        head = "<thead><tr>" + "".join(f"<th>{escape(t)}</th>" for t in titles) + "</tr></thead>"
    rows = []
    for n, row in enumerate(table.rows):
        cells = [inline(cell) for cell in row]
        note = table.note(n)
        if noted:
            cells.append(inline(note) if note is not None else "")
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table>{head}<tbody>{''.join(rows)}</tbody></table>"
