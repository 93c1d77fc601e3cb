"""A history database on a full or read-only disk is said as that, not as a damaged file to
move aside (outsider11 #4: on a 64 KiB tmpfs with ~52 KiB free, ``up`` and even ``history``
said "not a usable history database (cannot rollback - no transaction is active) / move it
aside": SQLite had rolled back after SQLITE_FULL, and bringup's own second ROLLBACK failed)."""

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

ENOSPC = os.strerror(28)


def _small(limit: int) -> object:
    """``sqlite3.connect`` with the file capped at ``limit`` pages: SQLite then answers
    SQLITE_FULL ("database or disk is full"), as it does on a full disk."""
    real = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db: sqlite3.Connection = real(*args, **kwargs)
        db.execute(f"PRAGMA max_page_count={limit}")
        return db

    return connect


def test_a_full_disk_while_the_history_is_made_is_said_as_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bringup.run.history.sqlite3.connect", _small(2))
    with pytest.raises(InputError) as raised:
        History(tmp_path / "st" / "history.sqlite3")
    said = str(raised.value)
    assert ENOSPC in said
    assert "not a usable" not in said
    assert "no transaction is active" not in said
    assert raised.value.path == str(tmp_path / "st")
    assert "move it aside" not in (raised.value.hint or "")


def test_a_full_disk_while_a_run_is_recorded_is_bad_input_not_a_bug(tmp_path: Path) -> None:
    with History(tmp_path / "history.sqlite3") as history:
        pages = history._db.execute("PRAGMA page_count").fetchone()[0]
        history._db.execute(f"PRAGMA max_page_count={pages}")
        with pytest.raises(InputError, match=ENOSPC):
            history.add_snapshot("2026-12-06T00:00:00+00:00", "host", b"\0" * 200_000)


def test_a_damaged_file_is_still_said_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\x13\x37garbage, not SQLite" * 300)
    with pytest.raises(InputError, match="not a usable history database"):
        History(path)


def test_up_and_history_on_a_nearly_fullsmall_tmpfs(tmp_path: Path) -> None:
    """The tester's case as he ran it (/work/outsider11/repro.sh d4): a 64 KiB tmpfs, a
    one-step repo, ``up`` then ``history`` on it."""
    repo = tmp_path / "pure"
    repo.mkdir()
    (repo / "bringup.toml").write_text(
        'name = "pure"\ninfer = false\ninfer_steps = false\n[[steps]]\nname = "a"\n'
        'kind = "test"\nargv = ["python3", "-c", "print(1)"]\n',
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    with small_tmpfs(tmp_path / "full", "size=64k") as mount:
        state = str(mount / "st")
        said = [
            subprocess.run(
                [sys.executable, "-m", "bringup", *argv, "--state", state],
                check=False,
                capture_output=True,
                text=True,
                env=env,
                timeout=300,
            )
            for argv in (["up", str(repo), "--yes"], ["history"])
        ]
    for done in said:
        assert done.returncode == 2, done.stderr
        assert ENOSPC in done.stderr
        assert "not a usable" not in done.stderr
        assert "Traceback" not in done.stderr
