"""A step that started and did not finish is never reused, however it ended: outsider15 D1
(/work/outsider15/repro.sh, "D1"): a clean-then-build step killed midway was "reused" by
``up --resume`` from the pass before, its output gone, and the run passed. The steps are the
tester's, the build's ``sleep 6`` made a wait on a file outside the repo (the repo's inputs
stay the same) until it is stopped: by SIGTERM (``up`` records ``interrupted``) or SIGKILL
(the row stays ``running``, as after a crash or a power loss)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

_MANIFEST = """name = "cleanbuild"
infer = false
infer_steps = false
trusted = true
[[steps]]
name = "build"
kind = "build"
argv = [
  "sh", "-c",
  "rm -rf out && mkdir out && while [ -e ../slow ]; do sleep .1; done && echo built >out/artifact",
]
[[steps]]
name = "test"
kind = "test"
argv = ["test", "-f", "out/artifact"]
"""


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}


def _argv(repo: Path, state: Path, *more: str) -> list[str]:
    return [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), *more]


def _up(repo: Path, state: Path, *more: str) -> dict[str, dict[str, Any]]:
    argv = _argv(repo, state, "--json", *more)
    done = subprocess.run(
        argv, check=False, capture_output=True, text=True, env=_env(), timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {s["name"]: s for s in json.loads(done.stdout)["data"]["steps"]}


@pytest.mark.parametrize(("stop", "then"), [(signal.SIGTERM, "--resume"), (signal.SIGKILL, "")])
def test_a_step_stopped_midway_runs_again(tmp_path: Path, stop: int, then: str) -> None:
    repo = tmp_path / "cleanbuild"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    (repo / ".gitignore").write_text("out/\n", encoding="utf-8")
    state = tmp_path / "state"
    assert {s["status"] for s in _up(repo, state).values()} == {"passed"}
    (tmp_path / "slow").touch()
    running = subprocess.Popen(
        _argv(repo, state, "--force"),
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not (repo / "out").is_dir() or (repo / "out" / "artifact").exists():
        assert time.monotonic() < deadline
        assert running.poll() is None
        time.sleep(0.05)
    os.killpg(running.pid, stop)
    running.wait(timeout=60)
    (tmp_path / "slow").unlink()
    assert not (repo / "out" / "artifact").exists()
    again = _up(repo, state, *filter(None, [then]))
    assert again["build"]["status"] == "passed"
    assert "not reused" in again["build"]["reason"]
    assert again["test"]["status"] == "passed"
    assert (repo / "out" / "artifact").read_text(encoding="utf-8") == "built\n"
    assert {s["status"] for s in _up(repo, state).values()} == {"reused"}
