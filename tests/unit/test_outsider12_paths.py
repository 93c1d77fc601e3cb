"""Paths a user gives that are odd but legal, end to end (/work/outsider12/repro.sh 5, 6, 20):
a repo folder whose name is not UTF-8 (``repo\\xffname``) and a state path with such a byte
crashed ``up`` in its UTF-8 encoders (the plan's JSON, the history database), exit 3 with
"this is a bug"; ``BRINGUP_STATE_DIR=/proc/self`` crashed making its lock folder; and
``history`` on a state path that is no folder (``/dev/null``) said "no runs yet", exit 0,
while ``up`` refuses the same path. What a path not UTF-8 is stored and shown as: ``\\xNN``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from bringup.model import Step, file_source
from bringup.utf8text import json_bytes, utf8

MANIFEST = """name = "nu"
infer = false
infer_steps = false
trusted = true
[[steps]]
name = "s"
kind = "build"
argv = ["python3", "-c", "print(1)"]
"""
"""The outside tester's repo (repro.sh 5 and 6): one trivial step."""

ODD = os.fsdecode(b"repo\xffname")


def _bringup(*argv: str, state: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update(BRINGUP_STATE_DIR=state, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "bringup", *argv],
        check=False,
        capture_output=True,
        text=True,
        errors="surrogateescape",
        env=env,
        timeout=300,
    )


def _repo(folder: Path) -> Path:
    folder.mkdir()
    (folder / "bringup.toml").write_text(MANIFEST, encoding="utf-8")
    return folder


def _no_bug(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr
    assert "bug in bringup" not in done.stderr


def test_json_of_a_path_not_utf8_writes_its_byte_as_xnn() -> None:
    assert utf8(ODD) == "repo\\xffname"
    assert json_bytes({"path": ODD}) == b'{"path":"repo\\\\xffname"}'
    step = Step(name="s", kind="build", argv=("ls", ODD), source=file_source("bringup.toml", 6))
    encoded = json_bytes(step)
    assert json.loads(encoded)["argv"] == ["ls", "repo\\xffname"]
    plain = Step(name="s", kind="build", argv=("ls",), source=file_source("bringup.toml", 6))
    assert json_bytes(plain) == msgspec.json.encode(plain)  # valid text unchanged


def test_up_on_a_repo_folder_not_utf8_runs_and_records_it(tmp_path: Path) -> None:
    repo = _repo(tmp_path / ODD)
    state = str(tmp_path / "st")
    done = _bringup("up", str(repo), state=state)
    _no_bug(done)
    assert done.returncode == 0, done.stderr
    listed = _bringup("history", "--json", state=state)
    assert listed.returncode == 0, listed.stderr
    (run,) = json.loads(listed.stdout)["data"]
    assert run["status"] == "passed"
    assert run["paths"] == [utf8(str(repo))]


def test_up_with_a_state_path_not_utf8_says_what_failed(tmp_path: Path) -> None:
    """uv refuses a virtual environment there; the step is blocked with uv's words, its
    reason stored with the byte as ``\\xff``."""
    repo = _repo(tmp_path / "ok6")
    state = str(tmp_path / os.fsdecode(b"st\xffate"))
    done = _bringup("up", str(repo), state=state)
    _no_bug(done)
    assert done.returncode in (0, 1), done.stderr
    steps = _bringup("history", "1", "--json", state=state)
    assert steps.returncode == 0, steps.stderr


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_a_state_path_that_holds_no_folders_is_bad_input(tmp_path: Path) -> None:
    done = _bringup("up", str(_repo(tmp_path / "ok")), state="/proc/self")
    _no_bug(done)
    assert done.returncode == 2, done.stderr
    assert "ERROR: /proc/self: cannot write: no folder can be made in it" in done.stderr


def test_history_on_a_state_path_that_is_no_folder_is_bad_input(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    for state in (blocker, blocker / "st"):
        for argv in (("history",), ("diff",)):
            done = _bringup(*argv, state=str(state))
            _no_bug(done)
            assert done.returncode == 2, (argv, done.stdout)
            assert f"ERROR: {state}: cannot read: Not a directory" in done.stderr
    # a state not made yet has no runs: a normal state, exit 0 (outsider23b D19)
    done = _bringup("history", state=str(tmp_path / "new"))
    assert (done.returncode, done.stdout.split(":")[0]) == (0, "no runs yet")
