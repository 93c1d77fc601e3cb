"""Rows for a release series, derived from the rows of its builds.

torch_npu numbers its wheels by the torch release they build for plus a build suffix
(2.1.0.post4, 2.1.0.post8, 2.1.0rc1): every build of one series pins the same torch, while
their CANN differs. A build the knowledge base lacks (2.1.0.post3 was missing) had no row at
all, so the solver was free to pick the newest torch and CANN for it (torch 2.14.0 beside
torch_npu 2.1.0.post3, outsider O8 #6). A series row says, for any build of the series, only
what every known build of it agrees on; where they differ (CANN), it says nothing, and the
build stays unverified (it names no release of its own).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Optional

from bringup import lazyre
from bringup.kb.query import ScopedRule
from bringup.kb.trains import pinned
from bringup.model.rules import Rule

_BUILD = lazyre.compile(r"^(?P<base>\d+\.\d+\.\d+)(?:[.\-]?(?:post|rc|dev|a|b)\d*)*$")


def series_of(version: str) -> Optional[str]:
    """The release ``version`` is a build of (``2.1.0`` for ``2.1.0.post3``); None for a
    version of another shape (a name, two parts, a local label)."""
    found = _BUILD.match(version)
    return found.group("base") if found is not None else None


def series_rules(rules: Iterable[ScopedRule]) -> Iterator[ScopedRule]:
    """One row ``subject ==S.* -> then_subject spec`` per series ``S`` of at least two
    builds with a row of their own (``==V``), all of the same scope, hardness and topic, that
    name the same ``spec``; none where one build differs."""
    groups: dict[tuple[str, str, str, str, Optional[str], Optional[str]], list[Rule]] = {}
    for scoped in rules:
        rule = scoped.rule
        version = pinned(rule.spec)
        base = series_of(version) if version is not None else None
        if base is None:
            continue
        key = (rule.topic, rule.subject, base, rule.then_subject, scoped.chips, scoped.machines)
        groups.setdefault(key, []).append(rule)
    for (topic, subject, base, then, chips, machines), members in groups.items():
        specs = {rule.then_spec for rule in members}
        kinds = {(rule.hard, rule.brings, rule.builds, rule.metadata) for rule in members}
        if len({rule.spec for rule in members}) < 2 or len(specs) != 1 or len(kinds) != 1:
            continue
        first = members[0]
        ids = ", ".join(rule.id.split("/")[0] for rule in members)
        yield ScopedRule(
            Rule(
                id=f"{subject}-{base}-builds/{then}",
                subject=subject,
                spec=f"=={base}.*",
                then_subject=then,
                then_spec=first.then_spec,
                source="; ".join(dict.fromkeys(rule.source for rule in members)),
                topic=topic,
                note=(
                    f"derived: every known {subject} {base} build ({ids}) has "
                    f"{then} {first.then_spec}; for a build with no row of its own"
                ),
                hard=first.hard,
                confidence="medium",
                brings=first.brings,
                builds=first.builds,
                metadata=first.metadata,
            ),
            chips,
            machines,
        )
