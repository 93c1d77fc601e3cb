"""HTML tables inside Markdown READMEs (common in vendor stack repos' version matrices, with
``rowspan`` for versions shared by several rows), turned into the same rows a Markdown table
gives."""

from __future__ import annotations

from html.parser import HTMLParser

from bringup.scan.tablecells import Row


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
            self.spans.append(int(span) if span.isdigit() else 1)
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
    parser = _TableParser(start + 1)
    parser.feed("\n".join(lines[start : end + 1]))
    parser.close()
    return parser.rows, end + 1
