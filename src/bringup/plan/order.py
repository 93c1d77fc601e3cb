"""Bring-up order: dependencies first; among repos free to go, the operator library before
communication, inference and training (the layers an expert checks in that order)."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from bringup.model.requirements import Component

ROLE_ORDER = ("toolchain", "ops", "comm", "inference", "training", "samples", "other")


def bringup_order(components: Sequence[Component]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Component names in a topological order of ``depends_on`` (ties by role, then as
    given), and notes: unknown dependencies, and cycles (broken by role order)."""
    names = {c.name for c in components}
    rank = {c.name: (ROLE_ORDER.index(c.role), n) for n, c in enumerate(components)}
    notes: list[str] = []
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
            notes.append("dependency cycle among " + ", ".join(stuck) + "; ordered by role")
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
    return tuple(order), tuple(notes)
