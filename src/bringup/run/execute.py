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
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Optional

from bringup.model.plan import PlanStep
from bringup.plan.order import PREPARES
from bringup.process import REFUSED_STOPPED, Completed
from bringup.run.fingerprint import (
    build_variables,
    input_parts,
    step_inputs,
)
from bringup.run.graph import Unit
from bringup.run.history import StepRow, now
from bringup.run.installed import held
from bringup.run.offline import OFFLINE_ENV, SKIPPED, skipped_offline
from bringup.run.outcome import Failure, StepOutcome
from bringup.run.reuse import why_lost, why_not_reused, why_unfinished
from bringup.run.stepcontext import Context, StepSetting
from bringup.run.tail import last_lines

TAIL_LINES = 40
NOT_STARTED = "the run was stopped before this step started"


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
            commit=ctx.heads.get(step.component),
            changes=ctx.changes.get(step.component),
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
        unreused = why_not_reused(ctx, step, setting, parts)
        earlier = ctx.history.passed(inputs)
        lost = (
            (ran or why_unfinished(ctx, step, given) or why_lost(ctx, setting, step))
            if earlier
            else None
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
