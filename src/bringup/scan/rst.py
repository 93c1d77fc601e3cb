"""The block structure of a reStructuredText document, read by its own rules in one pass.

What the doc reader needs from an ``.rst`` file is what ``markdown`` gives it for Markdown:
where sections start (and how deep), where code blocks are, and tables as rows of cells with
their lines. The rules are those of the reStructuredText specification
(docutils.sourceforge.io/docs/ref/rst/restructuredtext.html): a section title is a line with
an underline (and optionally an overline) of one punctuation character, its level the order
in which the document first uses that style; a literal block follows a paragraph ending in
``::`` or a ``code-block``/``code``/``sourcecode`` directive and is its indented body; tables
are grid tables (``+---+`` borders, ``+===+`` under the header), simple tables (``===  ===``
borders) and the ``list-table`` and ``csv-table`` directives. Comments (``.. text``) and the
options of directives are skipped. docutils (not a chosen dependency) is not used: it builds
a whole document tree, resolving roles and references, for the few facts the scan reads, and
it reports markup errors (an unknown Sphinx directive, a table off by one column) where the
scan must read past them.
"""

from __future__ import annotations

import csv
import functools
import re
from typing import NamedTuple, Union

from bringup import lazyre
from bringup.scan.markdown import Fence, Heading
from bringup.scan.tablecells import Row


class Table(NamedTuple):
    """A table's rows (the header row first when it has one) and the line after it (0-based)."""

    rows: list[Row]
    after: int


class Skip(NamedTuple):
    """Lines that state nothing (a comment, a directive's options): read on at ``after``."""

    after: int


Block = Union[Fence, Heading, Table, Skip]

_ADORNMENT = lazyre.compile(r"^([!-/:-@\[-`{-~])\1{2,}\s*$")
_DIRECTIVE = lazyre.compile(r"^(\s*)\.\.\s+([\w:-]+)::\s*(.*)$")
_CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode", "prompt"})
_EXPLICIT = lazyre.compile(r"^(\s*)\.\.(?:\s|$)")
_OPTION = lazyre.compile(r"^\s*:[\w -]+:")
_GRID_BORDER = lazyre.compile(r"^\s*\+(?:[-=]+\+)+\s*$")
_SIMPLE_BORDER = lazyre.compile(r"^\s*=+(?:\s+=+)+\s*$")
_LIST_ITEM = lazyre.compile(r"^(\s*)([*-])\s+(?:([*-])\s+)?(.*)$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _body_end(lines: list[str], start: int, deeper_than: int) -> int:
    """The first line from ``start`` that is neither blank nor indented past ``deeper_than``."""
    end = start
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > deeper_than):
        end += 1
    return end


def _heading(lines: list[str], index: int, styles: list[tuple[str, bool]]) -> Heading | None:
    """A title at ``index`` (its text line, or an overline above it)."""
    text = lines[index]
    over = _ADORNMENT.match(text)
    if over is not None and index + 2 < len(lines):
        under = _ADORNMENT.match(lines[index + 2])
        title = lines[index + 1].strip()
        if under is not None and under.group(1) == over.group(1) and title:
            return Heading(title, index + 3, _level(styles, (over.group(1), True)))
    if over is not None or not text.strip() or text[:1].isspace() or index + 1 >= len(lines):
        return None
    under = _ADORNMENT.match(lines[index + 1])
    if under is None or len(lines[index + 1].rstrip()) < len(text.rstrip()) // 2:
        return None
    return Heading(text.strip(), index + 2, _level(styles, (under.group(1), False)))


def _level(styles: list[tuple[str, bool]], style: tuple[str, bool]) -> int:
    if style not in styles:
        styles.append(style)
    return styles.index(style) + 1


def _literal(lines: list[str], index: int, language: str) -> Fence | None:
    """The indented body after ``index`` (options such as ``:caption:`` skipped)."""
    base = _indent(lines[index])
    start = index + 1
    while start < len(lines) and (not lines[start].strip() or _OPTION.match(lines[start])):
        start += 1
    if start >= len(lines) or _indent(lines[start]) <= base:
        return None
    end = _body_end(lines, start, base)
    last = end
    while last > start and not lines[last - 1].strip():
        last -= 1
    return Fence(start, last, end, language)


def _grid(lines: list[str], index: int) -> Table | Skip:
    """A grid table from its top border: cells cut at the border's ``+`` columns, the lines
    between two borders one row."""
    border = lines[index]
    columns = [i for i, char in enumerate(border) if char == "+"]
    rows: list[Row] = []
    header_end = 0
    parts: list[list[str]] = []
    first = index + 1
    end = index + 1
    while end < len(lines) and lines[end].strip()[:1] in ("|", "+"):
        line = lines[end]
        if _GRID_BORDER.match(line):
            if parts:
                rows.append(Row(first + 1, [" ".join(p).strip() for p in parts]))
            if "=" in line:
                header_end = len(rows)
            parts, first = [], end + 1
        else:
            cells = [line[a + 1 : b] for a, b in zip(columns, columns[1:])]
            parts = parts or [[] for _ in cells]
            for part, cell in zip(parts, cells):
                part.append(cell.strip(" |"))
        end += 1
    if not rows:  # borders and nothing between: nothing to read, and no line to read again
        return Skip(end)
    if header_end > 1:  # a header of several lines of rows: one header row
        merged = [" ".join(c).strip() for c in zip(*(r.cells for r in rows[:header_end]))]
        rows = [Row(rows[0].line, merged), *rows[header_end:]]
    return Table(rows, end)


