"""A requirement's lone floor or pin as a release: the one reading the folds of a scan share
(``repeats``, ``floors``, ``strictest``), so ">= v3.8" is the same floor to each of them."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.subjects import scheme_for
from bringup.versions import InvalidVersion, Version, first_release

FLOOR = lazyre.compile(r"^\s*>=\s*v?(\d[^\s,|<>=!~*]{0,40})\s*$")
"""A lone floor (``>=3.8``, ``>= v12.1``): no second bound, no list of alternatives."""
PIN = lazyre.compile(r"^\s*==\s*v?(\d[^\s,|<>=!~*]{0,40}?)(?:\.\*)?\s*$")
"""A lone pin or series (``==2.1.0``, ``==12.*``)."""


def floor_text(spec: str) -> str | None:
    """The release a lone floor ``spec`` names, as written, or None."""
    match = FLOOR.match(spec)
    return match.group(1) if match else None


def lone_release(requirement: Requirement, pattern: re.Pattern[str] = FLOOR) -> Version | None:
    """The release ``requirement`` states as a lone floor (or pin: ``pattern``), in its
    subject's scheme, a series read as its first release; None for anything else."""
    scheme = scheme_for(requirement.subject)
    match = pattern.match(requirement.spec)
    if match is None or scheme == "name":
        return None
    try:
        return Version(first_release(match.group(1), scheme), scheme)
    except InvalidVersion:
        return None
