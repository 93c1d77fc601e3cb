"""``up --resume`` with nothing to resume went on as a new run without a word (session-23
outside tester, D25). ``resumable`` says which run it would continue, reading no history that
is not there. The runs below are constructed rows of an empty history."""

from __future__ import annotations

from pathlib import Path

from bringup.run.history import History
from bringup.run.state import StateLayout, stack_key
from bringup.run.up import resumable


def _run(state: Path, paths: tuple[str, ...], status: str) -> int:
    with History(StateLayout(state).database) as history:
        run = history.start_run(
            stack=stack_key(paths),
            paths=paths,
            snapshot_id=None,
            argv=(),
            resolution=b"{}",
            plan=b"{}",
        )
        history.finish_run(run, status)
    return run


def test_no_history_is_nothing_to_resume_and_creates_none(tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert resumable(("repo",), state) is None
    assert not state.exists()


def test_a_failed_run_is_resumed_and_a_passed_one_is_not(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    failed = _run(state, ("repo",), "failed")
    assert resumable(("repo",), state) == failed
    _run(state, ("repo",), "passed")
    assert resumable(("repo",), state) is None
