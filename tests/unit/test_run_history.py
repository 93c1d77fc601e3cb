"""The history database: versioned migrations, a step committed as it starts and as it
ends, reuse by inputs, and runs left running by a killed ``up`` marked interrupted."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bringup.errors import StackError
from bringup.run.history import MIGRATIONS, SCHEMA_VERSION, History, StepRow, migrate


def _step(run_id: int, **fields: object) -> StepRow:
    values: dict[str, object] = {
        "run_id": run_id,
        "order": 1,
        "component": "ops",
        "name": "build",
        "kind": "build",
        "argv": ("cmake", "--build", "build"),
        "status": "running",
    }
    values.update(fields)
    return StepRow(**values)  # type: ignore[arg-type]


def _run(history: History, stack: str = "s") -> int:
    return history.start_run(
        stack=stack, paths=("/r",), snapshot_id=None, argv=("up",), resolution=b"{}", plan=b"{}"
    )


def test_a_version_1_file_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(str(path), isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO runs (stack, paths, started_at, status, argv)"
        " VALUES ('s', '[]', 't', 'passed', '[]')"
    )
    db.close()
    with History(path) as history:
        assert history.run(1) is not None
        assert history.environments() == []
        assert history.integrity() == "ok"
    check = sqlite3.connect(str(path))
    assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    check.close()


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(str(tmp_path / "h.sqlite3"), isolation_level=None)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StackError, match="this bringup knows up to"):
        migrate(db)
    db.close()


def test_steps_are_committed_reused_by_inputs_and_interrupted(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        run = _run(history)
        done = history.add_step(_step(run, inputs="abc", log_path="/l1"))
        history.end_step(done, status="passed", exit_code=0, duration_s=1.5)
        history.add_step(_step(run, order=2, name="test", inputs="def"))  # up dies here
    # Another connection sees both rows at once: each was committed as it was written.
    with History(path) as other:
        assert [s.status for s in other.steps(run)] == ["passed", "running"]
        earlier = other.passed("abc")
        assert earlier is not None
        assert earlier.log_path == "/l1"
        assert other.passed("def") is None
        assert other.interrupt_unfinished("s") == [run]
        assert [s.status for s in other.steps(run)] == ["passed", "interrupted"]
        last = other.last_run("s")
        assert last is not None
        assert last.status == "interrupted"
