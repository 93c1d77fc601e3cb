"""Running the units of a plan: each repo's steps in order in its environment, repos with
nothing between them in parallel (at most ``jobs`` at once), every step through the one
process runner with its own log file and timeout, and its row in the history committed when
it starts and when it ends.

A step that passed before with the same inputs is reused, not rerun (unless ``force``). A
build or install that failed, or could not run (no environment, ``--offline``), stops the rest
of its repo and the repos that depend on it; everything else goes on.
"""

from __future__ import annotations

import re
import shlex
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from bringup.model.plan import PlanStep
from bringup.plan.order import PREPARES
from bringup.process import REFUSED_STOPPED, Completed, SubprocessRunner
from bringup.run.fingerprint import (
    STAT_TREE,
    build_variables,
    changed,
    input_parts,
    step_inputs,
)
from bringup.run.graph import Unit
from bringup.run.history import History, StepRow, now
from bringup.run.installed import gone, held, listed
from bringup.run.offline import OFFLINE_ENV, SKIPPED, skipped_offline
from bringup.run.outcome import Failure, StepOutcome
from bringup.run.tail import last_lines

TAIL_LINES = 40
NOT_STARTED = "the run was stopped before this step started"


@dataclass(frozen=True)
class StepSetting:
    """What a step of one environment runs with: its variables, the fingerprint of the
    environment, the activation lines, and the file to source for a re-run by hand;
    ``blocked`` when the environment could not be made."""

    env: Mapping[str, str]
    fingerprint: str
    activation: tuple[str, ...]
    activate_file: str
    blocked: Optional[str] = None
    blocked_for: Mapping[str, str] = field(default_factory=dict)
    """Repo -> why its steps wait though the environment was made (a build on torch failed)."""
    path: Optional[Path] = None
    """The environment's folder: what it holds is read when a step passes and before one is
    reused (``run.installed``)."""
    made_now: bool = False
    """Whether the environment was made in this run (not reused)."""


@dataclass
class Context:
    history: History
    runner: SubprocessRunner
    run_id: int
    log_dir: Path
    settings: Mapping[int, StepSetting]
    trees: Mapping[str, str]
    reason_text: Callable[[PlanStep], Optional[str]]
    diagnose: Callable[[Path, str], Optional[tuple[str, str, str]]]
    on_start: Callable[[PlanStep], None]
    on_end: Callable[[StepOutcome], None]
    timeout_s: float = 3600.0
    force: bool = False
    offline: bool = False
    """``--offline``: every step runs with the installers' offline settings, and one that needs
    the network otherwise is skipped (``run.offline``)."""
    outcomes: list[StepOutcome] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def done(self, outcome: StepOutcome) -> StepOutcome:
        with self._lock:
            self.outcomes.append(outcome)
        self.on_end(outcome)
        return outcome


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")[:60] or "step"


def _row(ctx: Context, step: PlanStep, **fields: object) -> StepRow:
    return StepRow(
        run_id=ctx.run_id,
        order=step.order,
        component=step.component,
        name=step.name,
        kind=step.kind,
        argv=step.argv,
        environment=step.environment,
        **fields,  # type: ignore[arg-type]
    )


def _not_run(ctx: Context, step: PlanStep, status: str, reason: Optional[str]) -> StepOutcome:
    ctx.history.add_step(_row(ctx, step, status=status, reason=reason, finished_at=now()))
    return ctx.done(_replace(_outcome(step), status=status, reason=reason, actions=step.actions))


