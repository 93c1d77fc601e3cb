"""The main job as a library: gather (repos, host, knowledge base) -> solve -> plan -> a
``CheckResult`` with its exit code. ``bringup check`` and ``bringup solve``, the benchmarks
and the commands to come (``up``, ``report``, ``fleet``, a pytest plugin) call this module
rather than assembling the pipeline themselves, so the chip policy and the exit codes are
decided here once.

Nothing here prints: overlay problems and progress go to the ``Reporter`` the caller passes
(``bringup.report.events``); words and layout are the renderers'.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Optional

import msgspec

from bringup.errors import ExitCode, InputError
from bringup.report.events import Reporter, Stage, Warned

if TYPE_CHECKING:
    from bringup.index.releases import IndexAnswer, IndexSource
    from bringup.kb import KnowledgeBase
    from bringup.kb import Problem as KbProblem
    from bringup.model import Component, Rule, Snapshot
    from bringup.model.plan import Design, Plan, Target, TargetKind
    from bringup.model.resolution import Resolution, WhatIf
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


@dataclass(frozen=True)
class TargetHost:
    """The host environments are designed for (``--target``), and its facts for the solver."""

    target: Target
    host: HostFacts


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

    @property
    def final(self) -> Resolution:
        return self.what_if.resolution if self.what_if is not None else self.base


MAX_INPUT_BYTES = 64 << 20
"""A snapshot or a pasted report is a few MiB at most; anything larger (``/dev/zero``, a whole
log) is not one, and reading it whole could exhaust memory."""


def open_input(name: str, what: str = "") -> BinaryIO:
    """A file the user named, opened for reading without ever blocking on the open: a
    device (``/dev/zero``, a disk) is refused, a FIFO or socket with no writer reads as
    empty instead of waiting forever; ``<(cmd)``, a pipe with a writer, still streams."""
    try:
        mode = os.stat(name).st_mode
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            raise InputError("a device, not a file", path=name)
        if stat.S_ISDIR(mode):
            raise InputError("a directory, not a file", path=name)
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
        if not stat.S_ISREG(mode):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except RuntimeError:
        raise InputError("a symlink loop", path=name) from None
    except OSError as error:
        reason = "a symlink loop" if error.errno == errno.ELOOP else error.strerror or error
        raise InputError(f"cannot read{' ' + what if what else ''}: {reason}", path=name) from None


def read_input(name: str) -> bytes:
    """The bytes of a file the user named (``-``: stdin), at most ``MAX_INPUT_BYTES``."""
    if name == "-":
        return _bounded(sys.stdin.buffer, "<stdin>")
    with open_input(name) as handle:
        return _bounded(handle, name)


def _bounded(stream: BinaryIO, shown: str) -> bytes:
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            f"larger than {MAX_INPUT_BYTES >> 20} MiB: not a snapshot or a pasted report",
            path=shown,
        )
    return data


def read_snapshot(path: Path) -> Snapshot:
    """A recorded host directory (``bringup probe --record``) or a snapshot file: the JSON of
    ``bringup probe --json`` (the envelope) or a bare snapshot."""
    from bringup.model import SNAPSHOT_SCHEMA, Snapshot
    from bringup.report.envelope import ENVELOPE_SCHEMA

    if path.is_dir():
        from bringup.probe.replay import load_host

        return load_host(path)
    try:
        raw = msgspec.json.decode(read_input(str(path)))
    except msgspec.DecodeError as error:
        raise InputError(f"not JSON: {error}", path=str(path)) from None
    except RecursionError:
        raise InputError("not a snapshot: JSON nested too deeply to read", path=str(path)) from None
    hint = "write one with `bringup probe --json > FILE` or `bringup probe --record DIR`"
    if isinstance(raw, dict) and str(raw.get("schema", "")).startswith("bringup/"):
        if raw["schema"] != ENVELOPE_SCHEMA:
            raise InputError(
                f"an envelope of schema {raw['schema']!r}; this bringup reads {ENVELOPE_SCHEMA!r}",
                path=str(path),
                hint=hint,
            )
        raw = raw.get("data")
    try:
        snapshot = msgspec.convert(raw, type=Snapshot)
    except msgspec.ValidationError as error:
        raise InputError(f"not a snapshot: {error}", path=str(path), hint=hint) from None
    if snapshot.schema != SNAPSHOT_SCHEMA:
        raise InputError(
            f"a snapshot of schema {snapshot.schema}; this bringup reads {SNAPSHOT_SCHEMA}",
            path=str(path),
            hint=hint,
        )
    return snapshot


MAX_REPORT_BYTES = 8 << 20
"""A pasted report is a few KB (GitHub caps an issue body at 64 K characters); a larger input
is a log or a disk image, and reading it line by line would only find noise."""

MAX_NON_TEXT = 0.05
"""Share of bytes that are not text (invalid UTF-8, control characters) above which the input
is binary, not a report."""


def read_report(report: str) -> Snapshot:
    """The snapshot of a pasted report. Only an empty, binary or oversized input is refused
    (exit 2); a text whose lines could not be read gives a snapshot that says so."""
    from bringup.probe.importers import import_report
    from bringup.probe.redact import redact_snapshot

    name = "<stdin>" if report == "-" else report
    data = read_input(report)
    if len(data) > MAX_REPORT_BYTES:
        raise InputError(
            f"larger than {MAX_REPORT_BYTES >> 20} MiB: not a pasted report",
            path=name,
            hint=f"paste the environment part ({_report_parts()}...)",
        )
    text = data.decode("utf-8", errors="replace")
    if not text.strip():
        raise InputError("is empty: nothing to read", path=name)
    share = non_text_share(text)
    if share > MAX_NON_TEXT:
        raise InputError(
            f"binary data ({share:.0%} of it is not text): not a pasted report",
            path=name,
            hint=f"give {_report_parts()} or a toolkit's version files",
        )
    return redact_snapshot(import_report(text, name))


def _report_parts() -> str:
    """What a pasted report may hold: each backend's status command, then the generic ones."""
    from bringup.backends import registered

    words = [b.vocabulary for b in registered()]
    return ", ".join(
        [*(w.status_command for w in words if w.status_command), "collect_env", "pip list/freeze"]
    )


