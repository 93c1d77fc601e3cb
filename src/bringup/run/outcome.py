"""What happened to each step of a run, as data for the renderers and the JSON envelope."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.plan import Action

Status = Literal[
    "passed", "failed", "timed out", "reused", "skipped", "blocked", "interrupted", "not run"
]
"""``interrupted``: the step was running when the run was stopped (Ctrl-C, SIGTERM); ``not run``:
it had not started then, and ``--resume`` runs it (outsider10 D19)."""


class Failure(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """How a step failed: the phase (its kind), the last lines of its log, the top
    diagnosis of the log (``bringup explain``'s first answer) and a command to re-run it."""

    phase: str
    tail: tuple[str, ...]
    rerun: str
    diagnosis: Optional[str] = None
    fix: Optional[str] = None
    diagnosis_source: Optional[str] = None


class StepOutcome(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    order: int
    component: str
    name: str
    kind: str
    argv: tuple[str, ...]
    status: Status
    environment: Optional[int] = None
    reason: Optional[str] = None
    actions: tuple[Action, ...] = ()
    duration_s: Optional[float] = None
    exit_code: Optional[int] = None
    log_path: Optional[str] = None
    failure: Optional[Failure] = None

    @property
    def ran(self) -> bool:
        return self.status in ("passed", "failed", "timed out")


class EnvironmentOutcome(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    index: int
    components: tuple[str, ...]
    python: str
    path: str
    status: Literal["created", "reused", "failed", "not needed"]
    requirements: tuple[str, ...] = ()
    activation: Optional[str] = None
    dockerfile: Optional[str] = None
    error: Optional[str] = None
    log_path: Optional[str] = None
    replaced: Optional[str] = None
    """What a created environment replaced at its path (``environments.Made.replaced``)."""
    detour: Optional[str] = None
    """The default index that did not answer; the environment came from the user's other
    indexes and find-links (``environments.Made.detour``), its secrets redacted."""
    torch_detour: Optional[str] = None
    """The PyTorch index that did not answer; torch came from the user's other indexes
    (``environments.Made.torch_detour``)."""
    torch_detour_got: Optional[str] = None
    """The torch version the environment then holds (``2.13.0+cpu``), read from it."""
    beside: Optional[str] = None
    """The interpreter of the environment kept at the first path, when this one is beside it
    (another Python on ``PATH``: ``environments.interpreter_path``)."""


class SubmoduleOutcome(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What ``up`` did about one unfetched submodule: ``fetched``, ``failed`` (its log says
    why), or ``not fetched`` (``reason`` says why and the command to run)."""

    component: str
    path: str
    status: Literal["fetched", "failed", "not fetched"]
    command: str
    reason: Optional[str] = None
    log_path: Optional[str] = None


class RunOutcome(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    run_id: int
    state_dir: str
    status: str
    environments: tuple[EnvironmentOutcome, ...] = ()
    steps: tuple[StepOutcome, ...] = ()
    submodules: tuple[SubmoduleOutcome, ...] = ()
    resumed_from: Optional[int] = None
