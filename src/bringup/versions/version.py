"""A version string read in one scheme: ordered by its key, shown by its raw spelling."""

from __future__ import annotations

import functools
from typing import Any

from bringup.versions.errors import InvalidVersion, check_length
from bringup.versions.schemes import SCHEMES, scheme_named


@functools.total_ordering
class Version:
    """``Version("8.0.RC1", "<scheme>")`` (a scheme of ``versions.schemes``, a backend's own
    among them). Two versions compare only within one scheme;
    ``str()`` gives back the raw string exactly as written."""

    __slots__ = ("_key", "raw", "scheme", "segments")

    def __init__(self, raw: str, scheme: str) -> None:
        found = SCHEMES.get(scheme) or scheme_named(scheme)
        if found is None:
            raise InvalidVersion(raw, scheme, f"a known scheme: {', '.join(sorted(SCHEMES))}")
        if not isinstance(raw, str):
            raise InvalidVersion(repr(raw), scheme, "a string (numbers lose digits: 12.10)")
        check_length(raw, scheme)
        parsed = found.parse(raw)
        self.raw = raw
        self.scheme = scheme
        self._key: Any = parsed.key
        self.segments = parsed.segments

    @property
    def key(self) -> Any:
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self.scheme == other.scheme and self._key == other._key

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        if other.scheme != self.scheme:
            raise TypeError(f"cannot compare {self.scheme} {self.raw} with {other.scheme} {other}")
        if self.scheme == "name":
            raise TypeError(f"{self.raw!r} and {other.raw!r} are names, which have no order")
        return bool(self._key < other._key)

    def __hash__(self) -> int:
        return hash((self.scheme, self._key))

    def __str__(self) -> str:
        return self.raw

    def __repr__(self) -> str:
        return f"Version({self.raw!r}, {self.scheme!r})"


def is_version(raw: str, scheme: str) -> bool:
    """Whether ``raw`` reads as a version in ``scheme``, without raising."""
    try:
        Version(raw, scheme)
    except InvalidVersion:
        return False
    return True
