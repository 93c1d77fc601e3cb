"""Which versions the solver is offered first: a pre-release after every release, and a
Python distribution installed in an interpreter as the Python candidate that interpreter is.

An installer takes a pre-release only when asked for one or when nothing else will do (pip
and uv alike); the solver prefers the lowest-ranked candidate, so a pre-release no repo names
and this host lacks is ranked after the releases (CANN 9.1.0-beta.3 had been picked over CANN
8.5.1 for "CANN >= 8.5.0": outsider10 #7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from bringup.subjects import scheme_for
from bringup.versions import Version, is_prerelease


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
