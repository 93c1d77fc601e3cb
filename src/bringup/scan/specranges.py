"""A version statement as the ranges of versions it admits, to compare two statements of one
subject: whether one says no more than the other (every version the narrower admits, the
wider admits too: "Python 3.8及以上" beside "Python3.9.x,Python3.10.x,Python3.11.x",
DrivingSDK docs/zh/installation/compile.md:152 and docs/zh/version/versions.md:7), and
whether two can hold together.

A clause is a range (``>=3.8``: from 3.8 up; ``==3.9.*``: from 3.9 to before 3.10; ``~=2.4.1``:
from 2.4.1 to before 2.5), a conjunction their intersection and ``||`` their union. What reads
as no range (``!=``, an unordered name, a series of a vendor scheme whose releases do not sort
by their prefix) makes the statement unreadable here, and the callers leave it as it is.
"""

from __future__ import annotations

import contextlib
import functools
from typing import NamedTuple, Optional

from bringup import lazyre
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

_CLAUSE = lazyre.compile(r"^(~=|==|<=|>=|<|>)?\s*v?([^\s,*]+?)(\.\*)?$")
"""A clause, stripped first: no leading blanks to backtrack against those after the operator."""
_SERIES_SCHEMES = frozenset({"numeric", "pep440"})
"""Schemes in which a series ``X.Y.*`` is every version from X.Y to before X.(Y+1)."""


class Range(NamedTuple):
    """Versions from ``low`` to ``high`` (None: unbounded), each end included or not."""

    low: Optional[Version]
    low_in: bool
    high: Optional[Version]
    high_in: bool

    @property
    def empty(self) -> bool:
        if self.low is None or self.high is None:
            return False
        return self.high < self.low or (
            self.low == self.high and not (self.low_in and self.high_in)
        )

    @property
    def point(self) -> Optional[Version]:
        """The one version this range admits, if it is a single version."""
        return self.low if self.low is not None and self.low == self.high else None


_ALL = Range(None, False, None, False)


def _next_series(release: str, keep: int, scheme: str) -> Version:
    """The first version past the series of ``release``'s first ``keep`` numbers."""
    numbers = [int(part) for part in release.split(".")[:keep]]
    numbers[-1] += 1
    return Version(".".join(map(str, numbers)), scheme)


def _clause(text: str, scheme: str) -> Range:
    match = _CLAUSE.match(text.strip())
    if match is None:
        raise InvalidSpecifier(text, scheme, "no range")
    operator, raw, series = match.group(1) or "==", match.group(2), bool(match.group(3))
    version = Version(raw, scheme)
    if series or operator == "~=":
        numeric = all(part.isdigit() for part in raw.split("."))
        if scheme not in _SERIES_SCHEMES or not numeric or (series and operator != "=="):
            raise InvalidSpecifier(text, scheme, "no range")
        keep = raw.count(".") + (1 if series else 0)
        if keep < 1:
            raise InvalidSpecifier(text, scheme, "no range")
        return Range(version, True, _next_series(raw, keep, scheme), False)
    return {
        ">=": Range(version, True, None, False),
        ">": Range(version, False, None, False),
        "<=": Range(None, False, version, True),
        "<": Range(None, False, version, False),
        "==": Range(version, True, version, True),
    }[operator]


def _both(a: Range, b: Range) -> Range:
    """The versions ``a`` and ``b`` both admit."""
    low, low_in = a.low, a.low_in
    if b.low is not None and (low is None or b.low > low or (b.low == low and not b.low_in)):
        low, low_in = b.low, b.low_in
    high, high_in = a.high, a.high_in
    if b.high is not None and (high is None or b.high < high or (b.high == high and not b.high_in)):
        high, high_in = b.high, b.high_in
    return Range(low, low_in, high, high_in)


@functools.lru_cache(maxsize=4096)
def ranges(spec: str, subject: str) -> Optional[tuple[Range, ...]]:
    """The ranges ``spec`` admits for ``subject`` (their union), or None where it reads as
    none (an empty spec, ``!=``, a name, a vendor series)."""
    scheme = scheme_for(subject)
    if scheme == "name" or not spec.strip():
        return None
    found = []
    try:
        SpecifierSet(spec, scheme)
        for alternative in spec.split("||"):
            admitted = _ALL
            for clause in alternative.split(","):
                admitted = _both(admitted, _clause(clause, scheme))
            if not admitted.empty:
                found.append(admitted)
    except (InvalidSpecifier, InvalidVersion):
        return None
    return tuple(found)


def _start(item: Range) -> tuple[bool, object, bool]:
    """Sorts ranges by where they begin: unbounded first, an excluded low after an included."""
    return (item.low is not None, item.low.key if item.low else 0, not item.low_in)


