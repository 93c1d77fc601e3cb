"""A step that passed is not "reused" where the variables that steer its build differ
(outsider14 D11, /work/outsider14/repro.sh D11: pybind/scikit_build_example passed with
``CMAKE_ARGS=-DPYBIND11_FINDPYTHON=ON``, then ``up`` without it, and with
``CC=/nonexistent/gcc``, both said "reused … passed" for a build that fails without it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import pytest

from bringup.run.fingerprint import build_variables, step_inputs

pytestmark = pytest.mark.integration

_MANIFEST = """trusted = true
infer = false
infer_steps = false

[[steps]]
name = "build"
kind = "build"
argv = ["python", "-c", "import os; open('built.txt', 'w').write(os.environ.get('CMAKE_ARGS', ''))"]
"""


def _up(repo: Path, state: Path, extra: Optional[dict[str, str]] = None) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "CMAKE_", "CC"))}
    env.update(extra or {})
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json"]
    done = subprocess.run(argv, check=False, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    steps: list[dict[str, Any]] = json.loads(done.stdout)["data"]["steps"]
    return steps[0]


def test_a_build_passed_with_cmake_args_runs_again_without_them(tmp_path: Path) -> None:
    repo = tmp_path / "sbe"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    (repo / ".gitignore").write_text("built.txt\n", encoding="utf-8")
    state = tmp_path / "state"
    with_args = {"CMAKE_ARGS": "-DPYBIND11_FINDPYTHON=ON"}
    assert _up(repo, state, with_args)["status"] == "passed"
    assert _up(repo, state, with_args)["status"] == "reused"
    again = _up(repo, state)
    assert again["status"] == "passed"  # not reused: CMAKE_ARGS is gone
    # the reason names it, not the tree's file times (outsider15 D15)
    assert again["reason"] == "not reused: variable CMAKE_ARGS changed since it passed in run 2"
    compiler = _up(repo, state, {"CC": "/nonexistent/gcc"})
    assert compiler["status"] == "passed"
    assert compiler["reason"] == "not reused: variable CC changed since it passed in run 3"
    # the run without either passed in run 3, but the build on disk is run 4's, made with CC
    # (review34): run again, it is then reused
    last = _up(repo, state)
    assert last["status"] == "passed"
    assert last["reason"].startswith("not reused: variable CC differed when it last ran, in run 4")
    assert _up(repo, state)["status"] == "reused"


def test_a_pass_with_other_inputs_since_leaves_its_files_not_these(tmp_path: Path) -> None:
    """A built with CMAKE_ARGS=A, then with B, then asked with A: the file on disk is B's,
    and reusing A's pass said "passed" over it (review34)."""
    repo = tmp_path / "sbe"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    (repo / ".gitignore").write_text("built.txt\n", encoding="utf-8")
    state = tmp_path / "state"
    built = repo / "built.txt"
    assert _up(repo, state, {"CMAKE_ARGS": "-DA=1"})["status"] == "passed"
    assert _up(repo, state, {"CMAKE_ARGS": "-DB=1"})["status"] == "passed"
    assert built.read_text(encoding="utf-8") == "-DB=1"
    again = _up(repo, state, {"CMAKE_ARGS": "-DA=1"})
    assert again["status"] == "passed"
    assert built.read_text(encoding="utf-8") == "-DA=1"
    assert _up(repo, state, {"CMAKE_ARGS": "-DA=1"})["status"] == "reused"


def _inputs(env: dict[str, str]) -> str:
    return step_inputs(
        tree="t",
        environment="e",
        argv=("pip", "install", "."),
        cwd="/r",
        activation=(),
        before="",
        variables=build_variables(env),
    )


def test_no_build_variable_keeps_the_inputs_steps_passed_with_before() -> None:
    env = {"HOME": "/root", "PATH": "/usr/bin", "TERM": "xterm"}
    before = step_inputs(
        tree="t", environment="e", argv=("pip", "install", "."), cwd="/r", activation=(), before=""
    )
    assert _inputs(env) == before
    env["CMAKE_ARGS"] = "-DPYBIND11_FINDPYTHON=ON"
    assert build_variables(env) == [["CMAKE_ARGS", "-DPYBIND11_FINDPYTHON=ON"]]
    assert _inputs(env) != before


def test_caches_speed_and_noise_do_not_count() -> None:
    env = {
        "UV_CACHE_DIR": "/ci/cache/uv",
        "PIP_CACHE_DIR": "/ci/cache/pip",
        "UV_RUN_RECURSION_DEPTH": "1",
        "CMAKE_BUILD_PARALLEL_LEVEL": "8",
        "PIP_PROGRESS_BAR": "off",
        "UV_INTERNAL__PARENT_INTERPRETER": "/usr/bin/python3",
    }
    assert build_variables(env) == []
    env["PIP_INDEX_URL"] = "https://mirror.example/simple"
    env["CMAKE_GENERATOR"] = "Ninja"
    assert build_variables(env) == [
        ["CMAKE_GENERATOR", "Ninja"],
        ["PIP_INDEX_URL", "https://mirror.example/simple"],
    ]