def run_units(
    ctx: Context, units: Sequence[Unit], cwd_of: Mapping[tuple[str, str], Path], jobs: int
) -> list[StepOutcome]:
    """Run every unit once the units it waits for are done; returns the outcomes in the
    order the steps ended."""
    broken: dict[str, str] = {}
    pending = {u.component.name: u for u in units}
    running: dict[Future[Optional[str]], str] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        try:
            while pending or running:
                for name, unit in list(pending.items()):
                    if unit.after & set(pending) or unit.after & set(running.values()):
                        continue
                    del pending[name]
                    failed_dep = next((broken[d] for d in sorted(unit.after) if d in broken), None)
                    running[pool.submit(_run_unit, ctx, unit, cwd_of, failed_dep)] = name
                if not running:
                    break
                finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
                for future in finished:
                    name = running.pop(future)
                    why = future.result()
                    if why is not None:
                        broken[name] = why
        except BaseException:
            # Ctrl-C: stop the running steps (with their groups) before the pool waits for
            # its threads, and let no new step start.
            ctx.runner.stop()
            raise
    return list(ctx.outcomes)


def _run_unit(
    ctx: Context, unit: Unit, cwd_of: Mapping[tuple[str, str], Path], failed_dep: Optional[str]
) -> Optional[str]:
    """The steps of one repo in order; returns why its dependants cannot go on (a build or
    install that failed or could not run), or None."""
    stop: Optional[str] = failed_dep
    before = ""
    ran: Optional[str] = None
    for step in unit.steps:
        if step.status != "run":
            _not_run(
                ctx, step, "skipped" if step.status == "skip" else "blocked", ctx.reason_text(step)
            )
            continue
        cwd = cwd_of[(step.component, step.name)]
        if skipped_offline(step, ctx.offline, cwd):
            _not_run(ctx, step, "skipped", SKIPPED)
            if step.kind in PREPARES:
                stop = stop or f"{step.component}: step {step.order} ({step.name}) {SKIPPED}"
            continue
        setting = ctx.settings.get(step.environment or 0)
        waits = setting.blocked or setting.blocked_for.get(step.component) if setting else None
        if stop is not None or setting is None or waits:
            why = stop or waits or "no environment was made for it"
            _not_run(ctx, step, "blocked", why)
            if step.kind in PREPARES:
                stop = stop or f"{step.component}: step {step.order} ({step.name}) could not run"
            continue
        variables = build_variables(setting.env)
        inputs = step_inputs(
            tree=ctx.trees[step.component],
            environment=setting.fingerprint,
            argv=step.argv,
            cwd=str(cwd),
            activation=setting.activation,
            before=before,
            variables=variables,
        )
        parts = input_parts(
            tree=ctx.trees[step.component],
            environment=setting.fingerprint,
            cwd=str(cwd),
            activation=setting.activation,
            before=before,
            variables=variables,
        )
        before = inputs
        if ctx.runner.stopped:
            _not_run(ctx, step, "not run", NOT_STARTED)
            continue
        outcome = _run_step(ctx, step, setting, cwd, (inputs, parts), ran=ran)
        if outcome.ran and ran is None:
            ran = f"not reused: step {step.order} ({step.name}) before it ran again"
        if outcome.status in ("failed", "timed out") and step.kind in PREPARES:
            stop = f"{step.component}: step {step.order} ({step.name}) {outcome.status}"
    return stop