def _end(item: Range) -> tuple[bool, object, bool]:
    """Sorts ranges by where they end: an excluded high before an included, unbounded last."""
    return (item.high is None, item.high.key if item.high else 0, item.high_in)


def _within(inner: Range, outer: Range) -> bool:
    return _both(inner, outer) == inner


def _joined(found: tuple[Range, ...]) -> list[Range]:
    """``found`` as the fewest ranges: overlapping or touching ones made one."""
    out: list[Range] = []
    for item in sorted(found, key=_start):
        last = out[-1] if out else None
        touches = last is not None and (
            last.high is None
            or item.low is None
            or item.low < last.high
            or (item.low == last.high and (item.low_in or last.high_in))
        )
        if last is None or not touches:
            out.append(item)
            continue
        longer = last.high is not None and (
            item.high is None or item.high > last.high or (item.high == last.high and item.high_in)
        )
        out[-1] = Range(last.low, last.low_in, *((item.high, item.high_in) if longer else last[2:]))
    return out


class Hull(NamedTuple):
    """Where the ranges of a spec begin and end, in ``_start`` and ``_end``'s orders: a range
    within another begins no sooner (``start``) and ends no later (``end``)."""

    start: tuple[bool, object, bool]
    end: tuple[bool, object, bool]
    last: Optional[Version]  # the greatest high, None where unbounded


def hull(spec: str, subject: str) -> Optional[Hull]:
    """The hull of the ranges ``spec`` admits, where ``says_no_more(wide, spec)`` is decided by
    ranges (some range of ``spec`` is more than one version); None otherwise."""
    found = ranges(spec, subject)
    if not found or all(item.point is not None for item in found):
        return None
    ending = max(found, key=_end)
    return Hull(min(map(_start, found)), _end(ending), ending.high)


@functools.lru_cache(maxsize=1024)
def _specifier_set(spec: str, scheme: str) -> SpecifierSet:
    """``SpecifierSet(spec, scheme)``, read once: a range is asked of each pin of a README."""
    return SpecifierSet(spec, scheme)


@functools.lru_cache(maxsize=1024)
def _pinned(spec: str, scheme: str) -> frozenset[object]:
    """The keys of the versions the alternatives of ``spec`` that are one ``==X`` name: such an
    alternative admits every version of its key, in every scheme (PEP 440's ``==`` too)."""
    keys: set[object] = set()
    for part in spec.split("||"):
        text = part.strip()
        if text.startswith("==") and "," not in text and "*" not in text:
            with contextlib.suppress(InvalidVersion):
                keys.add(Version(text[2:].strip(), scheme).key)
    return frozenset(keys)


@functools.lru_cache(maxsize=4096)
def says_no_more(wide: str, narrow: str, subject: str) -> bool:
    """Whether every version ``narrow`` admits ``wide`` admits too: ``wide`` says nothing
    ``narrow`` does not. A pin is asked of ``wide`` itself (``==2.7.1`` admits the local
    ``2.7.1+cpu``)."""
    inner = ranges(narrow, subject)
    if not inner:
        return False
    points = [r.point for r in inner]
    if all(point is not None for point in points):
        scheme = scheme_for(subject)
        try:
            wanted = _specifier_set(wide, scheme)
        except (InvalidSpecifier, InvalidVersion):
            return False
        pinned = _pinned(wide, scheme)  # asked first: a table's pins are thousands of ``||``
        return all(
            point is not None and (point.key in pinned or wanted.contains(point))
            for point in points
        )
    outer = ranges(wide, subject)
    if outer is None:
        return False
    joined = _joined(outer)
    return all(any(_within(item, whole) for whole in joined) for item in inner)


@functools.lru_cache(maxsize=4096)
def point_keys(spec: str, subject: str) -> Optional[frozenset[object]]:
    """The releases ``spec`` names, when each of its ranges is one version (``==2.1.0``), as
    keys without a PEP 440 local label; None otherwise. ``says_no_more(wide, narrow)`` with
    such a ``wide`` holds only where ``narrow`` is such a spec too and its keys are among
    ``wide``'s: every version a pin admits has the pin's public release (``==2.7.1`` admits
    ``2.7.1+cpu``), and a range that is no single version is within no single version."""
    found = ranges(spec, subject)
    if not found or any(item.point is None for item in found):
        return None
    keys: set[object] = set()
    for item in found:
        point = item.point
        if point is not None:
            public = point.raw.partition("+")[0] if point.scheme == "pep440" else point.raw
            keys.add(Version(public, point.scheme).key)
    return frozenset(keys)


def can_meet(a: str, b: str, subject: str) -> Optional[bool]:
    """Whether some version ``a`` and ``b`` both admit exists; None where either reads as no
    range."""
    first, second = ranges(a, subject), ranges(b, subject)
    if first is None or second is None:
        return None
    return any(not _both(x, y).empty for x in first for y in second)
