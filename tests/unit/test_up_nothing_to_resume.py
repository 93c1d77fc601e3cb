"""``up --resume`` with nothing to resume went on as a new run without a word (session-23
outside tester, D25). ``resumable`` says which run it would continue, reading no history that
is not there. The runs below are constructed rows of an empty history."""

from __future__ import annotations

from pathlib import Path

from bringup.model.plan import Plan, Tier
from bringup.model.resolution import Resolution
from bringup.model.snapshot import Snapshot
from bringup.run.history import History
from bringup.run.indexes import IndexSettings
from bringup.run.state import StateLayout, stack_key
from bringup.run.up import Stack, UpOptions, bring_up, resumable


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


def test_up_resumes_the_run_resumable_names(tmp_path: Path) -> None:
    """Review 23 #14: ``bring_up`` chose its run inline, an unfinished one first, so with a
    killed run before a failed one ``--resume`` continued the killed run while ``resumable``
    (the message) named the failed one. Constructed: an empty stack, nothing to run."""
    state = tmp_path / "state"
    state.mkdir()
    with History(StateLayout(state).database) as history:
        history.start_run(  # killed: never finished
            stack=stack_key(("repo",)),
            paths=("repo",),
            snapshot_id=None,
            argv=(),
            resolution=b"{}",
            plan=b"{}",
        )
    failed = _run(state, ("repo",), "failed")
    assert resumable(("repo",), state) == failed
    stack = Stack(
        components=(),
        snapshot=Snapshot(taken_at="2026-12-04T00:00:00+00:00", origin="live"),
        resolution=Resolution(),
        plan=Plan(tier=Tier(level=0), order=()),
        paths=("repo",),
    )
    outcome = bring_up(
        stack,
        UpOptions(state=state, resume=True, offline=True),
        reason_text=lambda _: None,
        on_start=lambda _: None,
        on_end=lambda _: None,
        settings=IndexSettings(),
    )
    assert outcome.resumed_from == failed