def read_target(spec: Optional[str], catalogue: Catalogue) -> TargetHost:
    """The host ``--target`` names: none (the hardware the repos ask for), a recorded host
    directory or snapshot file, a pasted report (read by ``probe --from``'s importers), or
    ``CHIP:COUNT``. A path that exists is read as a file: a snapshot when it is one, else a
    report."""
    from bringup.model.plan import Target
    from bringup.model.source import Source
    from bringup.plan.design import asked
    from bringup.solve import host_facts
    from bringup.solve.target import device_host, is_devices, open_host

    if spec is None:
        return TargetHost(asked(), open_host())
    path = Path(spec)
    given = Source(kind="user", ref=f"--target {spec}")
    if spec != "-" and not path.exists() and is_devices(spec):
        return TargetHost(
            Target(kind="devices", name=spec, source=given), device_host(spec, catalogue)
        )
    kind: TargetKind = "snapshot" if path.is_dir() or _is_snapshot(spec) else "report"
    shown, name = (Source(kind="file", ref=spec), spec) if spec != "-" else (given, "<stdin>")
    snapshot = read_snapshot(path) if kind == "snapshot" else _target_report(spec, name)
    return TargetHost(Target(kind=kind, name=name, source=shown), host_facts(snapshot))


def _target_report(spec: str, name: str) -> Snapshot:
    """A pasted report to design for: one that states nothing of a host (a log, a typo'd
    file) is bad input, not a host of which nothing is known."""
    snapshot = read_report(spec)
    if not _states_a_host(snapshot):
        unparsed = next((f for f in snapshot.facts if f.key == "report" and f.reason), None)
        raise InputError(
            "--target: no host facts could be read from this report"
            + (f" ({unparsed.reason})" if unparsed is not None else ""),
            path=name,
            hint=f"give {_report_parts()}, a snapshot (`bringup probe --json`) or CHIP:COUNT",
        )
    return snapshot


def _states_a_host(snapshot: Snapshot) -> bool:
    """Whether a report gave at least one fact, device, toolkit or interpreter."""
    return bool(
        any(f.ok for f in snapshot.facts)
        or snapshot.accelerators
        or snapshot.toolkits
        or snapshot.pythons
    )


def _is_snapshot(name: str) -> bool:
    """Whether a file the user named is a snapshot (``bringup probe --json``, the envelope
    or bare), not a pasted report; a report may be JSON too (a tool's log)."""
    if name == "-":
        return False
    try:
        raw = msgspec.json.decode(read_input(name))
    except (msgspec.DecodeError, RecursionError):
        return False
    return isinstance(raw, dict) and (
        str(raw.get("schema", "")).startswith("bringup/") or "taken_at" in raw
    )


