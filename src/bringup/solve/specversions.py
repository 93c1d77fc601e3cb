"""What the repos' spec texts say of versions: the ones they name, the points around those,
and each spec read once, for ``candidates`` to gather a subject's versions from."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Optional

from packaging.specifiers import InvalidSpecifier as _Pep440InvalidSpecifier
from packaging.specifiers import SpecifierSet as _Pep440SpecifierSet
from packaging.version import InvalidVersion as _Pep440InvalidVersion
from packaging.version import Version as _Pep440Version

from bringup import lazyre
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version
from bringup.versions.schemes import SCHEMES


def _release(version: _Pep440Version) -> tuple[int, ...]:
    return tuple(version.release)


_CLAUSE = lazyre.compile(r"^\s*(===|==|~=|>=|<=)?\s*([^<>=!~\s][^\s]*?)(\.\*)?\s*$")


def named_versions(specs: Iterable[str], scheme: str) -> list[tuple[str, Version]]:
    """The versions the specs name as ones they admit (``==9.2.0``, ``>=3.26``, ``~=2.1``,
    ``==8.5.*`` as 8.5.0, ``==3.9.18.*`` as 3.9.18: a wildcard after a full major.minor.patch
    names that release, never a fourth part no release has), each kept only when its own
    clause admits it."""
    found: dict[Version, str] = {}
    for text in specs:
        for clause in (c for a in text.split("||") for c in a.split(",")):
            match = _CLAUSE.match(clause)
            if match is None:
                continue
            prefix = match[2]
            if not match[3]:
                tries: tuple[str, ...] = (prefix,)
            elif prefix.count(".") >= 2:  # the padded one when a scheme does not admit it bare
                tries = (prefix, prefix + ".0")
            else:
                tries = (prefix + ".0",)
            for raw in tries:
                try:
                    version = Version(raw, scheme)
                    if SpecifierSet(clause.strip(), scheme).contains(version):
                        found.setdefault(version, raw)
                        break
                except (InvalidVersion, InvalidSpecifier):
                    continue
    return [(raw, version) for version, raw in found.items()]


def public_version(raw: str) -> Optional[str]:
    """The public part of a PEP 440 version with a local label (``2.7.1+cpu`` -> 2.7.1)."""
    try:
        parsed = _Pep440Version(raw)
    except _Pep440InvalidVersion:
        return None
    return parsed.public if parsed.local else None


def region_points(specs: Iterable[str]) -> list[str]:
    """Versions on each side of every version the specs name, and past the ends."""
    named: set[tuple[int, ...]] = set()
    exact: set[str] = set()
    for text in specs:
        for alternative in text.split("||"):
            try:
                parsed = _Pep440SpecifierSet(alternative.strip())
            except _Pep440InvalidSpecifier:
                continue
            for clause in parsed:
                raw = clause.version.removesuffix(".*")
                try:
                    version = _Pep440Version(raw)
                except _Pep440InvalidVersion:
                    continue
                exact.add(str(version))
                named.add(_release(version))
    points: set[tuple[int, ...]] = {(0,)}
    for release in named:
        points.add(release)
        points.add((*release, 1))
        for at in range(len(release)):
            points.add((*release[:at], release[at] + 1))
        nonzero = [n for n, part in enumerate(release) if part > 0]
        if nonzero:
            last = nonzero[-1]
            points.add((*release[:last], release[last] - 1, 9999))
    return sorted(exact | {".".join(map(str, p)) for p in points}, key=_Pep440Version)


def specifier_set(text: str, scheme: str) -> SpecifierSet:
    """``SpecifierSet(text, scheme)``, read once per process: the design's solve and this
    machine's read the same rules and clauses (~1,600 parses per ``bringup check``, a third
    of them distinct). A set is never changed once read; the scheme registered under the
    name is part of the key, so a backend registered again is read with its own."""
    return _specifier_set(text, scheme, SCHEMES.get(scheme))


@functools.lru_cache(maxsize=4096)
def _specifier_set(text: str, scheme: str, registered: object) -> SpecifierSet:
    return SpecifierSet(text, scheme)


def names_lines(spec: str) -> bool:
    """Whether every clause of ``spec`` names releases (``==1.8.*``, ``==7.0.0 || ==7.0.1``)."""
    clauses = [c.strip() for part in spec.split("||") for c in part.split(",")]
    return all(c.startswith("==") and not c.startswith("===") for c in clauses if c)
