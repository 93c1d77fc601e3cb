"""The checkout lock lives as long as what ``up`` started (review34): a real ``bringup up``
killed with SIGKILL mid-step leaves its step running in its own session, and a second ``up`` of
that checkout with another state folder must not start beside it; it refuses, naming the step.
A run that ends releases the lock even for a server a step left behind with its descriptor."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bringup.run.lock import held
from bringup.run.state import StateLayout

pytestmark = pytest.mark.integration

WAIT = """import os, sys, time
print('started', os.getpid(), flush=True)
while not os.path.exists(sys.argv[1]):
    time.sleep(0.1)
"""
DAEMON = 'setsid sleep 120 >/dev/null 2>&1 </dev/null & echo $! > "$0"'
"""A step that leaves a server behind: ``setsid`` in the background, every descriptor kept."""


def _repo(tmp_path: Path, argv: list[str]) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    argv_toml = json.dumps(argv)
    manifest = f'trusted = true\n\n[[steps]]\nname = "step"\nkind = "test"\nargv = {argv_toml}\n'
    (repo / "bringup.toml").write_text(manifest, encoding="utf-8")
    return repo


def _up(repo: Path, state: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.Popen(
        [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _wait_for(check: Callable[[], bool], what: str, up: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if check():
            return
        assert up.poll() is None, up.communicate()
        time.sleep(0.05)
    raise AssertionError(f"no {what}")


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_a_step_left_by_a_killed_up_holds_its_checkout(tmp_path: Path) -> None:
    marker = tmp_path / "go"
    repo = _repo(tmp_path, ["python", "-c", WAIT, str(marker)])
    up = _up(repo, tmp_path / "A")
    step = 0
    try:
        logs = tmp_path / "A" / "runs"

        def started() -> bool:
            nonlocal step
            for log in logs.glob("*/*step*.log"):
                words = log.read_text(encoding="utf-8").split()
                if len(words) >= 2 and words[0] == "started" and words[1].isdigit():
                    step = int(words[1])
            return step > 0

        _wait_for(started, "step started", up)
        up.send_signal(signal.SIGKILL)
        up.communicate(timeout=30)
        second = _up(repo, tmp_path / "B")
        out, err = second.communicate(timeout=120)
        assert second.returncode == 1, (out, err)
        said = " ".join(err.split())
        assert f"earlier `bringup up` (process {up.pid}, which ended" in said
        assert f"still runs in {repo}: process {step} (python" in said
        assert f"kill -- -{step}" in said
    finally:
        marker.touch()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and step and not _gone(step):
        time.sleep(0.05)
    with held(StateLayout(tmp_path / "B"), "s", (str(repo),)):  # released with the step
        pass


def test_a_server_a_step_left_behind_holds_nothing_after_the_run(tmp_path: Path) -> None:
    pidfile = tmp_path / "daemon"
    repo = _repo(tmp_path, ["sh", "-c", DAEMON, str(pidfile)])
    up = _up(repo, tmp_path / "A")
    out, err = up.communicate(timeout=300)
    assert up.returncode == 0, (out, err)
    daemon = int(pidfile.read_text(encoding="ascii"))
    try:
        fds = os.listdir(f"/proc/{daemon}/fd")
        kept = {os.path.realpath(f"/proc/{daemon}/fd/{fd}") for fd in fds}
        assert str(repo.resolve()) in kept  # it has the descriptor, not the lock
        with held(StateLayout(tmp_path / "B"), "s", (str(repo),)):
            pass
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(daemon, signal.SIGKILL)
