"""The commands that only read the history (``history``, ``env print``, ``diff``) read a state
folder on a read-only file system, as the outside tester kept one (outsider13 D12,
/work/outsider13/repro.sh: the history file copied onto a tmpfs remounted ``ro``; all three
said "cannot write the history database", exit 2). ``up`` writes, and still refuses it."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bringup.errors import InputError
from bringup.run.history import SCHEMA_VERSION, History
from tmpfs import small_tmpfs

MANIFEST = """name = "pure"
infer = false
infer_steps = false
[[steps]]
name = "a"
kind = "test"
argv = ["python3", "-c", "print(1)"]
"""
"""One trivial step (the outside tester's cases of a state folder: /work/outsider11/repro.sh d3)."""


def _bringup(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.run(
        [sys.executable, "-m", "bringup", *argv],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def _remount_read_only(mount: Path) -> None:
    done = subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=False)
    if done.returncode != 0:
        pytest.skip("cannot remount the tmpfs read-only here")


def test_history_env_print_and_diff_read_a_read_only_state(tmp_path: Path) -> None:
    repo = tmp_path / "pure"
    repo.mkdir()
    (repo / "bringup.toml").write_text(MANIFEST, encoding="utf-8")
    made = tmp_path / "made"
    up = _bringup("up", str(repo), "--yes", "--state", str(made))
    assert up.returncode == 0, up.stderr
    with small_tmpfs(tmp_path / "ro", "size=4m") as mount:
        state = mount / "state"
        state.mkdir()
        # as the tester did: the history file alone (no -wal, no -shm beside it)
        shutil.copy(made / "history.sqlite3", state / "history.sqlite3")
        _remount_read_only(mount)
        runs = _bringup("history", "--state", str(state), "--json")
        assert runs.returncode == 0, runs.stderr
        assert [r["status"] for r in json.loads(runs.stdout)["data"]] == ["passed"]
        steps = _bringup("history", "1", "--state", str(state))
        assert steps.returncode == 0, steps.stderr
        assert "python3 -c" in steps.stdout
        env = _bringup("env", "print", "pure", "--state", str(state))
        assert env.returncode == 0, env.stderr
        assert "export VIRTUAL_ENV=" in env.stdout
        diff = _bringup("diff", "run:1", "run:1", "--state", str(state))
        assert diff.returncode == 0, diff.stderr
        assert not list(state.iterdir())[1:], "nothing was written beside the history"
        refused = _bringup("up", str(repo), "--yes", "--state", str(state))
        assert refused.returncode == 2
        assert "Read-only file system" in refused.stderr


def test_a_read_only_history_of_an_older_schema_is_said_not_misread(tmp_path: Path) -> None:
    """An older file is brought up to date by writing it: where it cannot be, the reader says
    so instead of failing on a column it lacks."""
    with small_tmpfs(tmp_path / "ro", "size=1m") as mount:
        path = mount / "history.sqlite3"
        db = sqlite3.connect(str(path), isolation_level=None)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
        db.close()
        _remount_read_only(mount)
        with pytest.raises(InputError, match="up to date by writing it") as refused:
            History(path, read_only=True)
        assert refused.value.hint == "make its folder writable once"
