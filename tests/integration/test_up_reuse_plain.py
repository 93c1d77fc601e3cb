"""``up`` in a checkout git cannot read (a tarball, ``git archive``, a ``git init`` with no
commit): outsider11 #11 re-ran every step on every ``up`` because the steps' own outputs
changed the tree. With the outputs in .gitignore the second ``up`` reuses the steps; without,
it says why it ran them again. The steps are the tester's (/work/outsider11/repro.sh d11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

_MANIFEST = """trusted = true
infer = false
infer_steps = false

[[steps]]
name = "first"
kind = "build"
argv = ["python", "-c", "open('first.txt', 'w').write('1')"]

[[steps]]
name = "last"
kind = "test"
argv = ["python", "-c", "open('last.txt', 'w').write('2')"]
"""


def _up(repo: Path, state: Path) -> dict[str, dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json"]
    done = subprocess.run(argv, check=False, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return {s["name"]: s for s in json.loads(done.stdout)["data"]["steps"]}


def _repo(tmp_path: Path, ignore: str) -> Path:
    repo = tmp_path / "slow3"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    if ignore:
        (repo / ".gitignore").write_text(ignore, encoding="utf-8")
    return repo


@pytest.mark.parametrize("git_init", [False, True])
def test_steps_whose_outputs_the_gitignore_lists_are_reused(tmp_path: Path, git_init: bool) -> None:
    repo = _repo(tmp_path, "*.txt\n")
    if git_init:  # a work tree with no commit: git cannot say what changed either
        subprocess.run(["git", "init", "-q", str(repo)], check=True, timeout=60)
    state = tmp_path / "state"
    assert {s["status"] for s in _up(repo, state).values()} == {"passed"}
    again = _up(repo, state)
    assert {s["status"] for s in again.values()} == {"reused"}


def test_a_step_run_again_in_a_plain_checkout_says_why(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "")
    state = tmp_path / "state"
    _up(repo, state)
    again = _up(repo, state)
    assert again["first"]["status"] == "passed"
    assert "not reused" in again["first"]["reason"]
    assert "not a git checkout" in again["first"]["reason"]
    assert ".gitignore" in again["first"]["reason"]
