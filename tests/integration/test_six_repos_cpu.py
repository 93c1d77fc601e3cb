"""The CPU parts of examples/six-repos really build and pass: the operator library's
reference implementation and golden tests (cmake + g++), the communication library's ring
backend (real processes over TCP), the toolchain's IR front end. Each runs on a copy in a
temp directory, without network, and skips with a reason when a tool is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SIX = Path(__file__).parents[2] / "examples" / "six-repos"

pytestmark = pytest.mark.integration


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(SIX / name, target, ignore=shutil.ignore_patterns("__pycache__", "build*"))
    return target


def test_operator_library_builds_and_passes_its_golden_tests(tmp_path: Path) -> None:
    missing = [tool for tool in ("cmake", "ctest", "g++") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} to build the operator library")
    repo = _copy("ascend-ops", tmp_path)
    build = tmp_path / "build"
    _run(["cmake", "-S", str(repo), "-B", str(build), "-DCMAKE_BUILD_TYPE=Debug"], tmp_path)
    _run(["cmake", "--build", str(build), "-j", "2"], tmp_path)
    out = _run(["ctest", "--test-dir", str(build), "-L", "cpu", "--output-on-failure"], tmp_path)
    assert "100% tests passed" in out
    assert "3 tests" in out or "out of 3" in out


def _python_env(repo: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    env["PYTHONPATH"] = str(repo / "src")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def test_communication_library_cpu_tests_pass(tmp_path: Path) -> None:
    repo = _copy("ascend-comm", tmp_path)
    out = _run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/cpu"],
        repo,
        _python_env(repo),
    )
    assert " passed" in out
    assert "failed" not in out


def test_toolchain_front_end_tests_pass(tmp_path: Path) -> None:
    repo = _copy("npu-toolchain", tmp_path)
    out = _run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/frontend",
            "tests/profiler",
        ],
        repo,
        _python_env(repo),
    )
    assert " passed" in out
    assert "failed" not in out