def _run_step(
    ctx: Context,
    step: PlanStep,
    setting: StepSetting,
    cwd: Path,
    given: tuple[str, dict[str, str]],
    *,
    ran: Optional[str] = None,
) -> StepOutcome:
    """Run ``step``, or reuse its earlier pass. ``ran``: why not, a step before it in its repo
    ran again (its inputs the same, what it made was gone): what comes after it may use what it
    made anew, so it runs too. ``given``: its inputs' hash and their parts."""
    inputs, parts = given
    base = _outcome(step)
    unreused = None
    if not ctx.force:
        unreused = _why_not_reused(ctx, step, setting, parts)
        earlier = ctx.history.passed(inputs)
        lost = (
            (ran or _unfinished(ctx, step, given) or _lost(ctx, setting, step)) if earlier else None
        )
        unreused = lost or unreused
        if earlier is not None and lost is None:
            ctx.history.add_step(
                _row(
                    ctx,
                    step,
                    status="reused",
                    inputs=inputs,
                    log_path=earlier.log_path,
                    reason=f"passed in run {earlier.run_id} with the same inputs",
                    finished_at=now(),
                    installed=held(setting.path) if setting.path else None,
                    parts=parts,
                )
            )
            return ctx.done(
                _replace(
                    base,
                    reason=f"passed in run {earlier.run_id} with the same inputs",
                    log_path=earlier.log_path,
                )
            )
    log = ctx.log_dir / f"{step.order:02d}-{_slug(step.component)}-{_slug(step.name)}.log"
    row_id = ctx.history.add_step(
        _row(
            ctx,
            step,
            status="running",
            started_at=now(),
            log_path=str(log),
            inputs=inputs,
            parts=parts,
        )
    )
    ctx.on_start(step)
    started = time.monotonic()
    done = ctx.runner.run(
        step.argv,
        timeout=ctx.timeout_s,
        env=_overrides(setting.env, ctx),
        cwd=str(cwd),
        log_path=log,
    )
    if done.error == REFUSED_STOPPED:
        # stopped between the decision to run it and its start: no log, no failure
        ctx.history.never_started(row_id, NOT_STARTED)
        return ctx.done(_replace(base, status="not run", reason=NOT_STARTED, actions=step.actions))
    status, reason = _judge(done)
    reason = reason or unreused if status == "passed" else reason
    duration = round(time.monotonic() - started, 3)
    ctx.history.end_step(
        row_id,
        status=status,
        exit_code=done.returncode,
        duration_s=duration,
        reason=reason,
        installed=held(setting.path) if status == "passed" and setting.path else None,
    )
    failure = None if status == "passed" else _failure(ctx, step, setting, cwd, log)
    return ctx.done(
        _replace(
            base,
            status=status,
            reason=reason,
            duration_s=duration,
            exit_code=done.returncode,
            log_path=str(log),
            failure=failure,
        )
    )


_HOW = {
    "running": "did not finish",
    "interrupted": "was interrupted",
}


def _unfinished(ctx: Context, step: PlanStep, given: tuple[str, dict[str, str]]) -> Optional[str]:
    """Why a step that passed with these inputs runs again: it was started again since, and
    that start did not pass, or passed with other inputs (``_shared``). Its row is written
    before its command starts and again when it ends: one left ``running`` (``up`` killed,
    crashed, the machine off, the disk full at its end), ``interrupted``, failed or timed out
    may have left what it made half done, whatever the pass before (outsider15 D1: a
    clean-then-build step killed midway was "reused" by ``--resume``, its output gone); one
    that passed with ``CC`` set made what is on disk now with it, and the pass without it is
    not what is there (review34: passed without CC, then with, then "reused" without it)."""
    last = ctx.history.last_ran(step.component, step.argv)
    if last is None:
        return None
    inputs, parts = given
    if last.status == "passed":
        if last.inputs in (None, inputs):
            return None
        if last.parts is None:
            found = ["its inputs"]
        else:
            found = changed(_shared(last.parts), _shared(parts))
            if not found:
                return None
        return (
            f"not reused: {'; '.join(found)} differed when it last ran, in run {last.run_id}, "
            "after it passed with these: what it made is that run's"
        )
    how = _HOW.get(last.status, last.status)
    return (
        f"not reused: it {how} in run {last.run_id}, after it last passed with these inputs: "
        "what it made then may be gone"
    )


def _shared(parts: dict[str, str]) -> dict[str, str]:
    """The inputs of a step whose work lands where another run of it would write over it: not
    its environment (a run in another one installed there: outsider14's two interpreters keep
    env-1 reusable), nor the steps before it (one that ran again stops reuse by itself)."""
    return {k: v for k, v in parts.items() if k not in ("environment", "before")}


