"""The exit codes of ``check`` and ``solve``, from the verdicts and the plan: decided in one
place so both commands agree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bringup.errors import ExitCode

if TYPE_CHECKING:
    from bringup.model.plan import Plan
    from bringup.model.resolution import Resolution, Verdict


def _runs_here(verdict: Verdict) -> bool:
    """A repo that runs here now or after what its verdict lists (installing; a driver change
    ``--allow-driver-change`` allowed); one that is unverified (the knowledge base cannot vouch
    for a pin of its environment), needs other hardware or is blocked (a driver change not
    allowed leaves it without an environment) does not."""
    return verdict.status in ("runs", "runs_after")


_LISTED = ("input", "system", "route", "itself", "covered")
"""Reasons a step is listed for the user, not run, whatever the machine."""


_REFUSED = (*_LISTED, "publish")
"""The same, and steps that publish or deploy: ``up`` never runs them, any machine."""


_AFTER_INSTALLS = ("install",)
"""A step blocked only until the installs its repo's verdict lists are done."""


def check_exit_code(resolution: Resolution, plan: Plan) -> ExitCode:
    """``bringup check``'s answer: 0 when every repo runs here (now or after installing) and
    every step runs, 1 otherwise (unverified, blocked, needs other hardware or a driver change not
    allowed, or a step skipped for want of hardware or of a script the repo lacks). A step
    that waits for the user's input (a path to fill in) runs nowhere as written, and one that
    installs outside every environment (``make install``) waits for the user's say: both are
    listed, never counted against this machine. A step that waits only for the installs its
    repo's verdict lists (``install``: marlin's ``pip install .`` building with the CUDA
    toolkit, IST-DASLab/marlin README.md:78) runs after them, as the verdict says of its repo:
    the same verdict gives the same exit whether its steps use the toolkit or not (O9 #14)."""
    every_step = all(
        step.status == "run"
        or (step.reason is not None and step.reason.kind in (*_REFUSED, *_AFTER_INSTALLS))
        for step in plan.steps
    )
    return (
        ExitCode.OK
        if every_step and solve_exit_code(resolution) == ExitCode.OK
        else ExitCode.PROBLEMS
    )


def solve_exit_code(resolution: Resolution) -> ExitCode:
    """``bringup solve``'s answer, by the same verdicts as ``check``: 0 when every repo runs
    here (now or after installing), 1 otherwise (unverified included). Steps are not judged:
    ``solve`` makes no plan."""
    placed = not resolution.unplaced and not resolution.hardware
    every_repo = all(_runs_here(v) for v in resolution.verdicts)
    return ExitCode.OK if placed and every_repo else ExitCode.PROBLEMS
