"""Minimal explanations: shrink an unsatisfiable core until every item is needed.

clingo returns a core over the assumptions it used, which is usually far from minimal. The
core is minimised by QuickXplain (divide and conquer): the result is minimal (removing any
one item makes the rest satisfiable, satisfiability being monotone in the items) and is the
one deletion in the removal order would find, in a few dozen solves instead of one per item.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol


class Engine(Protocol):
    """What minimisation asks of a solver (``engine.Engine``, or a stand-in in tests)."""

    def core(self, on: Collection[int]) -> frozenset[int] | None: ...

    def satisfiable(self, on: Collection[int]) -> bool: ...


def minimal_core(
    engine: Engine,
    on: Collection[int],
    order: Callable[[int], tuple[int, int]],
    *,
    rows: Callable[[int], bool] | None = None,
) -> tuple[int, ...]:
    """A minimal subset of ``on`` that cannot hold together. ``order`` ranks items: those
    ranked first are tried for removal first, so they appear in the answer only when
    needed (rules and host values before requirements keeps explanations about the repos).
    With ``rows`` (the knowledge base's rows among the items), a line of a repo that the
    rows of ``on`` stand in for is left out too (``_fewer_lines``). Raises ``ValueError``
    when ``on`` is satisfiable."""
    core = engine.core(on)
    if core is None:
        raise ValueError("the items hold together; there is no conflict to explain")
    found = _minimised(engine, core, order)
    return _fewer_lines(engine, found, on, order, rows) if rows is not None else found


def _minimised(
    engine: Engine, core: Collection[int], order: Callable[[int], tuple[int, int]]
) -> tuple[int, ...]:
    """``core`` (which cannot hold together) shrunk until every item is needed."""
    current = sorted(core, key=order)
    # QuickXplain keeps the items it is given first whenever it can: given the removal
    # order backwards, it keeps what deletion in that order would keep
    kept = set(_quickxplain(engine, [], current[::-1], background_grew=False))
    return tuple(item for item in current if item in kept)


def _fewer_lines(
    engine: Engine,
    core: tuple[int, ...],
    on: Collection[int],
    order: Callable[[int], tuple[int, int]],
    rows: Callable[[int], bool],
) -> tuple[int, ...]:
    """``core`` with each item that is not a row left out where the other items and every
    row of ``on`` still cannot hold together, minimised again. Keeping requirements before
    rows keeps a line that some rows make needed: torch == 2.7.0 (one repo) against
    torch_npu (another) took a third repo's CANN >= 8.0 with the CANN rows of the old
    torch_npu releases, where the torch rows of all of them say it without it."""
    every_row = [item for item in on if rows(item)]
    for line in [item for item in core if not rows(item)]:
        if line not in core:
            continue
        trial = {item for item in core if item != line}.union(every_row)
        if not engine.satisfiable(trial):
            core = _minimised(engine, trial, order)
    return core


def _quickxplain(
    engine: Engine, background: list[int], candidates: list[int], *, background_grew: bool
) -> list[int]:
    """The items of ``candidates`` that, with all of ``background``, cannot hold together,
    each needed (Junker's QuickXplain): halve the candidates, find what the second half must
    add to the background and the first half, then what the first half must add to that.
    A conflict of k items among n takes about 2k log(n/k) solves instead of n."""
    if background_grew and not engine.satisfiable(background):
        return []
    if not candidates:  # an empty core (the background alone fails): nothing to halve
        return []
    if len(candidates) == 1:
        return candidates
    half = len(candidates) // 2
    first, second = candidates[:half], candidates[half:]
    from_second = _quickxplain(engine, background + first, second, background_grew=True)
    from_first = _quickxplain(
        engine, background + from_second, first, background_grew=bool(from_second)
    )
    return from_first + from_second


def conflict_cover(
    engine: Engine,
    requirements: Sequence[int],
    shared: Collection[int],
    *,
    order: Callable[[int], tuple[int, int]],
    blame: Callable[[tuple[int, ...]], Collection[int]],
    limit: int,
    rows: Callable[[int], bool] | None = None,
) -> list[tuple[int, ...]]:
    """Minimal conflicts among ``requirements`` (with the ``shared`` rules and host values),
    one after another: after each, the requirements ``blame`` picks are set aside and the
    search goes on, until the rest holds together in one environment or ``limit`` is hit.
    Each conflict is minimal (with ``rows``, as ``minimal_core`` says); together they say
    why one environment is not enough."""
    active = list(requirements)
    shared_set = frozenset(shared)
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        on = shared_set.union(active)
        if engine.satisfiable(on):
            break
        conflict = minimal_core(engine, on, order, rows=rows)
        found.append(conflict)
        aside = set(blame(conflict)) & set(active)
        if not aside:
            break
        active = [item for item in active if item not in aside]
    return found
