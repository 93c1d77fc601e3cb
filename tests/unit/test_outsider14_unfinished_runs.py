"""A run whose ``bringup up`` ended without writing its end is not "running" forever
(outsider14 D10: on a 600 KB tmpfs, ``up`` failed to write the history once the half-made
environment had filled the disk, exited 2, and ``history`` said "1  running  sbe2" from then
on; the 476 KB environment stayed behind)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.model import Component
from bringup.model.plan import Plan, Tier
from bringup.model.resolution import Environment, Pin, Resolution
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.run.environments import environment_spec, make_environment
from bringup.run.history import History
from bringup.run.indexes import IndexSettings
from bringup.run.lock import held, up_lives
from bringup.run.state import StateLayout
from bringup.run.up import Stack, UpOptions, bring_up


def test_the_stack_lock_tells_a_live_up_from_a_gone_one(tmp_path: Path) -> None:
    layout = StateLayout(tmp_path / "state")
    assert up_lives(layout, "stack-a") is False  # never run
    with held(layout, "stack-a", ("/repos/x",)):
        assert up_lives(layout, "stack-a") is True
    # the lock file stays with this (living) process's pid and start time; a pid that is gone
    locks = layout.root / "locks"
    (lock,) = [p for p in locks.iterdir() if p.name.startswith("stack-")]
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    lock.write_text(f"{gone.stdout.strip()} 12345\n", encoding="ascii")
    assert up_lives(layout, "stack-a") is False
    # this pid, but another start time: the pid was reused by another process
    lock.write_text(f"{os.getpid()} 1\n", encoding="ascii")
    assert up_lives(layout, "stack-a") is False


def test_a_reader_never_sees_the_lock_file_empty_while_a_step_starts(tmp_path: Path) -> None:
    """Each step that starts or ends rewrites the lock file; a ``history`` read meanwhile must
    find the up's pid, not an empty file (review33: truncated before it was written, a live run
    read as interrupted)."""
    layout = StateLayout(tmp_path / "state")
    with held(layout, "stack-a", ()) as holding:
        stop = threading.Event()

        def steps() -> None:
            while not stop.is_set():
                for pgid in range(1, 40):
                    holding.group(pgid, True)
                for pgid in range(1, 40):
                    holding.group(pgid, False)

        writer = threading.Thread(target=steps)
        writer.start()
        try:
            seen = [up_lives(layout, "stack-a") for _ in range(3000)]
        finally:
            stop.set()
            writer.join()
    assert all(seen)


def _recorded_running(state: Path) -> None:
    with History(StateLayout(state).database) as history:
        history.start_run(
            stack="19ee09c5199e",
            paths=("/tmp/sbe2",),
            snapshot_id=None,
            argv=("up", "/tmp/sbe2"),
            resolution=b"{}",
            plan=b"{}",
        )


def test_history_says_interrupted_where_the_up_is_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    _recorded_running(state)
    assert main(["history", "--state", str(state), "--json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["data"]
    assert run["status"] == "interrupted"
    assert main(["history", "1", "--state", str(state)]) == 0
    assert "run 1 (interrupted)" in capsys.readouterr().out


def test_history_keeps_running_while_the_up_lives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    _recorded_running(state)
    with held(StateLayout(state), "19ee09c5199e", ("/tmp/sbe2",)):
        assert main(["history", "--state", str(state), "--json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["data"]
    assert run["status"] == "running"


class _Failing:
    """``uv venv PATH`` makes the folder, then every command fails, as on a full disk."""

    def run(self, argv: Sequence[str], **_: object) -> Completed:
        if "venv" in argv[1:3]:
            Path(argv[-1]).mkdir(parents=True)
            (Path(argv[-1]) / "pyvenv.cfg").write_text("version = 3.13.0\n", encoding="utf-8")
        return Completed(argv=tuple(argv), returncode=1)


def test_an_environment_that_could_not_be_made_is_not_left_behind(tmp_path: Path) -> None:
    source = Source(kind="command", ref="/py313/bin/python3 --version")
    python = PythonInstall(
        path="/py313/bin/python3", version="3.13.0", origin="pyenv", source=source
    )
    snapshot = Snapshot(taken_at="2026-12-06T00:00:00Z", origin="replay", pythons=(python,))
    environment = Environment(
        index=1,
        components=("sbe2",),
        pins=(
            Pin(
                subject="python",
                version="3.13.0",
                origin="installed",
                source=source,
                installed=True,
            ),
        ),
    )
    spec = environment_spec(environment, snapshot, ())
    path = tmp_path / "envs" / "env-1"
    made = make_environment(spec, path, IndexSettings(), _Failing(), log_dir=tmp_path, uv="uv")
    assert not made.ok
    assert made.error
    assert not path.exists()


def test_a_run_that_raises_is_recorded_failed_not_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The storage failure ``up`` met on the tester's disk, raised while the environments are
    made: the run's end is written before the error goes on to the user."""
    repo = tmp_path / "repo"
    repo.mkdir()
    component = Component(name="sbe2", path=str(repo), role="other")
    stack = Stack(
        components=(component,),
        snapshot=Snapshot(taken_at="2026-12-06T00:00:00+00:00", origin="live"),
        resolution=Resolution(),
        plan=Plan(tier=Tier(level=0), order=("sbe2",), steps=()),
        paths=(str(repo),),
    )
    full = InputError("cannot write the history database: No space left on device")

    def _raise(**_: object) -> None:
        raise full

    monkeypatch.setattr("bringup.run.up._environments", _raise)
    with pytest.raises(InputError):
        bring_up(
            stack,
            UpOptions(state=tmp_path / "state", offline=True),
            reason_text=lambda _: None,
            on_start=lambda _: None,
            on_end=lambda _: None,
            settings=IndexSettings(),
        )
    with History(StateLayout(tmp_path / "state").database, read_only=True) as history:
        (run,) = history.runs()
    assert run.status == "failed"
    assert run.finished_at
