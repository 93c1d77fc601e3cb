"""Specifier sets over any scheme: ``>=8.0.RC1,<8.2``, ``8.0.*``, ``~=7.0``, ``!=12.1``,
and alternatives ``==7.0.0 || ==8.0.RC1``.

PEP 440 specifiers are handed to ``packaging`` (pre-releases admitted, since a repo that says
``torch>=2.1`` is satisfied by an installed ``2.2.0rc1`` as far as the stack is concerned).
Vendor schemes use the same operators with the same meaning over their own keys. The ``name``
scheme (chip families) takes a comma-separated list of allowed names, ``!name`` to exclude.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable, NamedTuple, Union

from packaging.specifiers import InvalidSpecifier as _Pep440InvalidSpecifier
from packaging.specifiers import SpecifierSet as _Pep440SpecifierSet

from bringup import lazyre
from bringup.versions.errors import InvalidSpecifier, InvalidVersion, check_length
from bringup.versions.version import Version

_CLAUSE = lazyre.compile(r"^\s*(~=|==|!=|<=|>=|<|>)?\s*([^\s,]+)\s*$")


class Clause(NamedTuple):
    operator: str
    version: Version
    wildcard: bool

    def __str__(self) -> str:
        return f"{self.operator}{self.version.raw}" + (".*" if self.wildcard else "")


def _prefix_match(version: Version, prefix: tuple[str, ...]) -> bool:
    return version.segments[: len(prefix)] == prefix


def _compatible(version: Version, floor: Version) -> bool:
    """``~=X.Y.Z``: at least X.Y.Z and within the X.Y series (PEP 440's meaning)."""
    return version >= floor and _prefix_match(version, floor.segments[:-1])


_OPERATORS: dict[str, Callable[[Version, Version], bool]] = {
    "==": lambda v, c: v == c,
    "!=": lambda v, c: v != c,
    ">=": lambda v, c: v >= c,
    "<=": lambda v, c: v <= c,
    ">": lambda v, c: v > c,
    "<": lambda v, c: v < c,
    "~=": _compatible,
}


class _Group:
    """One conjunction of clauses (the part between ``||``)."""

    __slots__ = ("clauses", "names", "pep440")

    def __init__(self, text: str, whole: str, scheme: str, start: int) -> None:
        self.clauses: tuple[Clause, ...] = ()
        self.pep440: _Pep440SpecifierSet | None = None
        self.names: tuple[frozenset[str], frozenset[str]] | None = None
        if scheme == "pep440":
            _check_clause_lengths(text, whole, scheme, start)
            try:
                self.pep440 = _Pep440SpecifierSet(text.strip(), prereleases=True)
            except _Pep440InvalidSpecifier as error:
                raise InvalidSpecifier(whole, scheme, str(error)) from None
        elif scheme == "name":
            self.names = _parse_names(text, whole)
        else:
            self.clauses = _parse_clauses(text, whole, scheme, start)

    def admitted(self, versions: Sequence[Version], scheme: str) -> list[int]:
        """Positions of the ``versions`` this alternative admits."""
        stranger = next((v for v in versions if v.scheme != scheme), None)
        if stranger is not None:
            raise TypeError(f"{stranger.scheme} version {stranger} against {scheme} spec")
        if self.pep440 is None:
            return [n for n, v in enumerate(versions) if self.contains(v)]
        keys = [v.key for v in versions]
        # ``filter`` yields the very objects given, in the order given: one walk pairs them
        kept = iter(self.pep440.filter(keys, prereleases=True))
        wanted = next(kept, None)
        positions = []
        for n, key in enumerate(keys):
            if key is wanted:
                positions.append(n)
                wanted = next(kept, None)
        return positions

    def contains(self, version: Version) -> bool:
        if self.pep440 is not None:
            return self.pep440.contains(version.key, prereleases=True)
        if self.names is not None:
            allowed, excluded = self.names
            name: str = version.key
            return (not allowed or name in allowed) and name not in excluded
        for clause in self.clauses:
            if clause.wildcard:
                matched = _prefix_match(version, clause.version.segments)
                if matched != (clause.operator == "=="):
                    return False
            elif not _OPERATORS[clause.operator](version, clause.version):
                return False
        return True


class SpecifierSet:
    """Clauses in one scheme: ``,`` joins clauses that must all hold, ``||`` separates
    alternatives (``==7.0.0 || >=8.0.RC1,<8.1``), as compatibility tables need. The empty set
    admits every version (a requirement with no version stated); ``str()`` gives back the
    text as written."""

    __slots__ = ("_groups", "scheme", "text")

    def __init__(self, text: str, scheme: str) -> None:
        self.text = text.strip()
        self.scheme = scheme
        parts = self.text.split("||") if self.text else [""]
        if len(parts) > 1 and not all(part.strip() for part in parts):
            raise InvalidSpecifier(text, scheme, "an empty alternative around ||")
        groups: list[_Group] = []
        start = 0
        for part in parts:
            groups.append(_Group(part, self.text, scheme, start))
            start += len(part) + 2
        self._groups = tuple(groups)

    @property
    def alternatives(self) -> tuple[tuple[Clause, ...], ...]:
        """The clauses of each alternative (vendor schemes; empty for pep440 and name)."""
        return tuple(group.clauses for group in self._groups)

    def contains(self, version: Union[Version, str]) -> bool:
        """Whether ``version`` satisfies one alternative; a raw string is read in this scheme."""
        if isinstance(version, str):
            version = Version(version, self.scheme)
        if version.scheme != self.scheme:
            raise TypeError(f"{version.scheme} version {version} against {self.scheme} spec")
        return any(group.contains(version) for group in self._groups)

    def __contains__(self, version: object) -> bool:
        return isinstance(version, (Version, str)) and self.contains(version)

    def filter(self, versions: Sequence[Version]) -> list[Version]:
        """The versions this set admits, in the order given."""
        return [versions[n] for n in self.admitted(versions)]

    def admitted(self, versions: Sequence[Version]) -> list[int]:
        """Positions of the ``versions`` this set admits, ascending. A PEP 440 alternative
        hands the whole list to ``packaging`` at once, about ten times faster than a call
        per version (the solver asks this of every requirement against every candidate)."""
        if len(self._groups) == 1:
            return self._groups[0].admitted(versions, self.scheme)
        found: set[int] = set()
        for group in self._groups:
            found.update(group.admitted(versions, self.scheme))
        return sorted(found)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"SpecifierSet({self.text!r}, {self.scheme!r})"


def _parse_clauses(text: str, whole: str, scheme: str, start: int) -> tuple[Clause, ...]:
    if not text.strip():
        return ()
    clauses: list[Clause] = []
    offset = start
    for part in text.split(","):
        match = _CLAUSE.match(part)
        if match is None:
            raise InvalidSpecifier(whole, scheme, f"cannot read clause {part.strip()!r}", offset)
        operator, raw = match.group(1) or "==", match.group(2)
        wildcard = raw.endswith(".*")
        if wildcard:
            raw = raw[:-2]
            if operator not in ("==", "!="):
                raise InvalidSpecifier(whole, scheme, f"{operator} cannot take a wildcard", offset)
        try:
            version = Version(raw, scheme)
        except InvalidVersion as error:
            raise InvalidSpecifier(whole, scheme, str(error), offset) from None
        if operator == "~=" and len(version.segments) < 2:
            raise InvalidSpecifier(whole, scheme, "~= needs at least X.Y", offset)
        clauses.append(Clause(operator, version, wildcard))
        offset += len(part) + 1
    return tuple(clauses)


def _check_clause_lengths(text: str, whole: str, scheme: str, start: int) -> None:
    """Refuse a clause too long to hold a version before ``packaging`` reads its numbers."""
    offset = start
    for part in text.split(","):
        try:
            check_length(part.strip().lstrip("<>=!~ "), scheme)
        except InvalidVersion as error:
            raise InvalidSpecifier(whole, scheme, str(error), offset) from None
        offset += len(part) + 1


def _parse_names(text: str, whole: str) -> tuple[frozenset[str], frozenset[str]]:
    allowed: set[str] = set()
    excluded: set[str] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        target = excluded if part.startswith("!") else allowed
        raw = part.lstrip("!=").strip()
        try:
            target.add(str(Version(raw, "name").key))
        except InvalidVersion as error:
            raise InvalidSpecifier(whole, "name", str(error)) from None
    return frozenset(allowed), frozenset(excluded)
