"""Which versions the solver is offered first: a pre-release after every release, and a
Python distribution installed in an interpreter as the Python candidate that interpreter is.

An installer takes a pre-release only when asked for one or when nothing else will do (pip
and uv alike); the solver prefers the lowest-ranked candidate, so a pre-release no repo names
and this host lacks is ranked after the releases (CANN 9.1.0-beta.3 had been picked over CANN
8.5.1 for "CANN >= 8.5.0": outsider10 #7). A build with a local label that only a
knowledge-base table names is offered not at all while a release without one remains.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Optional, TypeVar

from packaging.version import InvalidVersion as _Pep440InvalidVersion
from packaging.version import Version as _Pep440Version

from bringup.subjects import scheme_for
from bringup.versions import Version, is_prerelease

K = TypeVar("K")


def picked_last(raw: str, flagged: bool, *, here: bool, named: set[str], scheme: str) -> bool:
    """Whether ``raw`` ranks after every release: a pre-release (``flagged`` by its record,
    or by its scheme: 9.1.0-beta.3, 2.7.1.dev20250724) not installed ``here`` nor ``named``
    by a repo's spec."""
    if here or raw in named:
        return False
    return flagged or is_prerelease(raw, scheme)


def interpreter_of(interpreters: Mapping[Version, int], raw: str) -> Optional[int]:
    """The Python candidate an interpreter of version ``raw`` is: its own, else the series a
    ``--what-if python=3.11`` names (the host's 3.11.7 and its packages are that 3.11)."""
    found = interpreters.get(Version(raw, scheme_for("python")))
    if found is not None:
        return found
    for candidate, number in interpreters.items():
        series = candidate.raw.strip()
        if series.count(".") == 1 and raw.startswith(f"{series}."):
            return number
    return None


def unpublished(known: Mapping[K, tuple[str, bool]], named: Iterable[str]) -> list[K]:
    """Of ``known`` (each version's text, and whether the knowledge base alone knows it: not
    installed, not an index's), the builds with a local label (``2.9.0.post1+git4c901a4``, a
    git build a table names) to leave out while a release without one remains: PyPI refuses
    local versions (PEP 440), so none is a version to install (outsider10 #5) unless a repo
    ``named`` it, by its public version where no plain release has that one (``==0.0.27``
    admits ``0.0.27+cu118``). An index's list keeps its builds (download.pytorch.org's)."""
    parsed = {key: _pep440(raw) for key, (raw, _) in known.items()}
    plain = {p.public for p in parsed.values() if p is not None and not p.local}
    asked = {p for p in map(_pep440, named) if p is not None}
    public_only = {p.public for p in asked} - plain
    return [
        key
        for key, (_, kb_only) in known.items()
        if plain
        and kb_only
        and (build := parsed[key]) is not None
        and build.local
        and build not in asked
        and build.public not in public_only
    ]


def _pep440(raw: str) -> Optional[_Pep440Version]:
    try:
        return _Pep440Version(raw)
    except _Pep440InvalidVersion:
        return None
