"""``bringup up --yes`` on a copy of examples/six-repos (the operator library, the
communication library and the toolchain, which run at tier 0): the environment is created
for real with uv, honouring this machine's pip settings (find-links to a CPU torch wheel,
extra indexes, constraints); the CMake build and golden ctests, the ring and gloo tests and
the front-end tests really run and pass; device steps are skipped with their reason;
CANN-blocked steps name the install; the history holds the run; a second ``up`` runs
nothing.

The copy's ascend-comm gets a bringup.toml asking for torch 2.13.0: its gloo tests need
torch, which its pyproject only lists in an extra. Skips with a reason where cmake/g++ are
missing or the environment cannot be installed (no package index reachable)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

SIX = Path(__file__).parents[2] / "examples" / "six-repos"
REPOS = ("ascend-ops", "ascend-comm", "npu-toolchain")
TORCH = '[[requirements]]\nsubject = "torch"\nspec = "==2.13.0"\ntext = "gloo tests"\n'


def _up(paths: list[Path], state: Path) -> tuple[int, dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    argv = [sys.executable, "-m", "bringup", "up", *map(str, paths), "--yes", "--json"]
    done = subprocess.run(
        [*argv, "--state", str(state)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert done.stdout, done.stderr
    return done.returncode, json.loads(done.stdout)["data"]


def test_up_brings_the_tier_0_stack_up_and_a_second_up_runs_nothing(tmp_path: Path) -> None:
    missing = [tool for tool in ("cmake", "ctest", "g++") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} to build the operator library")
    paths = []
    for name in REPOS:
        target = tmp_path / "stack" / name
        shutil.copytree(SIX / name, target, ignore=shutil.ignore_patterns("__pycache__", "build*"))
        paths.append(target)
    (paths[1] / "bringup.toml").write_text('role = "comm"\n\n' + TORCH, encoding="utf-8")
    state = tmp_path / "state"
    code, data = _up(paths, state)
    environment = data["environments"][0]
    if environment["status"] == "failed":
        pytest.skip(f"the environment could not be installed here: {environment['error']}")
    steps = {(s["component"], " ".join(s["argv"])): s for s in data["steps"]}

    def status(component: str, command: str) -> str:
        return str(steps[(component, command)]["status"])

    installed = "passed" if os.access("/opt", os.W_OK) else "failed"
    assert status("ascend-ops", "cmake --install build --prefix /opt/ascend-ops") == installed
    for component, command in [
        ("ascend-ops", "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release"),
        ("ascend-ops", "cmake --build build -j"),
        ("ascend-ops", "ctest --test-dir build -L cpu --output-on-failure"),
        ("ascend-comm", "python -m pip install -e ."),
        ("ascend-comm", "python -m pytest tests/cpu"),
        ("npu-toolchain", "pip install -e ."),
        ("npu-toolchain", "python -m pytest tests/frontend tests/profiler"),
    ]:
        assert status(component, command) == "passed", steps[(component, command)]
    comm_log = Path(str(steps[("ascend-comm", "python -m pytest tests/cpu")]["log_path"]))
    assert "test_gloo.py ." in comm_log.read_text(encoding="utf-8")  # gloo ran, not skipped
    ctest_log = steps[("ascend-ops", "ctest --test-dir build -L cpu --output-on-failure")]
    assert "100% tests passed" in Path(str(ctest_log["log_path"])).read_text(encoding="utf-8")
    device = steps[("ascend-comm", "python -m pytest tests/device")]
    assert device["status"] == "skipped"
    assert device["reason"] == "needs 2 NPUs; this machine has 0"
    blocked = steps[("ascend-ops", "cmake --build build-npu -j")]
    assert blocked["status"] == "blocked"
    assert str(blocked["reason"]).startswith("needs CANN")
    assert blocked["actions"][0]["subject"] == "cann"
    assert code == 1  # the CANN builds are blocked

    code, again = _up(paths, state)
    ran = [s for s in again["steps"] if s["status"] not in ("reused", "skipped", "blocked")]
    assert ran == []
    assert again["environments"][0]["status"] == "reused"

    history = subprocess.run(
        [sys.executable, "-m", "bringup", "history", "--state", str(state), "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    runs = json.loads(history.stdout)["data"]
    assert [r["id"] for r in runs] == [again["run_id"], data["run_id"]]
