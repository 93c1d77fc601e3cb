"""``bringup up`` with real processes on a small stack in a temp directory (a repo whose
path has spaces and non-ASCII letters, its steps in a trusted bringup.toml): arguments reach
the command literally, a hanging step dies at its timeout with its whole process group, a
``kill -9`` of ``up`` mid-step loses nothing on ``--resume``, and a second ``up`` reuses what
passed."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

HANG = """import subprocess, time
child = subprocess.Popen(['sleep', '300'])
print('child', child.pid, flush=True)
time.sleep(300)
"""
WAIT = """import os, sys, time
print('started', os.getpid(), flush=True)
while not os.path.exists(sys.argv[1]):
    time.sleep(0.1)
print('done')
"""


def _repo(tmp_path: Path, steps: list[tuple[str, str, list[str]]]) -> Path:
    repo = tmp_path / "répo with space"
    repo.mkdir()
    lines = ["trusted = true", ""]
    for name, kind, argv in steps:
        lines += [
            "[[steps]]",
            f"name = {json.dumps(name)}",
            f'kind = "{kind}"',
            f"argv = {json.dumps(argv)}",
            "",
        ]
    (repo / "bringup.toml").write_text("\n".join(lines), encoding="utf-8")
    return repo


def _up(repo: Path, state: Path, *more: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.Popen(
        [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json", *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _finish(process: subprocess.Popen[str]) -> tuple[int, dict[str, Any]]:
    out, err = process.communicate(timeout=300)
    assert out, err
    envelope = json.loads(out)
    return process.returncode, envelope["data"]


def _steps(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in data["steps"]}


def test_arguments_reach_the_command_literally_and_a_second_up_reuses(tmp_path: Path) -> None:
    argv = ["python", "-c", "import sys; print(repr(sys.argv[1:]))", "; rm -rf ~", "$(id)", "a b"]
    repo = _repo(tmp_path, [("literal", "build", argv)])
    state = tmp_path / "state"
    code, data = _finish(_up(repo, state))
    assert code == 0, data
    step = _steps(data)["literal"]
    assert step["status"] == "passed"
    log = Path(str(step["log_path"])).read_text(encoding="utf-8")
    assert log.strip() == repr(["; rm -rf ~", "$(id)", "a b"])
    code, again = _finish(_up(repo, state))
    assert code == 0
    assert _steps(again)["literal"]["status"] == "reused"


def test_a_hanging_step_is_killed_at_its_timeout_with_its_process_group(tmp_path: Path) -> None:
    repo = _repo(tmp_path, [("hang", "test", ["python", "-c", HANG])])
    code, data = _finish(_up(repo, tmp_path / "state", "--timeout", "3"))
    assert code == 1
    step = _steps(data)["hang"]
    assert step["status"] == "timed out"
    assert "process group" in str(step["reason"])
    log = Path(str(step["log_path"])).read_text(encoding="utf-8")
    grandchild = int(log.split()[1])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(grandchild):
        time.sleep(0.1)
    assert not _alive(grandchild), "the step's own child outlived the timeout"
    failure = step["failure"]
    assert failure["phase"] == "test"
    assert "bringup-activate.sh" in failure["rerun"]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def test_kill_9_mid_step_then_resume_loses_and_reruns_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "go"
    repo = _repo(
        tmp_path,
        [
            ("first", "build", ["python", "-c", "print('built')"]),
            ("wait", "test", ["python", "-c", WAIT, str(marker)]),
        ],
    )
    state = tmp_path / "state"
    up = _up(repo, state)
    log = _wait_for_log(state, "wait", "started", up)
    up.send_signal(signal.SIGKILL)
    up.communicate(timeout=30)
    orphan = int(log.read_text(encoding="utf-8").split()[1])
    os.killpg(orphan, signal.SIGKILL)  # the step ran in its own session: it outlived up
    marker.touch()
    code, data = _finish(_up(repo, state, "--resume"))
    assert code == 0, data
    steps = _steps(data)
    assert steps["first"]["status"] == "reused"
    assert steps["wait"]["status"] == "passed"
    assert data["resumed_from"] == 1
    assert log.is_file()
    assert log.read_text(encoding="utf-8").startswith("started")
    db = sqlite3.connect(str(state / "history.sqlite3"))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT run_id, name, status FROM steps ORDER BY id").fetchall()
        runs = db.execute("SELECT id, status FROM runs ORDER BY id").fetchall()
    finally:
        db.close()
    assert rows == [
        (1, "first", "passed"),
        (1, "wait", "interrupted"),
        (2, "first", "reused"),
        (2, "wait", "passed"),
    ]
    assert runs == [(1, "interrupted"), (2, "passed")]


def _wait_for_log(state: Path, name: str, text: str, up: subprocess.Popen[str]) -> Path:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for log in state.glob(f"runs/*/*{name}*.log"):
            if text in log.read_text(encoding="utf-8", errors="replace"):
                return log
        assert up.poll() is None, up.communicate()
        time.sleep(0.1)
    raise AssertionError(f"no log of {name} said {text!r}")
