"""The main job as a library: gather (repos, host, knowledge base) -> solve -> plan -> a
``CheckResult`` with its exit code. ``bringup check`` and ``bringup solve``, the benchmarks
and the commands to come (``up``, ``report``, ``fleet``, a pytest plugin) call this module
rather than assembling the pipeline themselves, so the chip policy and the exit codes are
decided here once.

Nothing here prints: overlay problems and progress go to the ``Reporter`` the caller passes
(``bringup.report.events``); words and layout are the renderers'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from bringup.background import in_background
from bringup.errors import ExitCode
from bringup.exitcodes import check_exit_code, solve_exit_code
from bringup.hostchips import host_arch, host_chips
from bringup.indexread import read_index
from bringup.inputs import TargetHost, read_snapshot, read_target
from bringup.report.events import Reporter, Stage, Warned

if TYPE_CHECKING:
    from bringup.index.releases import IndexAnswer, IndexSource
    from bringup.kb import KnowledgeBase
    from bringup.kb import Problem as KbProblem
    from bringup.model import Component, Rule, Snapshot
    from bringup.model.plan import Design, KindNeed, Plan, Target
    from bringup.model.resolution import Resolution, WhatIf
    from bringup.plan.itself import CheckoutTop
    from bringup.scan import Finding
    from bringup.solve import Catalogue, HostFacts


@dataclass(frozen=True)
class StackInputs:
    """Everything a verdict is made from: the repos (and what the scan noticed), the host,
    and the knowledge base's rules and releases."""

    components: tuple[Component, ...]
    findings: tuple[Finding, ...]
    snapshot: Snapshot
    rules: tuple[Rule, ...]
    catalogue: Catalogue
    knowledge: KnowledgeBase
    """Where ``rules`` came from: a ``--what-if`` on the chip takes that chip's rows."""
    index: Optional[IndexAnswer] = None
    """What the package index said (``--index``); None when it was not asked."""
    tops: Mapping[str, CheckoutTop] = field(default_factory=dict)
    """What each repo's checkout holds at its top, by component (``checkouttop``)."""


@dataclass(frozen=True)
class CheckResult:
    """The answer of ``bringup check``: the inputs, the environments designed for the
    target (``design``), this machine's resolution over that split, the plan at this
    hardware tier and the exit code that sums them up."""

    inputs: StackInputs
    design: Design
    resolution: Resolution
    plan: Plan
    exit_code: ExitCode


@dataclass(frozen=True)
class SolveResult:
    """The answer of ``bringup solve``: the resolution on the host as it is (or on the
    ``--target``) and, under ``--what-if``, the one on the changed host; ``exit_code``
    judges the final one."""

    inputs: StackInputs
    base: Resolution
    what_if: Optional[WhatIf]
    exit_code: ExitCode
    target: Optional[Target] = None
    """The host planned for (``--target``); None: this machine."""
    elsewhere: tuple[KindNeed, ...] = ()
    """The repos that cannot run on the ``--target`` (they need another kind of device), left
    out of its environments as ``check --target`` leaves them out."""

    @property
    def final(self) -> Resolution:
        return self.what_if.resolution if self.what_if is not None else self.base


def load_kb(
    kb_dir: Optional[Path], extra_dirs: tuple[Path, ...] = (), reporter: Optional[Reporter] = None
) -> KnowledgeBase:
    """The built-in knowledge base (or ``kb_dir``) with ``extra_dirs`` overlaid; each overlay
    file left out for a problem is reported as a warning (a JSON answer carries the problems
    itself, so its caller passes no reporter)."""
    from bringup.kb import load_knowledge_base

    kb = load_knowledge_base(kb_dir=kb_dir, extra_dirs=extra_dirs)
    if reporter is not None:
        report_overlay_problems(kb.problems, reporter)
    return kb


def report_overlay_problems(problems: Sequence[KbProblem], reporter: Reporter) -> None:
    """One warning per overlay problem (file, line, record, field)."""
    if problems:
        from bringup.report.kb_text import render_problems

        for line in render_problems(problems):
            reporter.emit(Warned(f"knowledge-base overlay left out: {line}"))


