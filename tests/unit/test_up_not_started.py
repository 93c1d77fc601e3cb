"""An ``up`` stopped by SIGTERM marks the step that was running ``interrupted`` and a step that
had not started ``not run``, with no log (outsider10 D19: both were "interrupted", the second
with a log path it never wrote); ``--resume`` then runs what is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bringup.run.history import History
from bringup.run.state import StateLayout

# the tester's sleeper (outsider10 hostile/sleeper/bringup.toml), its sleep shortened
MANIFEST = """\
name = "sleeper"
trusted = true
infer = false
infer_steps = false

[[steps]]
name = "slow"
kind = "test"
argv = ["bash", "-c", "echo start; sleep 30; echo done"]

[[steps]]
name = "after"
kind = "test"
argv = ["bash", "-c", "echo after"]
"""


def _up(repo: Path, state: Path, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


def test_a_step_that_never_started_is_not_run_not_interrupted(tmp_path: Path) -> None:
    repo = tmp_path / "sleeper"
    repo.mkdir()
    (repo / "bringup.toml").write_text(MANIFEST, encoding="utf-8")
    state = tmp_path / "state"
    running = _up(repo, state)
    log = state / "runs" / "000001" / "01-sleeper-slow.log"
    deadline = time.monotonic() + 90
    while not (log.exists() and "start" in log.read_text()) and time.monotonic() < deadline:
        time.sleep(0.1)
    running.send_signal(signal.SIGTERM)
    out, _ = running.communicate(timeout=60)
    assert running.returncode == 143
    assert "not run  sleeper: bash -c 'echo after'" in out
    with History(StateLayout(state).database) as history:
        steps = {s.name: s for s in history.steps(1)}
    assert steps["slow"].status == "interrupted"
    assert steps["after"].status == "not run"
    assert steps["after"].log_path is None
    (repo / "bringup.toml").write_text(MANIFEST.replace("sleep 30", "true"), encoding="utf-8")
    again = _up(repo, state, "--resume")
    out, _ = again.communicate(timeout=120)
    assert again.returncode == 0, out
