"""Errors for strings that are not versions or not specifiers in a given scheme."""

from __future__ import annotations

from typing import Optional

MAX_VERSION_LENGTH = 128
"""The longest version string read (a PEP 440 local label with a commit hash is ~60). The
bound comes before any ``int()``: a 5,000-digit "version" would otherwise exceed Python's
int-string limit (4,300 digits) and crash the reader instead of being refused."""


def shown(raw: str, limit: int = 40) -> str:
    """``raw`` quoted for a message, cut to ``limit`` characters with its length said."""
    if len(raw) <= limit:
        return repr(raw)
    return f"{raw[:limit]!r}... ({len(raw)} characters)"


class InvalidVersion(ValueError):
    """``raw`` is not a version in ``scheme``; the message says which form was expected."""

    def __init__(self, raw: str, scheme: str, expected: str) -> None:
        super().__init__(
            f"{shown(raw)} is not a version in the {scheme} scheme (expected {expected})"
        )
        self.raw = raw
        self.scheme = scheme


class InvalidSpecifier(ValueError):
    """``text`` is not a specifier in ``scheme``; ``position`` is the offset of the bad clause."""

    def __init__(self, text: str, scheme: str, reason: str, position: Optional[int] = None) -> None:
        where = f" at column {position + 1}" if position is not None else ""
        super().__init__(
            f"{shown(text)} is not a specifier in the {scheme} scheme{where}: {reason}"
        )
        self.text = text
        self.scheme = scheme
        self.reason = reason
        self.position = position


class VersionTooLong(InvalidVersion):
    """A version longer than ``MAX_VERSION_LENGTH``: refused before it is read."""

    def __init__(self, raw: str, scheme: str) -> None:
        ValueError.__init__(
            self,
            f"not a version: too long ({len(raw)} characters, at most {MAX_VERSION_LENGTH}): "
            f"{shown(raw, 20)}",
        )
        self.raw = raw
        self.scheme = scheme


def check_length(raw: str, scheme: str) -> None:
    """Raise ``VersionTooLong`` when ``raw`` cannot be a version for its length alone."""
    if len(raw) > MAX_VERSION_LENGTH:
        raise VersionTooLong(raw, scheme)
