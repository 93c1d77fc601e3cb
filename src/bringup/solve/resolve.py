"""``solve``: from repos, a host and the knowledge base to environments, pins and reasons.

The order of work keeps the common case cheap: one ground program for a single environment
answers "does everything fit?", "does this repo fit at all?" and every explanation (by
switching items on and off); ``placement`` splits the repos, mostly from the ranges they
ask for, and grounds a program for several environments only when the split is not forced.
What the model then says (pins, conflicts, checks, caveats) is read by ``outcome``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from bringup.errors import StackError
from bringup.model.requirements import Component
from bringup.model.resolution import Check, Conflict, Environment, Fit, Resolution, Unplaced
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.solve import outcome
from bringup.solve.catalogue import Catalogue
from bringup.solve.cores import conflict_cover, minimal_core
from bringup.solve.engine import Engine, Model, items_union
from bringup.solve.host import HostFacts, apply_what_if, host_facts
from bringup.solve.placement import on_items, place, place_within
from bringup.solve.problem import build_problem
from bringup.solve.prosenames import prose_pins
from bringup.solve.seriesread import read_series
from bringup.solve.solverinput import HostItem, RequirementItem, RuleItem, SolverInput
from bringup.solve.vcspins import vcs_pins
from bringup.solve.verdict import verdicts
from bringup.subjects import FIXED_SCOPES, canonical_subject, names
from bringup.subjects import subject as lookup


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
        _check_what_if(options.what_if, host, components, rules, catalogue)
        host = apply_what_if(host, options.what_if)
    return solve_host(components, host, rules, catalogue, options)


def _check_what_if(
    pairs: Sequence[tuple[str, str]],
    host: HostFacts,
    components: Sequence[Component],
    rules: Sequence[Rule],
    catalogue: Catalogue,
) -> None:
    """Every what-if names a subject some repo or rule mentions, and a chip one the
    knowledge base knows (when it knows chips at all)."""
    from bringup.kb.query import unknown_chip
    from bringup.solve.host import what_if_subject

    host_subjects = names(*FIXED_SCOPES)
    mentioned = {canonical_subject(r.subject) for c in components for r in c.requirements}
    related: set[str] = set()
    for rule in rules:
        related.update((canonical_subject(rule.subject), canonical_subject(rule.then_subject)))
    known = host_subjects | mentioned | related
    chips = [release.version for release in catalogue.releases("chip")]
    for key, value in pairs:
        subject = what_if_subject(key, host)
        if subject not in known:
            raise StackError(
                f"--what-if {key}: no repo and no rule mentions {subject!r}",
                hint=what_if_hint(subject, mentioned, related),
            )
        for chip in value.split(",") if subject == "chip" else ():
            unknown = unknown_chip(chip.strip(), chips)
            if unknown is not None:
                raise StackError(f"--what-if {key}: {unknown}")


def what_if_hint(subject: str, mentioned: set[str], related: set[str]) -> str:
    """The subjects a what-if could name, short: the closest to the one mistyped, those the
    verdict turns on (what the repos ask of the host or a toolkit, or a knowledge-base rule
    relates: cuda, python, torch), the host's, then a count of the rest. A repo pinning 230
    packages in a conda export would otherwise make this a screenful of package names."""
    from difflib import get_close_matches

    host = names(*FIXED_SCOPES)
    known = sorted(host | mentioned | related)
    turns = sorted(s for s in mentioned if s in related or lookup(s) is not None)
    others = sorted(host - set(turns))
    rest = len(known) - len(turns) - len(others)
    close = get_close_matches(subject, known, n=3)
    said = ["the repos' verdicts turn on " + (", ".join(turns) or "none of these")]
    said.append("the host's: " + ", ".join(others))
    if rest:
        said.append(f"{rest} more the repos or rules name (bringup scan --details lists a repo's)")
    guess = f"did you mean {' or '.join(close)}? " if close else ""
    return guess + "; ".join(said)


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
    order = _removal_order(problem)
    set_aside: list[Conflict] = []
    if options.design:
        problem, set_aside = _set_aside(problem, single, shared, order)
    rows = _rows(problem)
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
                for core in _what_if_cores(problem, single, on, items, order)
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
        apart = _apart(
            problem, single, shared, order, environments=environments, conflicts=conflicts
        )
        fits = _fits(problem, single, shared, environments, apart)
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


def _set_aside(
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
            core = minimal_core(single, on, order, rows=_rows(problem))
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


def _what_if_cores(
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
        cores.append(minimal_core(single, alone, order, rows=_rows(problem)))
    return cores[1:]


def _holds_what_if(problem: SolverInput, core: Sequence[int], asked: set[str]) -> bool:
    """Whether a conflict is with a value a ``--what-if`` gives the host: that value is the
    question asked (can this repo run on CANN 8.0.RC2?), so the repo's lines against it are
    the answer, never lines to set aside as contradicting each other."""
    return any(
        isinstance(item, HostItem) and item.subject in asked for item in map(problem.item, core)
    )


def _within(
    problem: SolverInput, single: Engine, shared: Sequence[int], options: SolveOptions
) -> tuple[list[int], Model, dict[int, tuple[int, ...]]] | None:
    """The design's split (``options.groups``) kept on this host, when it holds here (with
    the design environments each merged one holds)."""
    index = {component.name: n for n, component in enumerate(problem.components)}
    design = [[index[name] for name in group if name in index] for group in options.groups]
    return place_within(problem, single, shared, design, options.time_limit_s, kinds=options.kinds)


def _apart(
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
                core = minimal_core(single, on, order, rows=_rows(problem))
                out.append(outcome.conflict(problem, core, "between"))
    return tuple(out)


def _fits(
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


def _with_verdicts(resolution: Resolution, problem: SolverInput) -> Resolution:
    import msgspec

    return msgspec.structs.replace(resolution, verdicts=verdicts(resolution, problem))


Order = tuple[int, int]


def _host_kinds(problem: SolverInput, options: SolveOptions) -> list[str]:
    """The kind of host each repo's environment is designed for (``options.kinds``, by its
    group; empty without groups): repos for different kinds of host never share an
    environment, so no conflict between their lines explains a split. InternVL (a GPU host)
    was "in conflict" with three repos planned for a 910B (outside tester 25, D3)."""
    kind_of = {name: kind for group, kind in zip(options.groups, options.kinds) for name in group}
    return [kind_of.get(c.name, "") for c in problem.components]


def _rows(problem: SolverInput) -> Callable[[int], bool]:
    """Whether an item is a knowledge-base row: rows may stand in for a repo's line in a
    conflict (``cores.minimal_core``)."""
    return lambda item_id: isinstance(problem.item(item_id), RuleItem)


def _removal_order(problem: SolverInput) -> Callable[[int], Order]:
    """Rules and host values are tried for removal before requirements, so that an
    explanation keeps to what the repos say when it can."""

    def order(item_id: int) -> tuple[int, int]:
        is_requirement = isinstance(problem.item(item_id), RequirementItem)
        return (1 if is_requirement else 0, item_id)

    return order
