"""``up`` fetches a submodule the build reads and the checkout lacks (outsider13 D18:
pybind/cmake_example@7a94877f, ``add_subdirectory(pybind11)`` at CMakeLists.txt:4 over an
empty ``pybind11/``; wjakob/instant-meshes@7b31608 CMakeLists.txt:68,78 over five empty
``ext/`` submodules after a clone without ``--recursive``): with consent, in a git work tree
that registers it, never under ``--offline``; a ``git archive`` tree gets the command to run.
Real git: a superproject cloned without its submodule, the submodule a local repository."""

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

_GIT = (
    "git",
    "-c",
    "user.name=t",
    "-c",
    "user.email=t@example.org",
    "-c",
    "init.defaultBranch=main",
)
# the submodule's URL is a local folder, as a mirror's would be: git refuses that transport for
# submodules unless allowed (CVE-2022-39253), which a user with a mirror sets once
_ALLOW_FILE = {
    "GIT_CONFIG_COUNT": "1",
    "GIT_CONFIG_KEY_0": "protocol.file.allow",
    "GIT_CONFIG_VALUE_0": "always",
}
_MANIFEST = """name = "cmt"
infer_steps = false
[[steps]]
name = "build"
kind = "build"
argv = ["python", "-c", "import os; assert os.path.isfile('pybind11/CMakeLists.txt')"]
"""


def _git(*argv: str, cwd: Path) -> None:
    env = {**os.environ, **_ALLOW_FILE}
    subprocess.run([*_GIT, *argv], cwd=cwd, check=True, capture_output=True, env=env, timeout=60)


def _checkout(tmp_path: Path) -> Path:
    """A clone of a superproject whose ``pybind11`` submodule is registered and empty."""
    if shutil.which("git") is None:
        pytest.skip("no git here")
    sub, top = tmp_path / "pybind11-src", tmp_path / "top"
    for folder in (sub, top):
        folder.mkdir()
        _git("init", "-q", cwd=folder)
    (sub / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.5)\n")
    _git("add", ".", cwd=sub)
    _git("commit", "-qm", "sub", cwd=sub)
    # pybind/cmake_example@7a94877f CMakeLists.txt:1-4
    (top / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.4...3.18)\nproject(cmake_example)\n\n"
        "add_subdirectory(pybind11)\n"
    )
    (top / "bringup.toml").write_text(_MANIFEST)
    _git("submodule", "add", "-q", str(sub), "pybind11", cwd=top)
    _git("add", ".", cwd=top)
    _git("commit", "-qm", "top", cwd=top)
    clone = tmp_path / "cmt"
    _git("clone", "-q", str(top), str(clone), cwd=tmp_path)
    assert not any((clone / "pybind11").iterdir())
    return clone


def _up(repo: Path, state: Path, *flags: str, allow: bool = True) -> tuple[int, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update(_ALLOW_FILE if allow else {})
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json"]
    done = subprocess.run(
        [*argv, *flags], check=False, capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)["data"]


def test_up_asks_then_fetches_the_submodule_and_the_build_finds_it(tmp_path: Path) -> None:
    repo, state = _checkout(tmp_path), tmp_path / "state"
    code, asked = _up(repo, state)
    assert code == 1
    (fetch, *_rest) = asked["consent_needed"]["cmt"]
    assert fetch == "(submodule pybind11, over the network) git submodule update --init -- pybind11"
    code, offline = _up(repo, state, "--yes", "--offline")
    (said,) = offline["submodules"]
    assert said["status"] == "not fetched"
    assert f"run `git -C {repo} submodule update --init -- pybind11`" in said["reason"]
    assert not any((repo / "pybind11").iterdir())
    code, done = _up(repo, state, "--yes")
    (fetched,) = done["submodules"]
    assert fetched["status"] == "fetched"
    assert (repo / "pybind11" / "CMakeLists.txt").is_file()
    assert [s["status"] for s in done["steps"]] == ["passed"]
    assert code == 0
    _code, again = _up(repo, state, "--yes")
    assert "submodules" not in again  # nothing left to fetch
    # every action up takes is in history, the fetch over the network too (left33)
    shown = _history(state, offline["run_id"]), _history(state, done["run_id"])
    fetches = [[s for s in steps if s["kind"] == "fetch"] for steps in shown]
    assert [[(s["name"], s["status"]) for s in found] for found in fetches] == [
        [("fetch submodule pybind11", "skipped")],
        [("fetch submodule pybind11", "passed")],
    ]
    assert fetches[1][0]["argv"] == ["git", "submodule", "update", "--init", "--", "pybind11"]
    assert fetches[1][0]["log_path"].endswith("submodule-1.log")


def _history(state: Path, run_id: int) -> Any:
    argv = [sys.executable, "-m", "bringup", "history", str(run_id), "--state", str(state)]
    done = subprocess.run(
        [*argv, "--json"], check=True, capture_output=True, text=True, timeout=120
    )
    return json.loads(done.stdout)["data"]["steps"]


def test_a_tree_git_does_not_track_gets_the_command_and_no_question(tmp_path: Path) -> None:
    repo = _checkout(tmp_path)
    shutil.rmtree(repo / ".git")  # as `git archive` leaves it
    _code, asked = _up(repo, tmp_path / "state")
    assert not any("submodule" in c for c in asked["consent_needed"]["cmt"])
    _code, done = _up(repo, tmp_path / "state", "--yes")
    (said,) = done["submodules"]
    assert said["status"] == "not fetched"
    assert "git clone --recursive" in said["reason"]


def test_the_look_before_consent_runs_no_command_of_the_repos_git_config(tmp_path: Path) -> None:
    """``git ls-files`` runs ``core.fsmonitor`` from the repo's ``.git/config`` (git 2.39): a
    checkout handed over as a folder or an archive with its ``.git`` (a clone writes its own
    config) would run that command at ``bringup up PATH`` without ``--yes`` (review33)."""
    repo, marker = _checkout(tmp_path), tmp_path / "ran"
    _git("config", "core.fsmonitor", f"touch {marker}; false #", cwd=repo)
    code, asked = _up(repo, tmp_path / "state")
    assert code == 1
    assert any("submodule pybind11" in c for c in asked["consent_needed"]["cmt"])
    assert not marker.exists()
