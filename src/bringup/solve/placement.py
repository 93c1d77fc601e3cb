"""How many environments, and which repos share one.

Most conflicts between repos are plain: two repos ask for ranges of one subject that do not meet
(``>= 7.0`` and ``< 7.0`` of one toolkit). The precomputed satisfaction sets show those in Python,
without the solver, and soundly: if no candidate meets both ranges, no environment holds both repos.
The solver is asked only what the sets cannot tell: whether a group the ranges let through also
holds under the rules and host values, and whether fewer environments do.

The fewest environments are proven when a split into groups that each hold is no larger
than a set of repos that pairwise cannot share (a clique). When, besides, every other repo
can share with one member of that clique only, the split is the only one there is (up to
numbering), so the pins of each environment are optimised on their own, on the program
for one environment: no program for several environments is ground at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bringup.solve.engine import Engine, Model, items_union
from bringup.solve.solverinput import SolverInput

Admitted = dict[str, frozenset[int]]
"""Per subject, the candidates every hard requirement of a repo (or a group) admits."""


def on_items(
    problem: SolverInput, components: Sequence[int], shared: Sequence[int]
) -> frozenset[int]:
    """The items that hold when ``components`` share an environment."""
    return items_union(shared, *(problem.requirement_items(c) for c in components))


class Ranges:
    """What each repo's hard requirements admit, intersected per subject. Soft requirements
    are preferences and never rule a placement out."""

    def __init__(self, problem: SolverInput) -> None:
        self._of: dict[int, Admitted] = {}
        for req in problem.requirements:
            if not req.requirement.hard:
                continue
            mine = self._of.setdefault(req.component, {})
            before = mine.get(req.subject)
            mine[req.subject] = req.allowed if before is None else before & req.allowed
        self._apart: dict[tuple[int, int], bool] = {}

    def of(self, component: int) -> Admitted:
        return self._of.get(component, {})

    def alone(self, component: int) -> bool:
        """False when some subject has no candidate the repo's own lines all admit."""
        return all(self.of(component).values())

    def apart(self, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` ask for ranges of one subject that do not meet."""
        key = (a, b) if a < b else (b, a)
        known = self._apart.get(key)
        if known is None:
            known = meet(self.of(a), self.of(b)) is None
            self._apart[key] = known
        return known


def meet(first: Admitted, second: Admitted) -> Admitted | None:
    """What both admit, per subject; None when some subject is left with no candidate."""
    small, large = (first, second) if len(first) <= len(second) else (second, first)
    out = dict(large)
    for subject, allowed in small.items():
        other = large.get(subject)
        both = allowed if other is None else allowed & other
        if not both:
            return None
        out[subject] = both
    return out


@dataclass(frozen=True)
class Placement:
    """``groups``: repos that hold together, one group per environment, in order of their
    first repo. ``joint``: the program for ``count`` environments, where the split and the
    pins must be optimised together; None when the split is forced and each group's pins
    are optimised alone."""

    groups: tuple[tuple[int, ...], ...]
    count: int
    joint: Engine | None

    @property
    def placeable(self) -> list[int]:
        return sorted(c for group in self.groups for c in group)


def place(
    problem: SolverInput, single: Engine, shared: Sequence[int], time_limit_s: float
) -> tuple[list[int], Model | None]:
    """The repos that can hold here and the best answer for them: the fewest environments,
    then the preferences. When the ranges alone force the split, each group's optimisation
    is also the proof that it holds; otherwise (or when one does not) the solver decides."""
    ranges = Ranges(problem)
    candidates = [c for c in range(len(problem.components)) if ranges.alone(c)]
    if not candidates:
        return [], None
    groups = _split_by_ranges(ranges, candidates)
    clique = _largest_clique([g[0] for g in groups], ranges.apart)
    if (
        len(clique) == len(groups)
        and _forced(ranges, candidates, clique)
        and "chosen" not in problem.scopes.values()
    ):
        model = optimise_apart(problem, single, groups, shared, time_limit_s)
        if model is not None:
            return candidates, model
    placement = _placement(problem, ranges, groups, single, shared)
    placeable = placement.placeable
    if placement.joint is not None:
        return placeable, placement.joint.optimise(
            on_items(problem, placeable, shared), time_limit_s
        )
    if not placeable:
        return [], None
    return placeable, optimise_apart(problem, single, placement.groups, shared, time_limit_s)


def _placement(
    problem: SolverInput,
    ranges: Ranges,
    groups: list[list[int]],
    single: Engine,
    shared: Sequence[int],
) -> Placement:
    """The split checked on the solver: groups by ranges when each holds, else first fit on
    the solver (leaving out repos that cannot hold even alone); the count proven by a clique
    (pairs the ranges cannot tell apart asked of the solver), or by programs for fewer
    environments than the split. ``groups``: the split by ranges."""
    if not all(single.satisfiable(on_items(problem, g, shared)) for g in groups):
        candidates = sorted(c for group in groups for c in group)
        groups = _first_fit(problem, ranges, candidates, single, shared)
    done = tuple(tuple(g) for g in groups)
    if len(groups) <= 1:
        return Placement(done, len(groups), None)
    placeable = sorted(c for group in groups for c in group)

    def apart(a: int, b: int) -> bool:
        return ranges.apart(a, b) or not single.satisfiable(on_items(problem, [a, b], shared))

    clique = _largest_clique([g[0] for g in groups], apart)
    if len(clique) == len(groups):
        if _forced(ranges, placeable, clique) and "chosen" not in problem.scopes.values():
            return Placement(done, len(groups), None)
        return Placement(done, len(groups), Engine(problem, placeable, len(groups)))
    on = on_items(problem, placeable, shared)
    for count in range(max(2, len(clique)), len(groups)):
        engine = Engine(problem, placeable, count)
        if engine.satisfiable(on):
            return Placement(done, count, engine)
    return Placement(done, len(groups), Engine(problem, placeable, len(groups)))


def _split_by_ranges(ranges: Ranges, components: Sequence[int]) -> list[list[int]]:
    """First fit by ranges alone: each repo joins the first group whose ranges it meets."""
    groups: list[list[int]] = []
    admitted: list[Admitted] = []
    for c in components:
        for n, group in enumerate(groups):
            both = meet(admitted[n], ranges.of(c))
            if both is not None:
                group.append(c)
                admitted[n] = both
                break
        else:
            groups.append([c])
            admitted.append(ranges.of(c))
    return groups


def _first_fit(
    problem: SolverInput,
    ranges: Ranges,
    components: Sequence[int],
    single: Engine,
    shared: Sequence[int],
) -> list[list[int]]:
    """First fit on the solver, for when the rules split what the ranges let through; a
    group whose ranges a repo does not meet is passed over without asking. A repo that fits
    no group and cannot hold even alone is left out (it is unplaced)."""
    groups: list[list[int]] = []
    admitted: list[Admitted] = []
    for c in components:
        for n, group in enumerate(groups):
            both = meet(admitted[n], ranges.of(c))
            if both is not None and single.satisfiable(on_items(problem, [*group, c], shared)):
                group.append(c)
                admitted[n] = both
                break
        else:
            if single.satisfiable(on_items(problem, [c], shared)):
                groups.append([c])
                admitted.append(ranges.of(c))
    return groups


def _largest_clique(members: Sequence[int], apart: Callable[[int, int], bool]) -> list[int]:
    """The largest subset of ``members`` that are pairwise ``apart`` (exhaustive for the
    handful of groups a stack has, greedy beyond)."""
    size = len(members)
    pairs = {
        (i, j) for i in range(size) for j in range(i + 1, size) if apart(members[i], members[j])
    }
    best = [0] if size else []
    if size <= 12:
        for mask in range(1, 1 << size):
            chosen = [i for i in range(size) if mask >> i & 1]
            if len(chosen) > len(best) and all(
                (a, b) in pairs for n, a in enumerate(chosen) for b in chosen[n + 1 :]
            ):
                best = chosen
    else:
        greedy: list[int] = []
        for i in range(size):
            if all((m, i) in pairs for m in greedy):
                greedy.append(i)
        best = max(best, greedy, key=len)
    return [members[i] for i in best]


def _forced(ranges: Ranges, placeable: Sequence[int], clique: Sequence[int]) -> bool:
    """Whether every repo can share with one clique member only: the members take one
    environment each, so every other repo's environment is decided."""
    members = set(clique)
    return all(
        sum(1 for m in clique if not ranges.apart(c, m)) == 1 for c in placeable if c not in members
    )


def optimise_apart(
    problem: SolverInput,
    single: Engine,
    groups: Sequence[Sequence[int]],
    shared: Sequence[int],
    time_limit_s: float,
    *,
    numbers: Sequence[int] = (),
) -> Model | None:
    """The best pins of each group on its own, as one answer (group n is environment n, or
    ``numbers[n]`` when given). With the split forced and nothing chosen once for the whole
    machine, the environments share no choice, so the best of each is the best of all."""
    deadline = time.monotonic() + time_limit_s
    labels = list(numbers) or list(range(1, len(groups) + 1))
    models: list[Model] = []
    for group in groups:
        left = max(deadline - time.monotonic(), 0.001)
        model = single.optimise(on_items(problem, group, shared), left)
        if model is None:
            return None
        models.append(model)
    return Model(
        assign={c: n for n, group in zip(labels, groups) for c in group},
        values=tuple(sorted((n, v) for n, m in zip(labels, models) for _e, v in m.values)),
        machine=tuple(sorted({c for m in models for c in m.machine})),
        violated=tuple(q for m in models for q in m.violated),
        broken=tuple(sorted((n, r) for n, m in zip(labels, models) for _e, r in m.broken)),
        optimal=all(m.optimal for m in models),
    )


def place_within(
    problem: SolverInput,
    single: Engine,
    shared: Sequence[int],
    design: Sequence[Sequence[int]],
    time_limit_s: float,
    *,
    kinds: Sequence[str] = (),
) -> tuple[list[int], Model, dict[int, tuple[int, ...]]] | None:
    """The split designed for the target, kept on this host: environment n holds the repos
    of design environment n that hold here (numbered as in the design). Design environments
    whose repos here can share one are merged (``_merge``): the third item maps the number
    of a merged environment to the design environments it holds. None when the design does
    not hold here (this host's rules split a design environment), and the host's own
    placement decides. ``kinds``: the kind of host of each design environment; those of
    different kinds are never merged."""
    ranges = Ranges(problem)
    kept: list[tuple[int, list[int]]] = []
    for number, group in enumerate(design, start=1):
        members = [c for c in group if ranges.alone(c)]
        fit = _first_fit(problem, ranges, members, single, shared)
        if len(fit) > 1:
            return None
        if fit:
            kept.append((number, fit[0]))
    kind_of = dict(enumerate(kinds, start=1))
    merged = _merge(problem, ranges, kept, single, shared, kind=lambda n: kind_of.get(n, ""))
    if "chosen" in problem.scopes.values() and len(merged) > 1:
        return None
    groups = [group for _numbers, group in merged]
    model = optimise_apart(
        problem, single, groups, shared, time_limit_s, numbers=[ns[0] for ns, _g in merged]
    )
    if model is None:
        return None
    joined = {numbers[0]: numbers for numbers, _g in merged if len(numbers) > 1}
    return sorted(c for group in groups for c in group), model, joined


def _merge(
    problem: SolverInput,
    ranges: Ranges,
    kept: Sequence[tuple[int, list[int]]],
    single: Engine,
    shared: Sequence[int],
    *,
    kind: Callable[[int], str],
) -> list[tuple[tuple[int, ...], list[int]]]:
    """First fit of design environments (their repos that hold here) into the fewest
    environments for this host: the repos that kept two apart on the target may be the ones
    this host cannot hold, and then what is left of both shares one. One satisfiability
    check per pair of design environments the ranges let meet; ``kind``: the kind of host of
    a design environment, never merged with another kind's."""
    merged: list[tuple[tuple[int, ...], list[int]]] = []
    for number, group in kept:
        for n, (numbers, members) in enumerate(merged):
            if kind(numbers[0]) != kind(number):
                continue
            if any(ranges.apart(a, b) for a in members for b in group):
                continue
            if single.satisfiable(on_items(problem, [*members, *group], shared)):
                merged[n] = ((*numbers, number), [*members, *group])
                break
        else:
            merged.append(((number,), list(group)))
    return merged
