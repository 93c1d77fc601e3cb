"""The plan's runnable steps as work units, pure: one unit per repo, its steps in bring-up
order (a repo's builds and installs before its tests: a test imports what the install made,
whatever order the README listed them in), each unit waiting for the repos it depends on.
Units with nothing between them run in parallel."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.plan.order import prepares_first


@dataclass(frozen=True)
class Unit:
    component: Component
    steps: tuple[PlanStep, ...]
    """Every step of the repo in the order to take them (skipped and blocked ones too)."""
    after: frozenset[str]
    """Components that must be done first."""


def units(components: Sequence[Component], steps: Sequence[PlanStep]) -> list[Unit]:
    by_name = {c.name: c for c in components}
    found: dict[str, list[PlanStep]] = {}
    for step in steps:
        found.setdefault(step.component, []).append(step)
    result = []
    for name, mine in found.items():
        ordered = prepares_first(sorted(mine, key=lambda s: s.order), lambda s: s.kind)
        component = by_name[name]
        after = frozenset(d for d in component.depends_on if d in found and d != name)
        result.append(Unit(component=component, steps=tuple(ordered), after=after))
    return result
