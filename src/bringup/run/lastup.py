"""The last ``bringup up`` of a checkout on this machine, when a step of it failed: what
``check`` says beside its static verdict.

``check`` reads the repos and the machine; ``up`` runs them. After ``up`` of dfm/extending-jax
failed at ``pytest`` (ImportError: ``jax.lib`` has no ``xla_client`` in the newest jax), ``check``
still said "runs here", exit 0 (outsider 23 D9): the history held the answer. The newest run
whose checkouts include the repo's folder speaks for it; a later run that passed clears an
earlier failure. A failure recorded at another commit than the checkout's now (``up`` keeps the
commit with each step's inputs, ``fingerprint.input_parts``), or at the same commit with other
uncommitted changes to its tracked files (a fix not yet committed), is stale: said, and no
longer the answer's, as ``up`` would run the step again. Read only: ``check`` changes nothing
in the state directory (the history is opened ``unchanged``: no migration, no journal mode;
one of another schema is not read)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Callable, Optional

import msgspec

from bringup.model.requirements import Component
from bringup.run.historyrows import RunRow

FAILED = ("failed", "timed out")
"""A step's recorded ends that say the step did not work here (``StepRow.status``)."""

RUNS_READ = 50
"""How many of the newest runs are searched for the repo's folder."""


class LastFailure(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The first failed step of a repo in the newest ``up`` run of its checkout."""

    component: str
    run_id: int
    started_at: str
    order: int
    step: str
    status: str
    exit_code: Optional[int] = None
    log_path: Optional[str] = None
    diagnosis: Optional[str] = None
    fix: Optional[str] = None
    diagnosis_source: Optional[str] = None
    commit: Optional[str] = None
    """The commit the checkout was at when the step ran (runs since session 44 record it)."""
    now: Optional[str] = None
    """The commit the checkout is at now, where it is another: the failure is ``stale``."""
    edited: bool = False
    """At the same commit, the checkout's uncommitted changes are others than the step ran
    with (``fingerprint.git_changes``): the failure is ``stale``."""

    @property
    def stale(self) -> bool:
        """Recorded at another commit than the checkout's now, or with other uncommitted
        changes: no longer this checkout's."""
        return self.now is not None or self.edited


def last_failures(
    components: Sequence[Component],
    state: Path,
    head: Optional[Callable[[Path], Optional[str]]] = None,
    changes: Optional[Callable[[Path], Optional[str]]] = None,
) -> tuple[LastFailure, ...]:
    """The repos of ``components`` whose newest run under ``state`` failed, each with its first
    failed step and the diagnosis of its log (``up``'s own); none when nothing is recorded.
    ``head``: the commit a checkout is at now (``fingerprint.git_head``), asked only of a repo
    whose failed step recorded one; ``changes``: its uncommitted changes now
    (``fingerprint.git_changes``), asked only where the commit is the one recorded."""
    from bringup.run.history import History
    from bringup.run.state import StateLayout

    layout = StateLayout(state)
    if not layout.recorded():
        return ()
    found: list[LastFailure] = []
    with History(layout.database, unchanged=True) as history:
        runs = history.runs(RUNS_READ)
        for component in components:
            run = _newest(runs, component.path)
            if run is None:
                continue
            failed = [
                s
                for s in history.steps(run.id)
                if s.component == component.name and s.status in FAILED
            ]
            if failed:
                step = min(failed, key=lambda s: s.order)
                said = _diagnosis(step.log_path, step.kind)
                commit = (step.parts or {}).get("commit")
                now = (head or _head)(Path(component.path)) if commit else None
                edited = bool(commit) and now == commit and _edited(step.parts, component, changes)
                found.append(
                    LastFailure(
                        component=component.name,
                        run_id=run.id,
                        started_at=run.started_at,
                        order=step.order,
                        step=step.name,
                        status=step.status,
                        exit_code=step.exit_code,
                        log_path=step.log_path,
                        diagnosis=said[0] if said else None,
                        fix=said[1] if said else None,
                        diagnosis_source=said[2] if said else None,
                        commit=commit,
                        now=now if now and now != commit else None,
                        edited=edited,
                    )
                )
    return tuple(found)


def _newest(runs: Sequence[RunRow], folder: str) -> Optional[RunRow]:
    """The newest run (``runs`` come newest first) whose checkouts include ``folder``."""
    here = str(Path(folder).resolve())
    return next((run for run in runs if here in run.paths), None)


def _diagnosis(log_path: Optional[str], phase: str) -> Optional[tuple[str, str, str]]:
    """``up``'s diagnosis of the step's log, read again (the history keeps the log, not it)."""
    if not log_path:
        return None
    from bringup.run.up import diagnose

    return diagnose(Path(log_path), None, phase)


def _edited(
    parts: Optional[Mapping[str, str]],
    component: Component,
    changes: Optional[Callable[[Path], Optional[str]]],
) -> bool:
    """Whether the checkout's uncommitted changes now are others than those recorded with the
    step; a run that recorded none (git could not say, or a bringup before them) is not
    known to be stale."""
    recorded = (parts or {}).get("changes")
    if recorded is None:
        return False
    now = (changes or _changes)(Path(component.path))
    return now is not None and now != recorded


def _changes(root: Path) -> Optional[str]:
    from bringup.process import SubprocessRunner
    from bringup.run.fingerprint import git_changes

    return git_changes(root, SubprocessRunner())


def _head(root: Path) -> Optional[str]:
    from bringup.process import SubprocessRunner
    from bringup.run.fingerprint import git_head

    return git_head(root, SubprocessRunner())
