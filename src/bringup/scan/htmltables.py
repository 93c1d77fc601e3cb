"""HTML tables inside Markdown READMEs (common in vendor stack repos' version matrices, with
``rowspan`` for versions shared by several rows), turned into the same rows a Markdown table
gives.

A table made only of plain tags (``_TAG``: a name, quoted or plain attribute values, nothing
between ``<`` and ``>`` that ``html.parser`` could read another way) is cut into its tags and
text by one pattern, and the parser's own handlers are called as ``html.parser`` would call
them: the operator libraries document every operator's parameters in such tables (ops-nn: 600
tables read in 0.25 s CPU by ``html.parser``, 0.18 s so; 8,019 of the 8,115 tables of 14 real
repos are plain). Any other table
(a comment, a declaration, a raw-text element, a ``<`` no tag follows, an odd attribute) is
fed to ``html.parser`` itself, so the rows are ``html.parser``'s in every case."""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser
from typing import Optional

from bringup import lazyre
from bringup.scan.tablecells import Row

_TAG = lazyre.compile(
    r"<(/?)([a-zA-Z][a-zA-Z0-9]*)"
    r"((?:[ \t\n\f]+[a-zA-Z_:][-a-zA-Z0-9_:.]*"
    r"(?:[ \t\n\f]*=[ \t\n\f]*(?:\"[^\"<]*\"|'[^'<]*'|[-a-zA-Z0-9_:.%#,;+]+(?=[ \t\n\f>])))?)*)"
    r"[ \t\n\f]*(/?)>"
)
"""A plain start or end tag: ASCII name, attributes whose values are quoted (no ``<`` in them)
or plain words ending at a space or ``>``, an optional ``/`` before ``>``."""
_ATTRIBUTE = lazyre.compile(
    r"([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:[ \t\n\f]*=[ \t\n\f]*(\"[^\"<]*\"|'[^'<]*'|[^ \t\n\f>]+))?"
)
"""One attribute inside a ``_TAG`` match: its name and its value as written."""
_RAW_TEXT = frozenset(
    {"script", "style", "textarea", "title", "plaintext", "xmp", "iframe", "noembed"}
    | {"noframes", "noscript"}
)
"""Elements whose content ``html.parser`` reads as text, not tags (which ones depends on the
Python release): a table holding one goes to ``html.parser``."""


class _TableParser(HTMLParser):
    def __init__(self, first_line: int) -> None:
        super().__init__(convert_charrefs=True)
        self.first_line = first_line
        self.rows: list[Row] = []
        self.cells: list[str] = []
        self.lines: list[int] = []
        self.row_line = 0
        self.cell: list[str] | None = None
        self.spans: list[int] = []
        self.carried: dict[int, tuple[str, int, int]] = {}
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
        elif tag == "tr":
            self._end_row()
            self.row_line = self.first_line + self.getpos()[0] - 1
            self.cells = []
            self.lines = []
            self.spans = []
        elif tag in ("td", "th"):
            if not self.cells and self.cell is None:
                self.row_line = self.first_line + self.getpos()[0] - 1
            self.lines.append(self.first_line + self.getpos()[0] - 1)
            self.cell = []
            span = dict(attrs).get("rowspan") or "1"
            self.spans.append(int(span) if span.isascii() and span.isdigit() else 1)
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.cells.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr":
            self._end_row()
        elif tag == "table":
            self._end_row()
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)

    def _end_row(self) -> None:
        if not self.cells and not self.carried:
            return
        row: list[str] = []
        lines: list[int] = []
        own = iter(zip(self.cells, self.spans, self.lines))
        column = 0
        while True:
            if column in self.carried:
                text, left, line = self.carried[column]
                if left > 1:
                    self.carried[column] = (text, left - 1, line)
                else:
                    del self.carried[column]
            else:
                nxt = next(own, None)
                if nxt is None:
                    break
                text, span, line = nxt
                if span > 1:
                    self.carried[column] = (text, span - 1, line)
            row.append(text)
            lines.append(line)
            column += 1
        if any(cell for cell in row) and self.cells:
            self.rows.append(Row(self.row_line, row, tuple(lines)))
        self.cells = []
        self.lines = []
        self.spans = []


def read_html_table(lines: list[str], start: int) -> tuple[list[Row], int]:
    """The rows of the HTML table opening at ``lines[start]``, and the index after it. A
    row spanned by ``rowspan`` repeats the spanning cell, as a reader sees it."""
    end = start
    while end < len(lines) and "</table>" not in lines[end].lower():
        end += 1
    text = "\n".join(lines[start : end + 1])
    parser = _TableParser(start + 1)
    if not _fed_plain(parser, text):
        parser = _TableParser(start + 1)
        parser.feed(text)
        parser.close()
    return parser.rows, end + 1


def _fed_plain(parser: _TableParser, text: str) -> bool:
    """``text`` handed to ``parser``'s handlers tag by tag, as ``html.parser`` hands it when
    every ``<`` opens a plain tag (``_TAG``): the text between tags with its character
    references resolved, each tag's name and attributes lower-cased and its values unquoted and
    resolved, ``<x/>`` as a start and an end, the position at each tag its ``<``'s line. False,
    the parser's state to be thrown away, for any other text."""
    at, line = 0, 1
    while True:
        opened = text.find("<", at)
        if opened < 0:
            break
        if opened > at:
            parser.handle_data(unescape(text[at:opened]))
        tag = _TAG.match(text, opened)
        if tag is None:
            return False
        closing, name, attributes, empty = tag.groups()
        name = name.lower()
        if name in _RAW_TEXT or (closing and (attributes or empty)):
            return False
        line += text.count("\n", at, opened)
        parser.lineno = line
        if closing:
            parser.handle_endtag(name)
        else:
            parser.handle_starttag(name, _attributes(attributes))
            if empty:
                parser.handle_endtag(name)
        line += text.count("\n", opened, tag.end())
        at = tag.end()
    if at < len(text):
        parser.handle_data(unescape(text[at:]))
    return True


def _attributes(written: str) -> list[tuple[str, Optional[str]]]:
    """A plain tag's attributes as ``html.parser`` gives them: names lower-cased, values
    unquoted and their character references resolved, None for a name without a value."""
    found: list[tuple[str, Optional[str]]] = []
    for name, written_value in _ATTRIBUTE.findall(written):
        value: Optional[str] = None  # no "=": ``findall`` gives the absent group as ""
        if written_value:
            value = written_value[1:-1] if written_value[0] in "'\"" else written_value
            value = unescape(value) if value else value
        found.append((name.lower(), value))
    return found