def gather(
    paths: Sequence[str],
    snapshot: Optional[Path],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...] = (),
    reporter: Optional[Reporter] = None,
    *,
    force: bool = False,
    index: Optional[IndexSource] = None,
) -> StackInputs:
    """Scan the repos, read the snapshot (or probe this machine, while the repos are read,
    when none is named) and load the knowledge base, keeping the chip-limited rows of every
    chip family the host has (``host_chips``); with ``index``, read the release lists of
    the distributions the repos constrain that the knowledge base lists none of."""
    report = reporter if reporter is not None else Reporter()
    scanning = Stage("scan", f"reading {len(paths)} path(s)")
    if snapshot is not None:
        from bringup.scan import scan_stack

        with report.stage(scanning):
            stack = scan_stack(list(paths), force=force, progress=report.progress(scanning))
        with report.stage(Stage("probe", "reading the recorded host")):
            host = read_snapshot(snapshot)
    else:
        # the probe mostly waits on subprocesses: it starts first and runs while the scan's
        # modules are imported and the repos are read
        from bringup.probe.live import take_snapshot

        probing_stage = Stage("probe", "probing this machine")
        with report.stage(probing_stage):
            probing = in_background(take_snapshot, "probe")
            from bringup.scan import scan_stack

            with report.stage(scanning):
                stack = scan_stack(list(paths), force=force, progress=report.progress(scanning))
            host = probing.result()
    from bringup.checkouttop import checkout_top
    from bringup.plan.itself import with_checkout_install
    from bringup.solve import knowledge_catalogue

    # what up runs: the checkout's own install for a guide's install from elsewhere, without
    # build isolation where setup.py imports what that lacks, its home paths noted
    tops = {c.name: checkout_top(c.path) for c in stack.components}
    own = (with_checkout_install(c, tops[c.name]) for c in stack.components)
    components = tuple(_as_built(c) for c in own)
    with report.stage(Stage("kb", "loading the knowledge base")):
        kb = load_kb(kb_dir, extra_dirs, report)
        rules = kb.rules(chips=host_chips(host), arch=host_arch(host))
        catalogue = knowledge_catalogue(kb)
    answer = None
    if index is not None:
        catalogue, answer, wheels = read_index(components, catalogue, index, report)
        rules = (*rules, *wheels)
    return StackInputs(
        components=components,
        findings=stack.findings,
        snapshot=host,
        rules=rules,
        catalogue=catalogue,
        knowledge=kb,
        index=answer,
        tops=tops,
    )


def _as_built(component: Component) -> Component:
    """``component``'s installs of its own folders as they run: without build isolation where
    the build needs it, the home paths their setup.py names noted (read here, at the edge)."""
    from bringup.buildfolders import build_folders
    from bringup.plan.homewrites import with_home_writes
    from bringup.plan.isolation import without_build_isolation

    folders = build_folders(component)
    return with_home_writes(without_build_isolation(component, folders), folders)


def design_for(
    inputs: StackInputs,
    target: TargetHost,
    *,
    explain: bool = True,
) -> Design:
    """The environments for ``target`` from the repos' software requirements, every repo
    taking part, with the knowledge base's rows for the target's chips. The target's driver
    is one of the changes a design may ask for (a CANN 9.0.0 repo on a host with driver
    23.0.3 runs there after changing the driver), as this machine's verdict says of its own
    driver: the same report as ``--target`` or as ``--snapshot`` gives one answer (whether
    the user allows it is the exit code's question, ``check``'s as ``solve``'s). Without a
    named target, a repo that supports several kinds of device is designed for the kind
    this machine has (``host_groups``' ``prefer``)."""
    from bringup.plan.design import design_stack, target_kinds
    from bringup.solve import host_facts

    asked = target.target.kind == "asked"
    return design_stack(
        inputs.components,
        target.target,
        target.host,
        _rules_for(inputs, host_chips(target.host), host_arch(target.host)),
        inputs.catalogue,
        allow_driver_change=True,
        explain=explain,
        prefer=target_kinds(host_facts(inputs.snapshot)) if asked else frozenset(),
        arch_left_out=_left_out_for(inputs, target.host),
    )