def _simple(lines: list[str], index: int) -> Table | None:
    """A simple table from its top border: columns start where the border's ``=`` runs do;
    a second border closes the header when a third one follows, else the table."""
    border = lines[index]
    starts = [m.start() for m in re.finditer(r"=+", border)]
    borders: list[int] = []
    end = index + 1
    depth = _indent(border)
    while end < len(lines):
        line = lines[end]
        if line.strip() and _indent(line) < depth:
            return None  # the text around the table: it was never closed
        if _SIMPLE_BORDER.match(line):
            if _indent(line) != depth:
                return None  # another table's border: this one was never closed
            borders.append(end)
            if len(borders) == 2 or (end + 1 < len(lines) and not lines[end + 1].strip()):
                break
        elif not line.strip() and not borders:
            return None
        end += 1
    if not borders:
        return None
    rows: list[Row] = []
    for number in range(index + 1, borders[-1]):
        line = lines[number]
        if number in borders or not line.strip():
            continue
        cells = [line[a:b].strip() for a, b in zip(starts, [*starts[1:], len(line) + 1])]
        if not line[starts[0] : starts[0] + 1].strip() and rows:  # a continuation line
            joined = [f"{p} {c}".strip() for p, c in zip(rows[-1].cells, cells)]
            rows[-1] = Row(rows[-1].line, joined)
        else:
            rows.append(Row(number + 1, cells))
    return Table(rows, borders[-1] + 1) if rows else None


def _list_table(lines: list[str], index: int) -> Table:
    """A ``list-table``: each first-level item a row, its sub-items the cells (``* - a`` /
    ``  - b``, or ``* * a``); a cell's wrapped lines are joined."""
    base = _indent(lines[index])
    end = _body_end(lines, index + 1, base)
    rows: list[Row] = []
    row_indent = -1
    for number in range(index + 1, end):
        line = lines[number]
        if not line.strip() or _OPTION.match(line):
            continue
        item = _LIST_ITEM.match(line)
        if item is not None and (row_indent < 0 or _indent(line) <= row_indent) and item.group(3):
            row_indent = _indent(line)
            rows.append(Row(number + 1, [item.group(4).strip()]))
        elif item is not None and rows and _indent(line) > row_indent:
            rows[-1].cells.append(item.group(4).strip())
        elif rows and rows[-1].cells:
            rows[-1].cells[-1] = f"{rows[-1].cells[-1]} {line.strip()}".strip()
    return Table(rows, end)


def _csv_table(lines: list[str], index: int) -> Table:
    """A ``csv-table``: the ``:header:`` option as the header row, then the body's records."""
    base = _indent(lines[index])
    end = _body_end(lines, index + 1, base)
    rows: list[Row] = []
    for number in range(index + 1, end):
        line = lines[number].strip()
        header = re.match(r":header:\s*(.*)", line)
        if header is not None:
            rows.insert(0, Row(number + 1, _csv_cells(header.group(1))))
        elif line and not _OPTION.match(line):
            rows.append(Row(number + 1, _csv_cells(line)))
    return Table(rows, end)


def _csv_cells(text: str) -> list[str]:
    return [cell.strip() for cell in next(csv.reader([text], skipinitialspace=True), [])]


def _directive(lines: list[str], index: int) -> Block | None:
    match = _DIRECTIVE.match(lines[index])
    if match is None:
        return None
    name, argument = match.group(2).lower(), match.group(3).strip()
    if name in _CODE_DIRECTIVES:
        return _literal(lines, index, argument.split()[0].lower() if argument else "")
    if name == "list-table":
        return _list_table(lines, index)
    if name == "csv-table":
        return _csv_table(lines, index)
    # any other directive: its options state nothing; its body (a note's text, a table
    # inside ``.. table::``) is read on as the document's own
    after = index + 1
    while after < len(lines) and _OPTION.match(lines[after]):
        after += 1
    return Skip(after)


@functools.lru_cache(maxsize=4)
def rst_blocks(text: str) -> dict[int, Block]:
    """Section titles, code blocks, tables and skipped lines of ``text``, by the 0-based line
    each starts on. Cached as ``markdown_blocks`` is: a README is read for links and words."""
    lines = text.splitlines()
    blocks: dict[int, Block] = {}
    styles: list[tuple[str, bool]] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        block: Block | None = None
        if _EXPLICIT.match(line):
            block = _directive(lines, index) or Skip(_body_end(lines, index + 1, _indent(line)))
        elif _GRID_BORDER.match(line):
            block = _grid(lines, index)
        elif _SIMPLE_BORDER.match(line):
            block = _simple(lines, index)
        if block is None:
            block = _heading(lines, index, styles)
        if block is None and line.rstrip().endswith("::") and not _EXPLICIT.match(line):
            literal = _literal(lines, index, "")
            if literal is not None:  # the paragraph line itself is prose, read as such
                blocks[index + 1] = literal
                index = literal.after
                continue
        if block is None:
            index += 1
            continue
        blocks[index] = block
        index = max(index + 1, block.after)
    return blocks
