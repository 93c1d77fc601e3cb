"""Errors that point at the source: ``file:line:column: message``."""

from __future__ import annotations


class IRError(Exception):
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message = message
        self.line = line
        self.column = column
