"""Minimal explanations: shrink an unsatisfiable core until every item is needed.

clingo returns a core over the assumptions it used, which is usually far from minimal.
Deletion-based minimisation tries each item once: if the rest still cannot hold, the item
goes (and the new, smaller core replaces the rest); otherwise it stays. The result is
minimal (removing any one item makes the rest satisfiable), because satisfiability is
monotone in the items.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from bringup.solve.engine import Engine


def minimal_core(
    engine: Engine,
    on: Collection[int],
    order: Callable[[int], tuple[int, int]],
) -> tuple[int, ...]:
    """A minimal subset of ``on`` that cannot hold together. ``order`` ranks items: those
    ranked first are tried for removal first, so they appear in the answer only when
    needed (rules and host values before requirements keeps explanations about the repos).
    Raises ``ValueError`` when ``on`` is satisfiable."""
    core = engine.core(on)
    if core is None:
        raise ValueError("the items hold together; there is no conflict to explain")
    current = sorted(core, key=order)
    index = 0
    while index < len(current):
        trial = current[:index] + current[index + 1 :]
        smaller = engine.core(trial)
        if smaller is None:
            index += 1
        else:
            # Items already found necessary stay in every core of a subset (monotonicity),
            # so filtering keeps them and ``index`` still points at the next untried item.
            current = [item for item in trial if item in smaller]
    return tuple(current)


def conflict_cover(
    engine: Engine,
    requirements: Sequence[int],
    shared: Collection[int],
    *,
    order: Callable[[int], tuple[int, int]],
    blame: Callable[[tuple[int, ...]], Collection[int]],
    limit: int,
) -> list[tuple[int, ...]]:
    """Minimal conflicts among ``requirements`` (with the ``shared`` rules and host values),
    one after another: after each, the requirements ``blame`` picks are set aside and the
    search goes on, until the rest holds together in one environment or ``limit`` is hit.
    Each conflict is minimal; together they say why one environment is not enough."""
    active = list(requirements)
    shared_set = frozenset(shared)
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        on = shared_set.union(active)
        if engine.satisfiable(on):
            break
        conflict = minimal_core(engine, on, order)
        found.append(conflict)
        aside = set(blame(conflict)) & set(active)
        if not aside:
            break
        active = [item for item in active if item not in aside]
    return found
