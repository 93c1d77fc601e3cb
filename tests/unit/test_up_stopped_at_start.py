"""A step the run was stopped for between the decision to run it and its start (Ctrl-C or
SIGTERM just as it came up): the runner refuses the command, and the step is ``not run`` with no
log and no failure, like the steps an interrupted run never reached; it was "not run" with a log
path it never wrote and a failure whose tail and re-run line described nothing."""

from __future__ import annotations

import os
from pathlib import Path

from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.model.source import Source
from bringup.process import SubprocessRunner
from bringup.run.execute import NOT_STARTED, run_units
from bringup.run.graph import units
from bringup.run.history import History
from bringup.run.outcome import StepOutcome
from bringup.run.state import StateLayout
from bringup.run.stepcontext import Context, StepSetting

SRC = Source(kind="file", ref="bringup.toml", line=1)


def test_a_step_stopped_just_before_its_start_is_not_run_with_no_log(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    marker = tmp_path / "ran"
    step = PlanStep(
        order=1,
        component="repo",
        name="touch",
        kind="test",
        argv=("touch", str(marker)),
        status="run",
        source=SRC,
        environment=1,
    )
    runner = SubprocessRunner()
    ended: list[StepOutcome] = []
    with History(StateLayout(tmp_path / "state").database) as history:
        run_id = history.start_run(
            stack="s", paths=(str(repo),), snapshot_id=None, argv=(), resolution=b"", plan=b""
        )
        ctx = Context(
            history=history,
            runner=runner,
            run_id=run_id,
            log_dir=tmp_path / "logs",
            settings={
                1: StepSetting(
                    env=dict(os.environ), fingerprint="f", activation=(), activate_file="/dev/null"
                )
            },
            trees={"repo": "t"},
            reason_text=lambda _: None,
            diagnose=lambda _log, _phase: None,
            on_start=lambda _: runner.stop(),  # the stop comes in the window before the start
            on_end=ended.append,
        )
        component = Component(name="repo", path=str(repo), role="other")
        run_units(ctx, units([component], [step]), {("repo", "touch"): repo}, jobs=1)
        rows = history.steps(run_id)
    assert not marker.exists()
    [outcome] = ended
    assert (outcome.status, outcome.reason) == ("not run", NOT_STARTED)
    assert outcome.log_path is None
    assert outcome.failure is None
    [row] = rows
    assert (row.status, row.reason, row.log_path, row.started_at) == (
        "not run",
        NOT_STARTED,
        None,
        None,
    )
    assert not (tmp_path / "logs").exists()
