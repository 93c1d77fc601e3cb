"""The reasons ``solve`` gives beside its environments: a repo's own lines that contradict
each other (set aside), the cause each ``--what-if`` value has on its own, why two repos in
different environments cannot share one, which repos could join another, and the order in
which a minimal conflict drops items. Apart from ``resolve``, which places the repos, since
these only explain a placement made."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from bringup.model.resolution import Check, Conflict, Environment, Fit
from bringup.solve import outcome
from bringup.solve.cores import minimal_core
from bringup.solve.engine import Engine, items_union
from bringup.solve.placement import on_items
from bringup.solve.solverinput import HostItem, RequirementItem, RuleItem, SolverInput


def set_aside(
    problem: SolverInput, single: Engine, shared: Sequence[int], order: Callable[[int], Order]
) -> tuple[SolverInput, list[Conflict]]:
    """A design with every repo in it: the minimal conflicts among one repo's own lines (and
    the rules and the target's values), with that repo's lines on their subjects left out
    until the rest of it holds. Lines that contradict each other say nothing about the
    environment the repo needs, and must not decide the split of the others."""
    from dataclasses import replace

    found: list[Conflict] = []
    dropped: set[int] = set()
    asked = {subject for subject, _ in problem.host.what_if}
    for c in range(len(problem.components)):
        mine = [r for r in problem.requirements if r.component == c]
        while True:
            on = items_union([r.id for r in mine if r.id not in dropped], shared)
            if single.satisfiable(on):
                break
            core = minimal_core(single, on, order, rows=rows(problem))
            subjects = {r.subject for r in mine if r.id in core}
            if not subjects or _holds_what_if(problem, core, asked):
                break
            found.append(outcome.conflict(problem, core, "alone"))
            dropped.update(r.id for r in mine if r.subject in subjects)
    if not dropped:
        return problem, found
    kept = tuple(r for r in problem.requirements if r.id not in dropped)
    checks = [
        Check(
            component=problem.components[r.component].name,
            subject=r.subject,
            spec=r.requirement.spec,
            source=r.requirement.source,
            status="violated",
            hard=r.requirement.hard,
            also=r.also,
        )
        for r in problem.requirements
        if r.id in dropped
    ]
    return replace(problem, requirements=kept, checks=[*problem.checks, *checks]), found


def what_if_cores(
    problem: SolverInput,
    single: Engine,
    on: Collection[int],
    first: Sequence[int],
    order: Callable[[int], Order],
) -> list[tuple[int, ...]]:
    """For each ``--what-if`` value no reason found so far holds, the minimal reason it
    causes on its own (the other asked values left out), so that several what-ifs each
    say theirs: ``ascend_driver=24.1.0`` with ``python=3.11`` is the driver's CANN row and
    the repo's Python line, not the first one found alone (outsider7 #16). A value that
    keeps the repo out only with another asked value adds nothing here."""
    asked = {subject for subject, _ in problem.host.what_if}
    values = [
        i for i in on if isinstance(item := problem.item(i), HostItem) and item.subject in asked
    ]
    cores = [tuple(first)]
    for value in values:
        if any(value in core for core in cores):
            continue
        alone = [i for i in on if i == value or i not in values]
        if single.satisfiable(alone) or not single.satisfiable([i for i in alone if i != value]):
            continue
        cores.append(minimal_core(single, alone, order, rows=rows(problem)))
    return cores[1:]


def _holds_what_if(problem: SolverInput, core: Sequence[int], asked: set[str]) -> bool:
    """Whether a conflict is with a value a ``--what-if`` gives the host: that value is the
    question asked (can this repo run on CANN 8.0.RC2?), so the repo's lines against it are
    the answer, never lines to set aside as contradicting each other."""
    return any(
        isinstance(item, HostItem) and item.subject in asked for item in map(problem.item, core)
    )


def apart(
    problem: SolverInput,
    single: Engine,
    shared: Sequence[int],
    order: Callable[[int], Order],
    *,
    environments: Sequence[Environment],
    conflicts: Sequence[Conflict],
) -> tuple[Conflict, ...]:
    """Why each two repos in different environments cannot share one: a conflict of the
    cover that is about the two of them alone, else the minimal core of the pair. Pairs that
    could share (the split only needed somewhere to put one of them) have no reason."""
    env_of = {name: env.index for env in environments for name in env.components}
    index = {component.name: n for n, component in enumerate(problem.components)}
    names = [name for name in index if name in env_of]
    out: list[Conflict] = []
    for n, first in enumerate(names):
        for second in names[n + 1 :]:
            if env_of[first] == env_of[second]:
                continue
            pair = {first, second}
            known = next((c for c in conflicts if set(c.components) == pair), None)
            if known is not None:
                out.append(known)
                continue
            on = items_union(
                problem.requirement_items(index[first]),
                problem.requirement_items(index[second]),
                shared,
            )
            if not single.satisfiable(on):
                core = minimal_core(single, on, order, rows=rows(problem))
                out.append(outcome.conflict(problem, core, "between"))
    return tuple(out)


def fits(
    problem: SolverInput,
    single: Engine,
    shared: Sequence[int],
    environments: Sequence[Environment],
    apart: Sequence[Conflict],
) -> tuple[Fit, ...]:
    """Every repo that could join another environment as well, with what it has in common
    with each: one satisfiability check per repo and environment that no pair of repos
    keeps apart (``apart``: the pairs that cannot share)."""
    index = {component.name: n for n, component in enumerate(problem.components)}
    pairs = {frozenset((c.components[0], c.components[-1])) for c in apart}
    asks: dict[str, set[str]] = {}
    for r in problem.requirements:
        if r.requirement.hard:
            asks.setdefault(problem.components[r.component].name, set()).add(r.subject)

    def common(name: str, others: Sequence[str]) -> set[str]:
        there = set().union(*(asks.get(m, set()) for m in others if m != name))
        return asks.get(name, set()) & there

    out = []
    for env in environments:
        for name in env.components:
            others = [
                other
                for other in environments
                if other is not env
                and not any(frozenset((name, m)) in pairs for m in other.components)
                and single.satisfiable(
                    on_items(problem, [index[m] for m in (*other.components, name)], shared)
                )
            ]
            if not others:
                continue
            out.append(
                Fit(
                    component=name,
                    environment=env.index,
                    shared=tuple(sorted(common(name, env.components))),
                    repos=len(env.components) - 1,
                    others=tuple(o.index for o in others),
                    shared_there=tuple(len(common(name, o.components)) for o in others),
                    repos_there=tuple(len(o.components) for o in others),
                )
            )
    return tuple(out)


Order = tuple[int, int]


def rows(problem: SolverInput) -> Callable[[int], bool]:
    """Whether an item is a knowledge-base row: rows may stand in for a repo's line in a
    conflict (``cores.minimal_core``)."""
    return lambda item_id: isinstance(problem.item(item_id), RuleItem)


def removal_order(problem: SolverInput) -> Callable[[int], Order]:
    """Rules and host values are tried for removal before requirements, so that an
    explanation keeps to what the repos say when it can."""

    def order(item_id: int) -> tuple[int, int]:
        is_requirement = isinstance(problem.item(item_id), RequirementItem)
        return (1 if is_requirement else 0, item_id)

    return order