def _lost(ctx: Context, setting: StepSetting, step: PlanStep) -> Optional[str]:
    """Why a step that passed with the same inputs runs again: its environment no longer holds
    what it held when a step last recorded it (removed or replaced since by hand: outsider13
    D1, ``run.installed``). Compared with the last record, not with what this step left: a
    later step may upgrade what it installed (``pip install .`` after a requirements list).
    None when it holds it all, or nothing was recorded."""
    if setting.path is None:
        return None
    last = ctx.history.held_last(ctx.run_id, step.environment)
    if last is None or last.installed is None:
        return None
    missing = gone(last.installed, held(setting.path) or {})
    if not missing:
        return None
    return (
        f"not reused: environment {step.environment} no longer holds what it held after run "
        f"{last.run_id}: {listed(missing)}"
    )


def _why_not_reused(
    ctx: Context, step: PlanStep, setting: StepSetting, parts: dict[str, str]
) -> Optional[str]:
    """Why a step that passed before runs again: its environment was made anew in this run
    (nothing done in the one before counts: outsider13 D2), or the inputs that changed since,
    by name (``fingerprint.changed``: a variable, the repo's files, its environment; outsider15
    D15). A pass recorded before the inputs were kept one by one: in a tree git cannot read,
    its files are compared by size and time, so a step's own outputs are new inputs unless a
    .gitignore lists them (outsider11 #11). None where it never passed, or nothing is known."""
    earlier = ctx.history.passed_before(step.component, step.argv)
    if earlier is None:
        return None
    if setting.made_now:
        return (
            f"not reused: environment {step.environment} was made anew in this run, after it "
            f"passed in run {earlier.run_id}"
        )
    if earlier.parts is not None:
        found = changed(earlier.parts, parts)
        if not found:
            return None
        return f"not reused: {'; '.join(found)} changed since it passed in run {earlier.run_id}"
    if not ctx.trees[step.component].startswith(STAT_TREE):
        return None
    return (
        f"not reused: its inputs changed since it passed in run {earlier.run_id}, and this is "
        "not a git checkout: files count by size and time (list the steps' outputs in "
        ".gitignore)"
    )


def _outcome(step: PlanStep) -> StepOutcome:
    """The outcome of ``step`` as ``reused``; the callers replace what differs."""
    return StepOutcome(
        order=step.order,
        component=step.component,
        name=step.name,
        kind=step.kind,
        argv=step.argv,
        status="reused",
        environment=step.environment,
    )


def _replace(outcome: StepOutcome, **changes: object) -> StepOutcome:
    import msgspec

    return msgspec.structs.replace(outcome, **changes)


def _overrides(env: Mapping[str, str], ctx: Context) -> dict[str, Optional[str]]:
    """The step's whole environment as overrides of the runner's base (what the base has
    and the step's environment lacks is removed), with the offline settings under
    ``--offline``."""
    import os

    changes: dict[str, Optional[str]] = {name: None for name in os.environ if name not in env}
    changes.update(env)
    if ctx.offline:
        changes.update(OFFLINE_ENV)
    return changes


def _judge(done: Completed) -> tuple[str, Optional[str]]:
    if done.ok:
        return "passed", None
    if done.timed_out:
        return (
            "timed out",
            f"killed with its process group after {done.duration_s:.0f} s (the step timeout)",
        )
    if done.error is not None:
        return ("interrupted" if done.error == "interrupted" else "failed"), done.error
    return "failed", f"exit status {done.returncode}"


def _failure(ctx: Context, step: PlanStep, setting: StepSetting, cwd: Path, log: Path) -> Failure:
    diagnosis = ctx.diagnose(log, step.kind)
    # as it ran: offline, with the offline settings (a re-run by hand would reach the index)
    settings = [f"{name}={value}" for name, value in OFFLINE_ENV.items()] if ctx.offline else []
    rerun = (
        f"cd {shlex.quote(str(cwd))} && . {shlex.quote(setting.activate_file)} && "
        + shlex.join([*settings, *step.argv])
    )
    return Failure(
        phase=step.kind,
        tail=tuple(last_lines(log, TAIL_LINES)),
        rerun=rerun,
        diagnosis=diagnosis[0] if diagnosis else None,
        fix=diagnosis[1] if diagnosis else None,
        diagnosis_source=diagnosis[2] if diagnosis else None,
    )