def non_text_share(text: str) -> float:
    """The share of characters that are undecodable bytes or control characters."""
    controls = sum(text.count(chr(code)) for code in range(32) if chr(code) not in "\t\n\r\x0c")
    return (controls + text.count("\ufffd")) / max(len(text), 1)


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


def host_chips(
    snapshot: Snapshot | HostFacts, what_if: Sequence[tuple[str, str]] = ()
) -> tuple[str, ...]:
    """The chip families of the host as the solver sees it (``solve.host_facts``, or a
    target's facts, after the ``what_if`` changes), sorted; none when the chip is absent or
    could not be read.

    Chip policy: the knowledge-base rows limited to chip families are kept for *every*
    family present, not only one. The driver, the firmware and the installed toolkits are
    shared by all the devices of a host, and an environment may be run on any of them, so
    each present family's rows must hold; rows for families the host lacks are left out.
    (Before, only the alphabetically first family counted, which silently dropped the rows
    of the others on a mixed host, and a ``--what-if chip=...`` kept the real host's rows.)"""
    from bringup.solve import HostFacts, apply_what_if, host_facts

    facts = snapshot if isinstance(snapshot, HostFacts) else host_facts(snapshot)
    chip = (apply_what_if(facts, what_if) if what_if else facts).value("chip")
    return tuple(sorted(chip.values)) if chip is not None and chip.status == "ok" else ()


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
        from concurrent.futures import ThreadPoolExecutor

        from bringup.probe.live import take_snapshot

        probing_stage = Stage("probe", "probing this machine")
        with report.stage(probing_stage), ThreadPoolExecutor(1, "probe") as pool:
            probing = pool.submit(take_snapshot)
            from bringup.scan import scan_stack

            with report.stage(scanning):
                stack = scan_stack(list(paths), force=force, progress=report.progress(scanning))
            host = probing.result()
    from bringup.solve import knowledge_catalogue

    with report.stage(Stage("kb", "loading the knowledge base")):
        kb = load_kb(kb_dir, extra_dirs, report)
        rules = kb.rules(chips=host_chips(host))
        catalogue = knowledge_catalogue(kb)
    answer = None
    if index is not None:
        catalogue, answer = read_index(stack.components, catalogue, index, report)
    return StackInputs(
        components=stack.components,
        findings=stack.findings,
        snapshot=host,
        rules=rules,
        catalogue=catalogue,
        knowledge=kb,
        index=answer,
    )


def index_specs(components: Sequence[Component], catalogue: Catalogue) -> dict[str, set[str]]:
    """The distributions the repos constrain (a spec, hard or soft) that the knowledge base
    lists no release of and no repo of the stack provides, with every spec stated on each;
    a need that is not a version (a submodule, a variable) is none."""
    from bringup.solve.needs import NEEDS
    from bringup.solve.problem import provided_key
    from bringup.subjects import canonical_subject, from_index, is_distribution

    ours = {provided_key(c.name) for c in components}
    found: dict[str, set[str]] = {}
    for component in components:
        for req in component.requirements:
            subject = canonical_subject(req.subject)
            if req.subject in NEEDS or not req.spec.strip() or not is_distribution(subject):
                continue
            if not from_index(subject):
                continue
            if provided_key(subject) in ours or catalogue.releases(subject):
                continue
            found.setdefault(subject, set()).add(req.spec.strip())
    return found


def read_index(
    components: Sequence[Component],
    catalogue: Catalogue,
    index: IndexSource,
    reporter: Reporter,
) -> tuple[Catalogue, IndexAnswer]:
    """The catalogue with the index's lists (``index_specs``); what could not be read is one
    warning, and the versions then come from the knowledge base and this machine only."""
    from bringup.index.releases import fetch_projects, index_releases

    specs = index_specs(components, catalogue)
    with reporter.stage(Stage("index", f"reading {len(specs)} release lists")):
        answer = fetch_projects(specs, index.url, index.fetcher, cache_dir=index.cache_dir)
    for line in answer.warnings():
        reporter.emit(Warned(line))
    return catalogue.with_index(index_releases(answer, specs)), answer


def check_exit_code(resolution: Resolution, plan: Plan) -> ExitCode:
    """``bringup check``'s answer: 0 when every repo runs here and every step runs, 1
    otherwise (something blocked, or skipped for want of hardware)."""
    every_repo = all(v.status == "runs" for v in resolution.verdicts)
    every_step = all(step.status == "run" for step in plan.steps)
    return ExitCode.OK if every_repo and every_step else ExitCode.PROBLEMS


