"""Why a step that passed before runs again rather than being reused: its inputs changed, its
environment was made anew or lost what it held, or a later start of it did not pass. Apart from
``bringup.run.execute``, which runs or reuses the step on the answer."""

from __future__ import annotations

from typing import Optional

from bringup.model.plan import PlanStep
from bringup.run.fingerprint import STAT_TREE, changed
from bringup.run.installed import gone, held, listed
from bringup.run.stepcontext import Context, StepSetting

_HOW = {
    "running": "did not finish",
    "interrupted": "was interrupted",
}


def why_unfinished(
    ctx: Context, step: PlanStep, given: tuple[str, dict[str, str]]
) -> Optional[str]:
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


def why_lost(ctx: Context, setting: StepSetting, step: PlanStep) -> Optional[str]:
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


def why_not_reused(
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
