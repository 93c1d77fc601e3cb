"""``solve``: from repos, a host and the knowledge base to environments, pins and reasons.

The order of work keeps the common case cheap: one ground program for a single environment
answers "does everything fit?", "does this repo fit at all?" and every explanation (by
switching items on and off); ``placement`` splits the repos, mostly from the ranges they
ask for, and grounds a program for several environments only when the split is not forced.
What the model then says (pins, conflicts, checks, caveats) is read by ``outcome``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bringup.model.requirements import Component
from bringup.model.resolution import Conflict, Fit, Resolution, Unplaced
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.solve import outcome, reasons
from bringup.solve.catalogue import Catalogue
from bringup.solve.cores import conflict_cover, minimal_core
from bringup.solve.engine import Engine, Model, items_union
from bringup.solve.host import HostFacts, apply_what_if, host_facts
from bringup.solve.placement import place, place_within
from bringup.solve.problem import build_problem
from bringup.solve.prosenames import prose_pins
from bringup.solve.seriesread import read_series
from bringup.solve.solverinput import RequirementItem, SolverInput
from bringup.solve.vcspins import vcs_pins
from bringup.solve.verdict import verdicts
from bringup.solve.whatifnames import check_what_if


@dataclass(frozen=True)
class SolveOptions:
    """``allow_driver_change``: the driver (and firmware) may be pinned like a toolkit, one
    for the machine. ``what_if``: ``(key, value)`` host changes. ``explain``: compute the
    minimal conflicts (a verdict alone is cheaper). ``time_limit_s`` bounds the search for
    the best pins, never the proof of the environment count."""

    allow_driver_change: bool = False
    what_if: tuple[tuple[str, str], ...] = ()
    explain: bool = True
    max_conflicts: int = 8
    time_limit_s: float = 10.0
    design: bool = False
    """Design the environments for the host given (a target): every repo takes part, one
    the host rules out altogether included; a repo whose own lines contradict each other
    takes part without them (``Resolution.set_aside``); ``Resolution.apart`` says why each
    two repos in different environments cannot share one."""
    groups: tuple[tuple[str, ...], ...] = ()
    """A design's split (repo names per environment) to keep on this host, numbered alike."""
    kinds: tuple[str, ...] = ()
    """The kind of host each of ``groups`` is designed for (a ``device_kind``): environments
    for different kinds of host are never merged here."""
    arch_left_out: tuple[Rule, ...] = ()
    """The knowledge base's rows the host's architecture left out of the rules given
    (``KnowledgeBase.left_out_by_arch``): a pair they relate is no unknown pair here."""


def solve(
    components: Sequence[Component],
    snapshot: Snapshot,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    options: SolveOptions = SolveOptions(),
) -> Resolution:
    """The fewest environments that hold every repo this host can hold, with pins that
    prefer what is installed, then the newest; minimal conflicts with their sources."""
    return solve_facts(components, host_facts(snapshot), rules, catalogue, options)


def solve_facts(
    components: Sequence[Component],
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    options: SolveOptions = SolveOptions(),
) -> Resolution:
    """``solve`` on host facts already read (a snapshot's or a ``--target``'s), with
    ``options.what_if`` checked and applied."""
    if options.what_if:
        check_what_if(options.what_if, host, components, rules, catalogue)
        host = apply_what_if(host, options.what_if)
    return solve_host(components, host, rules, catalogue, options)


