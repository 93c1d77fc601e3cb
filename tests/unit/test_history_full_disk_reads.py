"""A command that only reads the history reads it on a full or failing disk: outsider15 D9
(/work/outsider15/repro.sh, "D9": a tmpfs state, one passed run, the disk then filled:
``history``, ``diff`` and ``env print`` exited 2 "cannot write the history database: disk I/O
error"). ``up`` on such a disk is still refused, and a damaged file is still said as one."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bringup.errors import InputError
from bringup.run.history import History
from tmpfs import small_tmpfs


def _recorded(path: Path) -> None:
    with History(path) as history:
        history.start_run(
            stack="s", paths=("/r",), snapshot_id=None, argv=("up",), resolution=b"{}", plan=b"{}"
        )


_REAL = sqlite3.connect


def _disk_fails(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    """Opening for writing fails as on the tester's full tmpfs; a read-only open works."""
    if not kwargs.get("uri"):
        raise sqlite3.OperationalError("disk I/O error")
    db: sqlite3.Connection = _REAL(*args, **kwargs)
    return db


def test_a_read_opens_the_history_the_disk_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history.sqlite3"
    _recorded(path)
    monkeypatch.setattr("bringup.run.history.sqlite3.connect", _disk_fails)
    with History(path, read_only=True) as history:
        assert [r.id for r in history.runs()] == [1]
    with pytest.raises(InputError, match="cannot write the history database: disk I/O error"):
        History(path)  # ``up`` writes: refused


def test_a_damaged_file_is_said_as_damaged_to_a_read(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\x13\x37garbage, not SQLite" * 300)
    with pytest.raises(InputError, match="not a usable history database"):
        History(path, read_only=True)


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "pure"
    repo.mkdir()
    (repo / "bringup.toml").write_text(
        'name = "pure"\ninfer = false\ninfer_steps = false\n[[steps]]\nname = "a"\n'
        'kind = "test"\nargv = ["python3", "-c", "print(1)"]\n',
        encoding="utf-8",
    )
    return repo


def test_history_diff_and_env_print_on_a_full_tmpfs(tmp_path: Path) -> None:
    """The tester's case: one passed run on a tmpfs, the disk then filled."""
    repo = _repo(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}

    def bringup(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "bringup", *argv, "--state", str(state)]
        return subprocess.run(
            command, check=False, capture_output=True, text=True, env=env, timeout=300
        )

    with small_tmpfs(tmp_path / "full", "size=20m") as mount:
        state = mount / "st"
        assert bringup("up", str(repo), "--yes").returncode == 0
        with open(mount / "filler", "wb") as filler:
            try:
                while True:
                    filler.write(b"\0" * 65536)
                    filler.flush()
            except OSError:
                pass
        said = [bringup(*argv) for argv in (["history"], ["diff"], ["env", "print", "1"])]
    for done in said:
        assert done.returncode in (0, 1), done.stderr  # diff: 1 when something changed
        assert "cannot write" not in done.stderr
    assert "passed" in said[0].stdout
