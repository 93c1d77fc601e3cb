"""A ``Document`` as Markdown (CommonMark with GitHub's tables), to paste into an issue or a
pull request. Every piece of text is data and is escaped: a repo named ``*x*`` or
``[a](javascript:...)``, a ``|`` in a command, a ``<script>`` in a path all show as written,
never as emphasis, a link, a broken table or HTML."""

from __future__ import annotations

import re

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

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&!])")
_BLOCK_START = re.compile(r"^(\s*)([-+=>]|\d+[.)])")
"""What would start a list, a quote or a heading underline at the start of a line."""


def escape(text: str) -> str:
    """``text`` as literal Markdown inline text, on one line (every line break Python knows,
    ``\\r`` and U+2028 too, would end a table row)."""
    return _SPECIAL.sub(r"\\\1", _one_line(text))


def _one_line(text: str) -> str:
    return " ".join(text.splitlines())


def _code(text: str) -> str:
    """A code span that holds any text: a fence longer than any run of backticks in it, and
    ``|`` escaped, which GitHub reads even inside code in a table."""
    body = _one_line(text).replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def inline(line: Line, strong: bool = True) -> str:
    """A styled line as inline Markdown: ``bold`` strong (unless not ``strong``: a heading
    is already), ``code`` a code span, the colours left out (they repeat what the words
    say)."""
    out = []
    for piece, style in line.pieces:
        words = style.split() if strong else [w for w in style.split() if w != "bold"]
        if "code" in words and piece.strip():
            lead, core, tail = _split_space(piece)
            out.append(f"{lead}{_code(core)}{tail}")
        elif "bold" in words and piece.strip():
            lead, core, tail = _split_space(piece)
            out.append(f"{lead}**{escape(core)}**{tail}")
        else:
            out.append(escape(piece))
    return "".join(out)


def _split_space(text: str) -> tuple[str, str, str]:
    core = text.strip()
    start = text.index(core)
    return text[:start], core, text[start + len(core) :]


def _safe_start(text: str) -> str:
    """``text`` that cannot start a block where it starts a line (``- x``, ``1. x``)."""

    def escaped(match: re.Match[str]) -> str:
        lead, mark = match.groups()
        # a digit cannot be escaped: the ``.`` or ``)`` after it is
        return f"{lead}{mark[:-1]}\\{mark[-1]}" if mark[0].isdigit() else f"{lead}\\{mark}"

    return _BLOCK_START.sub(escaped, text, count=1)


def render_markdown(document: Document) -> str:
    parts = [_safe_start(inline(document.title))]
    parts += [_block(block, 2) for block in document.blocks]
    return "\n\n".join(p for p in parts if p) + "\n"


def _block(block: Block, level: int) -> str:
    if isinstance(block, Section):
        title = "#" * min(level, 6) + " " + inline(block.title, strong=False)
        if block.detail:
            title += " · " + escape(block.detail)
        inner = [_block(b, level + 1) for b in block.blocks]
        return "\n\n".join([title, *filter(None, inner)])
    if isinstance(block, Paragraph):
        head = inline(block.head) + " " if block.head is not None else ""
        return _safe_start(head + inline(block.body))
    if isinstance(block, Items):
        return "\n".join(
            f"{f'{n}.' if block.ordered else '-'} {_safe_start(inline(item))}"
            for n, item in enumerate(block.items, start=1)
        )
    if isinstance(block, Verbatim):
        return _fenced(block.lines)
    return _table(block)


def _fenced(lines: tuple[str, ...]) -> str:
    """A fenced code block that holds any lines: a fence longer than any run of backticks
    in them."""
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return "\n".join([fence, *lines, fence])


def _table(table: Table) -> str:
    """A GitHub table; the notes, when there are any, in a last column of their own."""
    width = max([len(table.titles), *(len(row) for row in table.rows)])
    titles = [escape(t) for t in table.titles] + [""] * (width - len(table.titles))
    noted = any(note is not None for note in table.notes)
    if noted:
        titles.append(escape(table.note_title))
    lines = [_row(titles), _row(["---"] * len(titles))]
    for n, row in enumerate(table.rows):
        cells = [inline(cell) for cell in row] + [""] * (width - len(row))
        note = table.note(n)
        if noted:
            cells.append(inline(note) if note is not None else "")
        lines.append(_row(cells))
    return "\n".join(lines)


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
