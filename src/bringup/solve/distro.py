"""An OS need that names a Linux distribution, and an OS version, hold per distribution: a
machine running another one is not comparable with them. "Ubuntu 20.04 or later" on
Debian 12 blocked every step of zhaojiqiao/tilelang-npu@1bc99fd with "needs other hardware:
OS version >= 20.04" (docs/get_started/Installation.md:7; outsider22 D1): Debian's 12 is
not Ubuntu's 12, and a Debian machine may well run what Ubuntu's builds run. Such a need
is left unverified here, never a block; a Windows- or macOS-only need on Linux still is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

from bringup.model.resolution import HostValue
from bringup.scan.osnames import DISTRIBUTIONS, os_name
from bringup.solve.judge import Stated

_DISTRIBUTION = re.compile(rf"\b(?:{DISTRIBUTIONS})\b", re.IGNORECASE)
_NOT_LINUX = frozenset({"windows", "macos", "darwin", "win32", "cygwin", "freebsd"})


def distribution_view(
    stated: Stated,
    siblings: Sequence[Stated],
    value: Optional[HostValue],
    os_here: Optional[HostValue],
) -> Optional[HostValue]:
    """The host's value for ``stated`` as the judge should see it: unchanged where the need
    is comparable here, else an ``unknown`` value that says why. ``siblings``: the same
    component's other needs (an OS version's distribution is the OS named on its line)."""
    here = _linux_distribution(os_here)
    if value is None or here is None or stated.subject not in ("os", "os_version"):
        return value
    if stated.subject == "os":
        named = {os_name(n) for n in stated.requirement.spec.split(",") if n.strip()}
        if "linux" in named or here in named or not named & _distributions(stated.requirement.spec):
            return value
        reason = (
            f"this machine runs {here}, another Linux distribution than {', '.join(sorted(named))}"
        )
        return _not_comparable(value, reason)
    owners = _version_owners(stated, siblings)
    if here in owners:
        return value
    whose = (
        f"{', '.join(sorted(owners))}'s"
        if owners
        else "a release of a distribution it does not name"
    )
    reason = f"the version is {whose}; this machine runs {here}: not comparable"
    return _not_comparable(value, reason)


def _linux_distribution(os_here: Optional[HostValue]) -> Optional[str]:
    """The host's os-release id (lower case) where it is a Linux distribution."""
    if os_here is None or os_here.status != "ok" or not os_here.values:
        return None
    here = os_here.values[0].lower()
    return None if here in _NOT_LINUX or here == "linux" else here


def _distributions(text: str) -> set[str]:
    return {os_name(m.group(0)) for m in _DISTRIBUTION.finditer(text)}


def _version_owners(stated: Stated, siblings: Sequence[Stated]) -> set[str]:
    """The distributions an OS version belongs to: the OS needs read on its own line, else
    the distributions its sentence names ("Operating System: Ubuntu 20.04 or later")."""
    source = stated.requirement.source
    beside = {
        os_name(n)
        for s in siblings
        if s.subject == "os" and s.requirement.source == source
        for n in s.requirement.spec.split(",")
        if n.strip()
    }
    return (beside - {"linux"}) or _distributions(stated.requirement.text or "")


def _not_comparable(value: HostValue, reason: str) -> HostValue:
    return HostValue(subject=value.subject, source=value.source, status="unknown", reason=reason)
