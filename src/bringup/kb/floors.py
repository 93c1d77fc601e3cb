"""Driver floors for the known releases of a series the knowledge base has no row for.

The CANN <-> HDK rows name releases one by one (9.0.0 needs Ascend driver >= 25.5.1,
hicann/release-management 9.0.0/release-notes.md); CANN 9.0.1, a patch release the knowledge
base lists (``cann_releases``) but no table pairs with a driver, had no floor at all, so a
910B4 host on driver 24.1.1 got a clean environment (outsider14 D5). A known release of a
series (``9.0`` of ``9.0.1``) with no row of its own takes the floor of the latest release of
its series before it that has one: a patch never asks less of the driver than the release it
patches. Pre-releases (9.1.0-beta.3, 8.0.RC3.beta1) and releases older than every row of their
series stay unknown, as does a release the knowledge base does not list; rows that only
recommend a driver (a CUDA toolkit's own, ``hard = false``) derive nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
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


def series_floors(
    rules: Iterable[ScopedRule], releases: Callable[[str], Sequence[str]]
) -> Iterator[ScopedRule]:
    """One row ``subject ==V -> driver >=F`` per known release ``V`` (``releases``) with no
    driver row of its own on any chip, for each scope and topic whose hard driver-floor rows
    name releases of its series: ``F`` the floor of the latest of them before ``V``."""
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
        scheme = scheme_for(subject)
        rowed = own[(topic, subject, series, then)]
        by_version = [(Version(v, scheme), rule) for rule in members for v in _released(rule)]
        for version in releases(subject):
            if version in rowed or is_prerelease(version, scheme):
                continue
            found = _SERIES.match(version)
            if found is None or found.group("series") != series:
                continue
            here = Version(version, scheme)
            before = [pair for pair in by_version if pair[0] <= here]
            if not before:  # older than every release with a row: unknown
                continue
            patched = max(before, key=lambda pair: pair[0])[1]
            yield ScopedRule(
                Rule(
                    id=f"{subject}-{version}-floor{'-' + chips if chips else ''}/{then}",
                    subject=subject,
                    spec=f"=={version}",
                    then_subject=then,
                    then_spec=patched.then_spec,
                    source=patched.source,
                    topic=topic,
                    note=(
                        f"derived: {subject} {version} has no row of its own; "
                        f"{patched.id.split('/')[0]}, the latest release of its series "
                        f"before it with one, gives its {then} floor"
                    ),
                    confidence="low" if patched.confidence == "low" else "medium",
                    brings=patched.brings,
                ),
                chips,
                machines,
            )
