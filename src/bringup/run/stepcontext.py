"""What running a plan's steps carries from step to step (``bringup.run.execute``): each
environment's settings for its steps and the run's context (history, runner, callbacks).
Apart from ``run.execute`` because the reuse checks (``run.reuse``) read them too."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from bringup.model.plan import PlanStep
from bringup.process import SubprocessRunner
from bringup.run.history import History
from bringup.run.outcome import StepOutcome


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
    heads: Mapping[str, str] = field(default_factory=dict)
    """Repo -> the commit its checkout is at (``fingerprint.git_head``), where git says."""
    changes: Mapping[str, str] = field(default_factory=dict)
    """Repo -> its checkout's uncommitted changes (``fingerprint.git_changes``), where git says."""
    outcomes: list[StepOutcome] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def done(self, outcome: StepOutcome) -> StepOutcome:
        with self._lock:
            self.outcomes.append(outcome)
        self.on_end(outcome)
        return outcome