def check(
    inputs: StackInputs,
    *,
    target: Optional[TargetHost] = None,
    allow_driver_change: bool = False,
    explain: bool = True,
    reporter: Optional[Reporter] = None,
    from_pypi: bool = True,
) -> CheckResult:
    """Design the environments for ``target`` (default: the hardware the repos ask for),
    then solve and plan ``inputs`` on this machine over the split for the hardware the repos
    ask for (the target's own without one): the verdict per repo here, the environments and
    the plan, the same whatever the target. When installs come ``from_pypi``, torch's
    installs name the PyTorch index of their build (``torchindex``), as ``up`` installs."""
    from bringup.plan import plan as make_plan
    from bringup.report.check_rows import unverified_on_target
    from bringup.run.torchindex import with_torch_indexes
    from bringup.solve import SolveOptions, solve

    report = reporter if reporter is not None else Reporter()
    aimed = target if target is not None else read_target(None, inputs.catalogue)
    designing = f"designing environments for {aimed.target.name}"
    with report.stage(_sized("design", designing, inputs.components)):
        designed = design_for(inputs, aimed, explain=explain)
    # This machine's verdict is the one without a target (--target changes the design only,
    # outsider O8 #4): every repo is solved here as the design for the hardware it asks for
    # places it, whatever the target.
    elsewhere = {e.component for e in designed.elsewhere}
    asked = designed if target is None else design_for(inputs, aimed_for_asked(inputs))
    repos, groups, kinds = here_split(inputs.components, asked)
    options = SolveOptions(
        allow_driver_change=allow_driver_change,
        explain=explain,
        groups=groups,
        kinds=kinds,
        arch_left_out=_left_out_for(inputs, inputs.snapshot),
    )
    with report.stage(_sized("solve", f"solving {len(repos)} repos", repos)):
        resolution = solve(repos, inputs.snapshot, inputs.rules, inputs.catalogue, options)
    with report.stage(_sized("plan", "planning the bring-up", repos)):
        made = make_plan(repos, resolution, inputs.snapshot, tops=inputs.tops)
    if from_pypi:
        made = with_torch_indexes(made, resolution, inputs.snapshot, inputs.rules)
    code = ExitCode.PROBLEMS if elsewhere else check_exit_code(resolution, made)
    if not allow_driver_change and _driver_changes(designed.resolution):
        code = ExitCode.PROBLEMS  # the target's design changes a driver, as solve's exit says
    named = target is not None and designed.target.kind != "asked"
    if named and any(
        unverified_on_target(v.component, designed) for v in designed.resolution.verdicts
    ):
        code = ExitCode.PROBLEMS  # a row unverified there, as one here (outsider13 D7)
    return CheckResult(inputs, designed, resolution, made, code)


