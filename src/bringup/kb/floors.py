"""Driver floors for the releases of a series the knowledge base has no row for.

The CANN <-> HDK rows name releases one by one (9.0.0 needs Ascend driver >= 25.5.1,
hicann/release-management 9.0.0/release-notes.md); CANN 9.0.1, a patch release the knowledge
base lists (``cann_releases``) but no table pairs with a driver, had no floor at all, so a
910B4 host on driver 24.1.1 got a clean environment (outsider14 D5). A release of a series
(``9.0`` of ``9.0.1``) takes the lowest driver floor of its series' released rows: what every
known release of that series needs at least, a patch never asking less of the driver than
the release it patches: so from its first release with a row on, the pre-releases before it
(9.1.0-beta.3) unknown still, and a pre-release's row (8.5.0.alpha001's) left out. Rows that only
recommend a driver (a CUDA toolkit's own, ``hard = false``) derive nothing; a series no row
names stays without a floor (its release unknown).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Optional

from bringup import lazyre
from bringup.kb.query import ScopedRule
from bringup.kb.trains import pinned
from bringup.model.rules import Rule
from bringup.subjects import scheme_for, scope_of
from bringup.versions import InvalidVersion, Version
from bringup.versions.schemes import is_prerelease

_SERIES = lazyre.compile(r"^(?P<series>\d+\.\d+)[.-]")
"""A release's series: its first two numbers (``9.0`` of ``9.0.1``, ``8.3`` of ``8.3.RC1``)."""
_FLOOR = lazyre.compile(r"^>=\s*(?P<floor>\d[\w.]*)$")


def _floor(rule: Rule) -> Optional[Version]:
    """The one driver version a hard ``>=V`` row needs at least, else None."""
    found = _FLOOR.match(rule.then_spec)
    if found is None or not rule.hard or scope_of(rule.then_subject) != "driver":
        return None
    try:
        return Version(found.group("floor"), scheme_for(rule.then_subject))
    except InvalidVersion:
        return None


def _released(rule: Rule) -> list[str]:
    """The releases (not pre-releases) a row's ``==V`` or ``==V || ==W`` names."""
    named = [pinned(part.strip()) for part in rule.spec.split("||")]
    scheme = scheme_for(rule.subject)
    return [v for v in named if v is not None and not is_prerelease(v, scheme)]


def series_floors(rules: Iterable[ScopedRule]) -> Iterator[ScopedRule]:
    """One row ``subject ==S.* -> driver >=F`` per series ``S`` with a hard driver-floor row
    for one of its releases, of one scope and topic: ``F`` the lowest of them, for the
    releases of ``S`` with no driver row of their own (on any chip)."""
    groups: dict[tuple[str, str, str, str, Optional[str], Optional[str]], list[Rule]] = {}
    floors: dict[str, Version] = {}
    own: dict[tuple[str, str, str, str], set[str]] = {}
    for scoped in rules:
        rule = scoped.rule
        floor = _floor(rule)
        if floor is None:
            continue
        for version in _released(rule):
            found = _SERIES.match(version)
            if found is None:
                continue
            floors[rule.id] = floor
            key = (rule.topic, rule.subject, found.group("series"), rule.then_subject)
            own.setdefault(key, set()).add(version)
            members = groups.setdefault((*key, scoped.chips, scoped.machines), [])
            if rule not in members:
                members.append(rule)
    for (topic, subject, series, then, chips, machines), members in groups.items():
        lowest = min(members, key=lambda rule: floors[rule.id])
        ids = ", ".join(rule.id.split("/")[0] for rule in members)
        rowed = sorted(own[(topic, subject, series, then)])
        first = min(rowed, key=lambda v: Version(v, scheme_for(subject)))
        yield ScopedRule(
            Rule(
                id=f"{subject}-{series}-series-floor{'-' + chips if chips else ''}/{then}",
                subject=subject,
                spec=",".join([f"=={series}.*", f">={first}", *(f"!={v}" for v in rowed)]),
                then_subject=then,
                then_spec=lowest.then_spec,
                source="; ".join(dict.fromkeys(rule.source for rule in members)),
                topic=topic,
                note=(
                    f"derived: the lowest {then} floor of the known {subject} {series} "
                    f"releases ({ids}); for a release of the series with no row of its own"
                ),
                confidence="low" if "low" in {r.confidence for r in members} else "medium",
                brings=lowest.brings,
            ),
            chips,
            machines,
        )
