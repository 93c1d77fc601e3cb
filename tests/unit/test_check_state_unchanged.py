"""``check`` reads the last ``bringup up`` beside its answer (``run.lastup``, whose docstring says
it changes nothing in the state directory); it opened the history as ``up`` does, for writing:
a schema 3 file came back at schema 4 and in WAL mode. Now it changes nothing, and a file of
another schema is said, not brought up to date."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.run.history import MIGRATIONS, History
from bringup.run.historyrows import StepRow


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "requirements.txt").write_text("numpy>=1.20\n")
    return repo


def _folder(state: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(state.iterdir())}


def test_check_leaves_an_older_history_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, state = _repo(tmp_path), tmp_path / "state"
    state.mkdir()
    db = sqlite3.connect(str(state / "history.sqlite3"), isolation_level=None)
    for number in range(3):  # the file as a bringup of schema 3 left it
        db.executescript(MIGRATIONS[number])
        db.execute(f"PRAGMA user_version = {number + 1}")
    db.close()
    before = _folder(state)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 0
    assert _folder(state) == before
    assert "schema 3" in capsys.readouterr().err
    db = sqlite3.connect(str(state / "history.sqlite3"))
    assert db.execute("PRAGMA user_version").fetchone()[0] == 3
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


def test_check_reads_a_wal_history_and_leaves_no_file_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, state = _repo(tmp_path), tmp_path / "state"
    state.mkdir()
    with History(state / "history.sqlite3") as history:
        run = history.start_run(
            stack="s", paths=(str(repo.resolve()),), snapshot_id=None, argv=("up",),
            resolution=b"{}", plan=b"{}",
        )  # fmt: skip
        history.add_step(
            StepRow(
                run_id=run, order=1, component=repo.name, name="pytest", kind="test",
                argv=("pytest",), status="failed", exit_code=1,
            )
        )  # fmt: skip
        history.finish_run(run, "failed")
    before = _folder(state)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 1  # the failure is read
    assert _folder(state) == before


def test_check_reads_through_a_crashed_ups_wal_changing_neither_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """review44a: an ``up`` that ended without closing the history (killed) leaves its last
    writes in the ``-wal`` file; ``check``'s read-write connection, the last to close, wrote
    them into the history and removed the ``-wal``. It now reads through the ``-wal`` read
    only: the history and the ``-wal`` are as the ``up`` left them (the ``-shm`` is SQLite's
    index of the ``-wal``, rebuilt by any reader)."""
    repo, state = _repo(tmp_path), tmp_path / "state"
    state.mkdir()
    script = f"""
import os, sys
from bringup.run.history import History
from bringup.run.historyrows import StepRow
history = History(__import__("pathlib").Path({str(state / "history.sqlite3")!r})).__enter__()
history._db.execute("PRAGMA wal_autocheckpoint=0")
run = history.start_run(stack="s", paths=({str(repo.resolve())!r},), snapshot_id=None,
    argv=("up",), resolution=b"{{}}", plan=b"{{}}")
history.add_step(StepRow(run_id=run, order=1, component={repo.name!r}, name="pytest",
    kind="test", argv=("pytest",), status="failed", exit_code=1))
history.finish_run(run, "failed")
os._exit(0)
"""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    subprocess.run([sys.executable, "-c", script], check=True, env=env)
    assert (state / "history.sqlite3-wal").exists()
    before = {k: v for k, v in _folder(state).items() if not k.endswith("-shm")}
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 1  # the failure in the -wal is read
    assert {k: v for k, v in _folder(state).items() if not k.endswith("-shm")} == before