def solve_exit_code(resolution: Resolution) -> ExitCode:
    """``bringup solve``'s answer: 0 when every repo has an environment and the hardware it
    needs, 1 otherwise. Steps are not judged: ``solve`` makes no plan."""
    return ExitCode.PROBLEMS if resolution.unplaced or resolution.hardware else ExitCode.OK


def design_for(
    inputs: StackInputs,
    target: TargetHost,
    *,
    allow_driver_change: bool = False,
    explain: bool = True,
) -> Design:
    """The environments for ``target`` from the repos' software requirements, every repo
    taking part, with the knowledge base's rows for the target's chips."""
    from bringup.plan.design import design_stack

    return design_stack(
        inputs.components,
        target.target,
        target.host,
        _rules_for(inputs, host_chips(target.host)),
        inputs.catalogue,
        allow_driver_change=allow_driver_change,
        explain=explain,
    )


def check(
    inputs: StackInputs,
    *,
    target: Optional[TargetHost] = None,
    allow_driver_change: bool = False,
    explain: bool = True,
    reporter: Optional[Reporter] = None,
) -> CheckResult:
    """Design the environments for ``target`` (default: the hardware the repos ask for),
    then solve and plan ``inputs`` on this machine over that split: the verdict per repo
    here, the environments and the plan."""
    from bringup.plan import plan as make_plan
    from bringup.solve import SolveOptions, solve
    from bringup.solve.kinds import for_host

    report = reporter if reporter is not None else Reporter()
    aimed = target if target is not None else read_target(None, inputs.catalogue)
    with report.stage(Stage("design", f"designing environments for {aimed.target.name}")):
        designed = design_for(
            inputs, aimed, allow_driver_change=allow_driver_change, explain=explain
        )
    groups = tuple(env.components for env in designed.resolution.environments)
    host_of = {n: host.backend for host in designed.hosts for n in host.environments}
    kinds = tuple(host_of.get(env.index, "") for env in designed.resolution.environments)
    options = SolveOptions(
        allow_driver_change=allow_driver_change, explain=explain, groups=groups, kinds=kinds
    )
    # A repo that cannot run on the target at all is listed by the design, not planned here;
    # the others are solved with the lines of their host's kind, as designed.
    elsewhere = {e.component for e in designed.elsewhere}
    kind_of = {name: host.backend for host in designed.hosts for name in host.components}
    repos = [
        for_host(c, kind_of.get(c.name, "")) for c in inputs.components if c.name not in elsewhere
    ]
    with report.stage(Stage("solve", f"solving {len(repos)} repos")):
        resolution = solve(repos, inputs.snapshot, inputs.rules, inputs.catalogue, options)
    with report.stage(Stage("plan", "planning the bring-up")):
        made = make_plan(repos, resolution, inputs.snapshot)
    code = ExitCode.PROBLEMS if elsewhere else check_exit_code(resolution, made)
    return CheckResult(inputs, designed, resolution, made, code)


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
    from bringup.solve import SolveOptions, host_facts, solve_facts
    from bringup.solve.whatif import what_if

    report = reporter if reporter is not None else Reporter()
    options = SolveOptions(allow_driver_change=allow_driver_change, design=target is not None)
    repos, catalogue = inputs.components, inputs.catalogue
    host = target.host if target is not None else host_facts(inputs.snapshot)
    rules = _rules_for(inputs, host_chips(host))
    with report.stage(Stage("solve", f"solving {len(repos)} repos")):
        base = solve_facts(repos, host, rules, catalogue, options)
    changed = None
    if changes:
        rules = _rules_for(inputs, host_chips(host, changes))
        with report.stage(Stage("what-if", "solving the changed host")):
            changed = what_if(repos, host, rules, catalogue, changes, options=options, before=base)
    final = changed.resolution if changed is not None else base
    planned = target.target if target is not None else None
    return SolveResult(inputs, base, changed, solve_exit_code(final), planned)


def _rules_for(inputs: StackInputs, chips: tuple[str, ...]) -> tuple[Rule, ...]:
    """The knowledge base's rows for a host with ``chips`` (those of the probed host are
    already loaded)."""
    if chips == host_chips(inputs.snapshot):
        return inputs.rules
    return inputs.knowledge.rules(chips=chips)
