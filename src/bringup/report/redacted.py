"""A report with its secrets redacted before it is drawn. Reports quote outside text (a
guide's ``git clone https://user:token@host/...``, a pip index with a password, a log's
``Authorization:`` line); every ``--json`` envelope is redacted as a whole
(``bringup.redaction.redact_data``), and this does the same for the text, Markdown and HTML
a ``Document`` is drawn as, so no format shows what another hides. Done on the pieces, not on
the drawn lines: a long URL may be wrapped across lines there."""

from __future__ import annotations

import dataclasses
from typing import Optional

from bringup.redaction import redact_secrets
from bringup.report.document import (
    Block,
    Compact,
    Document,
    Items,
    Paragraph,
    Section,
    Table,
    Verbatim,
)
from bringup.report.styled import Line


class _Redactor:
    """Each distinct text searched once (a report repeats its names and paths)."""

    def __init__(self) -> None:
        self.done: dict[str, str] = {}

    def text(self, value: str) -> str:
        redacted = self.done.get(value)
        if redacted is None:
            redacted = self.done[value] = redact_secrets(value)
        return redacted

    def line(self, line: Optional[Line]) -> Optional[Line]:
        if line is None:
            return None
        out = Line()
        out.pieces = [(self.text(text), style) for text, style in line.pieces]
        return out

    def lines(self, lines: tuple[Line, ...]) -> tuple[Line, ...]:
        return tuple(self.line(line) or Line() for line in lines)

    def block(self, block: Block) -> Block:
        if isinstance(block, Paragraph):
            return Paragraph(self.line(block.body) or Line(), self.line(block.head))
        if isinstance(block, Items):
            return dataclasses.replace(block, items=self.lines(block.items))
        if isinstance(block, Table):
            return dataclasses.replace(
                block,
                rows=tuple(self.lines(row) for row in block.rows),
                notes=tuple(self.line(note) for note in block.notes),
                compact=tuple(self.compact(c) for c in block.compact),
            )
        if isinstance(block, Verbatim):
            return Verbatim(tuple(self.text(line) for line in block.lines))
        return Section(
            self.line(block.title) or Line(),
            tuple(self.block(b) for b in block.blocks),
            self.text(block.detail),
        )

    def compact(self, compact: Compact) -> Compact:
        return dataclasses.replace(
            compact,
            facts=self.line(compact.facts) or Line(),
            under=self.lines(compact.under),
            label=self.line(compact.label),
        )


def redacted(document: Document) -> Document:
    """``document`` with ``redact_secrets`` applied to every piece of text in it."""
    redactor = _Redactor()
    title = redactor.line(document.title) or Line()
    return Document(title, [redactor.block(block) for block in document.blocks])
