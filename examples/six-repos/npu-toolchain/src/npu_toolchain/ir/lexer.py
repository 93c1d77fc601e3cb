"""Tokens with their line and column; ``#`` starts a comment."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from npu_toolchain.ir.errors import IRError

_TOKEN = re.compile(
    r"(?P<space>[ \t\r]+)|(?P<newline>\n)|(?P<comment>#[^\n]*)|(?P<arrow>->)"
    r"|(?P<number>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<punct>[()\[\]{},:=])"
)


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    line: int
    column: int


def tokenize(source: str) -> Iterator[Token]:
    line, line_start, position = 1, 0, 0
    while position < len(source):
        match = _TOKEN.match(source, position)
        column = position - line_start + 1
        if match is None:
            raise IRError(f"unexpected character {source[position]!r}", line, column)
        kind = match.lastgroup or ""
        if kind == "newline":
            line, line_start = line + 1, match.end()
        elif kind not in ("space", "comment"):
            yield Token(kind, match.group(), line, column)
        position = match.end()
    yield Token("end", "", line, position - line_start + 1)
