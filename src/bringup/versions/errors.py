"""Errors for strings that are not versions or not specifiers in a given scheme."""

from __future__ import annotations

from typing import Optional


class InvalidVersion(ValueError):
    """``raw`` is not a version in ``scheme``; the message says which form was expected."""

    def __init__(self, raw: str, scheme: str, expected: str) -> None:
        super().__init__(f"{raw!r} is not a version in the {scheme} scheme (expected {expected})")
        self.raw = raw
        self.scheme = scheme


class InvalidSpecifier(ValueError):
    """``text`` is not a specifier in ``scheme``; ``position`` is the offset of the bad clause."""

    def __init__(self, text: str, scheme: str, reason: str, position: Optional[int] = None) -> None:
        where = f" at column {position + 1}" if position is not None else ""
        super().__init__(f"{text!r} is not a specifier in the {scheme} scheme{where}: {reason}")
        self.text = text
        self.scheme = scheme
        self.reason = reason
        self.position = position
