"""A step is reused only while its environment still holds what it held when the step passed.

outsider13 D1 (/work/outsider13/repro.sh): pybind/cmake_example with the tester's bringup.toml
(``pip install .``, then ``python -m pytest tests``); after ``pip uninstall -y cmake_example`` in
env-1 the next ``up`` "reused" both steps and said "passed", and the test failed by hand.
outsider13 D2: a Python changed on PATH made env-1 anew (empty) at the same path, and back again,
and the steps counted as reused from the earlier run on that Python. The install here writes
what ``pip install .`` leaves (a ``.dist-info`` in site-packages) in a second instead of 60."""

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

_INSTALL = (
    "import os, sysconfig; d = os.path.join(sysconfig.get_paths()['purelib'],"
    " 'cmake_example-0.0.1.dist-info'); os.makedirs(d, exist_ok=True);"
    " open(os.path.join(d, 'METADATA'), 'w').write('Name: cmake_example\\nVersion: 0.0.1\\n')"
)
_TEST = "import importlib.metadata as m; assert m.version('cmake_example') == '0.0.1'"

_MANIFEST = f"""name = "cmake_example"
infer = false
infer_steps = false
[[steps]]
name = "install"
kind = "install"
argv = ["python", "-c", {json.dumps(_INSTALL)}]
[[steps]]
name = "test"
kind = "test"
argv = ["python", "-c", {json.dumps(_TEST)}]
"""


def _up(repo: Path, state: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--yes", "--state", str(state)]
    done = subprocess.run(
        [*argv, "--json"], check=False, capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)["data"]
    return data


def _steps(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in data["steps"]}


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "cmt"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    (repo / ".gitignore").write_text("*.txt\n", encoding="utf-8")
    return repo


def test_a_step_whose_install_left_the_environment_runs_again(tmp_path: Path) -> None:
    repo, state = _repo(tmp_path), tmp_path / "state"
    first = _up(repo, state)
    assert {s["status"] for s in first["steps"]} == {"passed"}
    env = Path(first["environments"][0]["path"])
    (installed,) = env.glob("lib/python*/site-packages/cmake_example-0.0.1.dist-info")
    shutil.rmtree(installed)  # pip uninstall -y cmake_example
    again = _steps(_up(repo, state))
    assert again["install"]["status"] == "passed"
    assert "no longer holds what it held after run 1" in again["install"]["reason"]
    assert "cmake-example 0.0.1" in again["install"]["reason"]
    assert again["test"]["status"] == "passed"
    assert "step 1 (install) before it ran again" in again["test"]["reason"]
    third = _up(repo, state)
    assert {s["status"] for s in third["steps"]} == {"reused"}


def test_an_environment_made_anew_reuses_no_step_and_says_what_it_replaced(
    tmp_path: Path,
) -> None:
    repo, state = _repo(tmp_path), tmp_path / "state"
    first = _up(repo, state)
    env = Path(first["environments"][0]["path"])
    # what another Python on PATH did: the environment's stamp no longer fits, so it is made
    # anew at its path, for the same pins as the run before
    (env / "bringup-env.json").unlink()
    again = _up(repo, state)
    (made,) = again["environments"]
    assert made["status"] == "created"
    assert made["replaced"].startswith("an environment on Python ")
    steps = _steps(again)
    assert {s["status"] for s in steps.values()} == {"passed"}
    assert "was made anew in this run" in steps["install"]["reason"]
    assert {s["status"] for s in _up(repo, state)["steps"]} == {"reused"}


_PUT = (
    "import os, shutil, sysconfig; p = sysconfig.get_paths()['purelib'];"
    " [shutil.rmtree(os.path.join(p, d)) for d in os.listdir(p) if d.startswith('numpy-')];"
    " os.makedirs(os.path.join(p, 'numpy-{}.dist-info'))"
)

_UPGRADING = f"""name = "upgrading"
infer = false
infer_steps = false
[[steps]]
name = "requirements"
kind = "install"
argv = ["python", "-c", {json.dumps(_PUT.format("1.26.4"))}]
[[steps]]
name = "project"
kind = "install"
argv = ["python", "-c", {json.dumps(_PUT.format("2.0.0"))}]
"""


def test_a_later_step_that_upgrades_what_an_earlier_one_installed_does_not_undo_reuse(
    tmp_path: Path,
) -> None:
    """What the environment holds is compared with what it held when it was last used, not
    with what each step left: ``pip install .`` after ``pip install -r requirements.txt``
    often upgrades what the list installed, and the list's step stays reusable."""
    repo = tmp_path / "upgrading"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_UPGRADING, encoding="utf-8")
    state = tmp_path / "state"
    assert {s["status"] for s in _up(repo, state)["steps"]} == {"passed"}
    assert {s["status"] for s in _up(repo, state)["steps"]} == {"reused"}