def solve_host(
    components: Sequence[Component],
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    options: SolveOptions = SolveOptions(),
) -> Resolution:
    """``solve`` on host facts already read (and changed by what-ifs)."""
    problem = build_problem(
        components,
        host,
        rules,
        catalogue,
        allow_driver_change=options.allow_driver_change,
        place_all=options.design,
        arch_left_out=options.arch_left_out,
    )
    everyone = list(range(len(problem.components)))
    shared = problem.shared_items()
    single = Engine(problem, everyone, 1)
    problem, single = read_series(problem, single, everyone)
    order = reasons.removal_order(problem)
    set_aside: list[Conflict] = []
    if options.design:
        problem, set_aside = reasons.set_aside(problem, single, shared, order)
    rows = reasons.rows(problem)
    within = _within(problem, single, shared, options) if options.groups else None
    joined: dict[int, tuple[int, ...]] = {}
    model: Model | None
    if within is not None:
        placeable, model, joined = within
    else:
        placeable, model = place(problem, single, shared, options.time_limit_s)
    environments = (
        outcome.environments(
            problem, model, placeable, keep_numbers=within is not None, joined=joined
        )
        if model is not None
        else ()
    )
    prose = prose_pins(problem, environments) + vcs_pins(problem, environments)
    placed_in = {name: env.index for env in environments for name in env.components}
    unplaced = []
    for c in everyone:
        if c in placeable:
            continue
        conflict = None
        also: list[Conflict] = []
        if options.explain:
            on = items_union(problem.requirement_items(c), shared)
            items = minimal_core(single, on, order, rows=rows)
            conflict = outcome.conflict(problem, items, "alone")
            also = [
                outcome.conflict(problem, core, "alone")
                for core in reasons.what_if_cores(problem, single, on, items, order)
            ]
        unplaced.append(
            Unplaced(component=problem.components[c].name, conflict=conflict, also=tuple(also))
        )
    conflicts: list[Conflict] = []
    if options.explain and len(environments) > 1:

        def blame(items: tuple[int, ...]) -> list[int]:
            reqs = [r for r in map(problem.item, items) if isinstance(r, RequirementItem)]
            if not reqs:
                return []
            # Set aside the side in the lowest environment (every line of that repo on that
            # subject, or the next conflict would be the same one through another file): the
            # repos split off keep being explained against everyone they cannot share with.
            victim = min(
                reqs, key=lambda r: (placed_in.get(problem.components[r.component].name, 0), -r.id)
            )
            return [
                r.id
                for r in problem.requirements
                if r.component == victim.component and r.subject == victim.subject
            ]

        kind_of = _host_kinds(problem, options)
        for kind in dict.fromkeys(kind_of[c] for c in placeable):
            requirements = [
                r.id
                for r in problem.requirements
                if r.component in placeable and kind_of[r.component] == kind
            ]
            for items in conflict_cover(
                single,
                requirements,
                shared,
                order=order,
                blame=blame,
                limit=options.max_conflicts - len(conflicts),
                rows=rows,
            ):
                conflicts.append(outcome.conflict(problem, items, "between"))
    checks = outcome.checks(problem, environments, model, unplaced)
    apart: tuple[Conflict, ...] = ()
    fits: tuple[Fit, ...] = ()
    if options.design and options.explain:
        apart = reasons.apart(
            problem, single, shared, order, environments=environments, conflicts=conflicts
        )
        fits = reasons.fits(problem, single, shared, environments, apart)
    caveats = outcome.caveats(problem, model, environments) if model is not None else ()
    resolution = Resolution(
        environments=environments,
        conflicts=tuple(conflicts),
        unplaced=tuple(unplaced),
        hardware=tuple(problem.hardware),
        unverified=(tuple(problem.unverified) + outcome.deferred(problem, environments) + prose),
        checks=checks,
        caveats=caveats,
        host=tuple(sorted(host.fixed.values(), key=lambda v: v.subject)),
        findings=tuple(problem.findings),
        what_if=host.what_if,
        set_aside=tuple(set_aside),
        apart=apart,
        fits=fits,
        optimal=model.optimal if model is not None else True,
    )
    return _with_verdicts(resolution, problem)


def _within(
    problem: SolverInput, single: Engine, shared: Sequence[int], options: SolveOptions
) -> tuple[list[int], Model, dict[int, tuple[int, ...]]] | None:
    """The design's split (``options.groups``) kept on this host, when it holds here (with
    the design environments each merged one holds)."""
    index = {component.name: n for n, component in enumerate(problem.components)}
    design = [[index[name] for name in group if name in index] for group in options.groups]
    return place_within(problem, single, shared, design, options.time_limit_s, kinds=options.kinds)


def _with_verdicts(resolution: Resolution, problem: SolverInput) -> Resolution:
    import msgspec

    return msgspec.structs.replace(resolution, verdicts=verdicts(resolution, problem))


def _host_kinds(problem: SolverInput, options: SolveOptions) -> list[str]:
    """The kind of host each repo's environment is designed for (``options.kinds``, by its
    group; empty without groups): repos for different kinds of host never share an
    environment, so no conflict between their lines explains a split. InternVL (a GPU host)
    was "in conflict" with three repos planned for a 910B (outside tester 25, D3)."""
    kind_of = {name: kind for group, kind in zip(options.groups, options.kinds) for name in group}
    return [kind_of.get(c.name, "") for c in problem.components]
