"""Bring-up order: dependencies first; among repos free to go, the operator library before
communication, inference and training (the layers an expert checks in that order)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from typing import TypeVar

from bringup.model.requirements import Component, StepKind

ROLE_ORDER = ("toolchain", "ops", "comm", "inference", "training", "samples", "other")

PREPARES: tuple[StepKind, ...] = ("build", "install", "convert")
"""Kinds of step that make what later steps use: a repo's tests import what its install made."""

_Step = TypeVar("_Step")


def prepares_first(steps: Sequence[_Step], kind_of: Callable[[_Step], str]) -> list[_Step]:
    """A repo's steps with its builds, installs and conversions before its tests and runs,
    each group in the order given (a README often lists ``pytest`` before ``pip install -e .``,
    and run in that order the tests cannot import the package)."""
    return sorted(steps, key=lambda step: kind_of(step) not in PREPARES)


def bringup_order(components: Sequence[Component]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Component names in a topological order of ``depends_on`` (ties by role, then as
    given), and notes: unknown dependencies, and cycles (broken by role order)."""
    order, notes, cycles = _ordered(components)
    return order, (*notes, *(cycle_note(cycle) for cycle in cycles))


def dependency_cycles(components: Sequence[Component]) -> tuple[tuple[str, ...], ...]:
    """The repos stuck in each ``depends_on`` cycle (none when an order exists)."""
    return _ordered(components)[2]


def cycle_note(stuck: Sequence[str]) -> str:
    return "dependency cycle among " + ", ".join(stuck) + "; ordered by role"


def _ordered(
    components: Sequence[Component],
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]:
    names = {c.name for c in components}
    rank = {c.name: (ROLE_ORDER.index(c.role), n) for n, c in enumerate(components)}
    notes: list[str] = []
    cycles: list[tuple[str, ...]] = []
    waiting: dict[str, set[str]] = {}
    for c in components:
        missing = [d for d in c.depends_on if d not in names]
        notes.extend(f"{c.name} depends on {d}, which is not in this stack" for d in missing)
        waiting[c.name] = {d for d in c.depends_on if d in names and d != c.name}
    dependants: dict[str, list[str]] = {name: [] for name in names}
    for name, deps in waiting.items():
        for dep in deps:
            dependants[dep].append(name)
    ready = [(rank[n], n) for n, deps in waiting.items() if not deps]
    heapq.heapify(ready)
    order: list[str] = []
    while len(order) < len(components):
        if not ready:
            stuck = sorted((n for n in waiting if n not in order), key=lambda n: rank[n])
            cycles.append(tuple(stuck))
            first = stuck[0]
            waiting[first] = set()
            heapq.heappush(ready, (rank[first], first))
        _, name = heapq.heappop(ready)
        if name in order:
            continue
        order.append(name)
        for other in dependants[name]:
            waiting[other].discard(name)
            if not waiting[other] and other not in order:
                heapq.heappush(ready, (rank[other], other))
    return tuple(order), tuple(notes), tuple(cycles)
