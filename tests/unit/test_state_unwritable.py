"""A state or output folder bringup cannot write (read-only, full, a path through a file) is
the user's machine: every command that writes state says one line naming the path and the
operating system's reason, exit 2, never a traceback and "this is a bug" (outsider11 #3:
``up --state`` on a read-only or a full tmpfs exited 3 with a traceback from ``run/lock.py``,
while ``ladder --logs`` and ``probe --record`` said one line, exit 2)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.writable import writing
from tmpfs import small_tmpfs

MANIFEST = """name = "pure"
infer = false
infer_steps = false
[[steps]]
name = "a"
kind = "test"
argv = ["python3", "-c", "print(1)"]
"""
"""The outside tester's repo (/work/outsider11/repro.sh, d3): one trivial step."""


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "pure"
    repo.mkdir()
    (repo / "bringup.toml").write_text(MANIFEST, encoding="utf-8")
    return repo


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


def _said_once(done: subprocess.CompletedProcess[str], path: Path, reason: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "bug in bringup" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR:")]
    assert len(errors) == 1, done.stderr
    assert str(path) in errors[0]
    assert reason in errors[0]


def test_up_with_a_state_path_through_a_file_is_bad_input(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    state = blocker / "st"
    done = _bringup("up", str(_repo(tmp_path)), "--yes", "--state", str(state))
    _said_once(done, state, os.strerror(errno.ENOTDIR))


def test_up_json_names_the_state_error_as_input(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    done = _bringup("up", str(_repo(tmp_path)), "--yes", "--state", str(blocker / "st"), "--json")
    assert done.returncode == 2, done.stderr
    error = json.loads(done.stdout)["error"]
    assert error["kind"] == "input"
    assert error["file"] == str(blocker / "st")


def test_a_full_disk_under_the_lock_write_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``os.pwrite`` of the lock's holder raises ENOSPC with no file name (as on the tester's
    64 KiB tmpfs); within the state's writes it is the state's."""

    def full(*_: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("bringup.run.lock.os.pwrite", full)
    state = tmp_path / "st"
    assert main(["up", str(_repo(tmp_path)), "--yes", "--state", str(state)]) == 2
    err = capsys.readouterr().err
    assert f"ERROR: {state}: cannot write: No space left on device" in err
    assert "bug" not in err


def test_an_error_elsewhere_is_not_taken_for_the_states(tmp_path: Path) -> None:
    """Only the state's paths (and file-system errors with no name) are the user's: an error
    on another file is not relabelled, so a real bug still shows as one."""
    with pytest.raises(FileNotFoundError), writing(tmp_path / "st"):
        (tmp_path / "elsewhere" / "x").read_text(encoding="utf-8")
    with pytest.raises(BrokenPipeError), writing(tmp_path / "st"):
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")
    with pytest.raises(InputError, match="Permission denied"), writing(tmp_path / "st"):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "st" / "locks"))
    with pytest.raises(InputError, match="Read-only"), writing(tmp_path / "st" / "deep"):
        raise OSError(errno.EROFS, "Read-only file system", str(tmp_path / "st"))


def test_up_on_a_read_only_file_system(tmp_path: Path) -> None:
    """The tester's first case, as he ran it: ``mount -t tmpfs -o size=1m,ro``."""
    with small_tmpfs(tmp_path / "ro", "size=1m,ro") as mount:
        state = mount / "st"
        done = _bringup("up", str(_repo(tmp_path)), "--yes", "--state", str(state))
    _said_once(done, state, os.strerror(errno.EROFS))


def test_up_on_a_full_file_system(tmp_path: Path) -> None:
    """The tester's second case: a 64 KiB tmpfs filled by a 200 KiB ``dd``."""
    with small_tmpfs(tmp_path / "full", "size=64k") as mount:
        with contextlib.suppress(OSError), open(mount / "fill", "wb") as fill:
            fill.write(b"\0" * 200 * 1024)
        state = mount / "st"
        done = _bringup("up", str(_repo(tmp_path)), "--yes", "--state", str(state))
    _said_once(done, state, os.strerror(errno.ENOSPC))


def test_a_file_bringup_itself_should_have_made_is_no_user_error(tmp_path: Path) -> None:
    """review30: any errno on a path under ``--state`` was said as "cannot write", exit 2; a
    missing file under it (ENOENT) is bringup's own doing and must stay an error of bringup's,
    while a read-only or full place is still the user's."""
    import errno as errno_codes

    from bringup.writable import about

    missing = FileNotFoundError(errno_codes.ENOENT, "No such file", str(tmp_path / "runs" / "x"))
    assert not about(missing, tmp_path)
    denied = PermissionError(errno_codes.EACCES, "Permission denied", str(tmp_path / "runs"))
    assert about(denied, tmp_path)
    full = OSError(errno_codes.ENOSPC, "No space left on device", str(tmp_path / "history"))
    assert about(full, tmp_path)