def here_split(
    components: Sequence[Component], asked: Design
) -> tuple[list[Component], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """What this machine's plan keeps of the design for the hardware the repos ask for, as
    ``check`` and ``solve`` both solve it (outsider O8 #20: they disagreed on the split and
    the Python of one host): each repo with the lines of its host's kind, and the design's
    environments with the kind of host each is for (never merged across kinds)."""
    from bringup.solve.kinds import for_host

    kind_of = {name: host.backend for host in asked.hosts for name in host.components}
    repos = [for_host(c, kind_of.get(c.name, "")) for c in components]
    groups = tuple(env.components for env in asked.resolution.environments)
    return repos, groups, tuple(_environment_kinds(asked))


def aimed_for_asked(inputs: StackInputs) -> TargetHost:
    """The target a check without ``--target`` designs for: the hardware the repos ask for."""
    return read_target(None, inputs.catalogue)


LONG_WORK = 1_000
"""Requirements from which solving takes seconds to minutes (~3 ms each): the stage says how
many, and is said even where no progress line is drawn (``Stage.long``)."""


def _sized(name: str, text: str, components: Sequence[Component]) -> Stage:
    """The stage ``name`` over ``components``, long when they hold ``LONG_WORK``
    requirements or more."""
    count = sum(len(c.requirements) for c in components)
    if count < LONG_WORK:
        return Stage(name, text)
    return Stage(name, f"{text} ({count:,} requirements)", long=True)


def _environment_kinds(designed: Design) -> list[str]:
    """The backend of the host each of the design's environments is for, in order."""
    host_of = {n: host.backend for host in designed.hosts for n in host.environments}
    return [host_of.get(env.index, "") for env in designed.resolution.environments]


def solve_stack(
    inputs: StackInputs,
    changes: Sequence[tuple[str, str]] = (),
    *,
    target: Optional[TargetHost] = None,
    allow_driver_change: bool = False,
    reporter: Optional[Reporter] = None,
) -> SolveResult:
    """Solve ``inputs`` on the host as it is (or designed for ``target``: its host facts
    replace the machine's and every repo takes part) and, when ``changes`` are given (parsed
    ``--what-if`` pairs), again on the changed host."""
    from bringup.plan.design import hardware_unfit
    from bringup.solve import SolveOptions, host_facts, solve_facts
    from bringup.solve.whatif import what_if

    report = reporter if reporter is not None else Reporter()
    # a design for a target may change its driver, as ``design_for`` does for check --target
    driver = allow_driver_change or target is not None
    options = SolveOptions(allow_driver_change=driver, design=target is not None)
    repos, catalogue = list(inputs.components), inputs.catalogue
    host = target.host if target is not None else host_facts(inputs.snapshot)
    elsewhere: tuple[KindNeed, ...] = ()
    if target is not None:
        repos, elsewhere = _on_target(repos, host)
    else:  # this machine's split is check's: the design for the hardware the repos ask for
        repos, groups, kinds = here_split(repos, design_for(inputs, aimed_for_asked(inputs)))
        options = replace(options, groups=groups, kinds=kinds)
    rules = _rules_for(inputs, host_chips(host), host_arch(host))
    options = replace(options, arch_left_out=_left_out_for(inputs, host))
    with report.stage(_sized("solve", f"solving {len(repos)} repos", repos)):
        base = solve_facts(repos, host, rules, catalogue, options)
    unfit = hardware_unfit(base) if target is not None and target.target.kind != "asked" else ()
    if unfit:  # as the design for check --target leaves them out
        gone = {need.component for need in unfit}
        repos = [r for r in repos if r.name not in gone]
        elsewhere = (*elsewhere, *unfit)
        with report.stage(_sized("solve", f"solving {len(repos)} repos", repos)):
            base = solve_facts(repos, host, rules, catalogue, options)
    changed = None
    if changes:
        rules = _rules_for(inputs, host_chips(host, changes), host_arch(host))
        options = replace(options, arch_left_out=_left_out_for(inputs, host, changes))
        with report.stage(Stage("what-if", "solving the changed host")):
            changed = what_if(repos, host, rules, catalogue, changes, options=options, before=base)
    final = changed.resolution if changed is not None else base
    planned = target.target if target is not None else None
    code = ExitCode.PROBLEMS if elsewhere else solve_exit_code(final)
    if not allow_driver_change and _driver_changes(final):
        code = ExitCode.PROBLEMS  # a driver change the user has not allowed
    return SolveResult(inputs, base, changed, code, planned, elsewhere)


def _driver_changes(resolution: Resolution) -> bool:
    """Whether a repo runs only after changing a driver."""
    return any(o.kind == "driver" for v in resolution.verdicts for o in v.obstacles)


def _on_target(
    repos: Sequence[Component], host: HostFacts
) -> tuple[list[Component], tuple[KindNeed, ...]]:
    """The repos that can run on a target ``host``, each with its lines on other kinds of
    device left out, and those that need a kind of device the target lacks (as the design
    for ``check --target`` splits them, so both commands agree)."""
    from bringup.plan.design import needs_elsewhere, target_kinds, unsupported_needs, unsupported_os
    from bringup.solve.kinds import for_host, host_groups

    refused = unsupported_os(host)
    if refused is not None:
        return [], unsupported_needs(repos, refused)
    groups, apart = host_groups(repos, target_kinds(host))
    kept = [for_host(c, group.kind) for group in groups for c in group.components]
    order = {c.name: n for n, c in enumerate(repos)}
    elsewhere = needs_elsewhere(apart)
    return sorted(kept, key=lambda c: order[c.name]), elsewhere


def _rules_for(
    inputs: StackInputs, chips: tuple[str, ...], arch: Optional[str]
) -> tuple[Rule, ...]:
    """The knowledge base's rows for a host with ``chips`` and ``arch`` (those of the probed
    host are already loaded)."""
    if chips == host_chips(inputs.snapshot) and arch == host_arch(inputs.snapshot):
        return inputs.rules
    return inputs.knowledge.rules(chips=chips, arch=arch)


def _left_out_for(
    inputs: StackInputs, host: Snapshot | HostFacts, changes: Sequence[tuple[str, str]] = ()
) -> tuple[Rule, ...]:
    """The knowledge base's rows ``host``'s architecture leaves out of ``_rules_for``'s, with
    the chips under ``changes`` (``archrows``)."""
    return inputs.knowledge.left_out_by_arch(host_arch(host), host_chips(host, changes))
