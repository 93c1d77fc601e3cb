"""One environment per interpreter (outsider13 D2): ``PATH=/usr/bin:/bin bringup up`` found
Debian's Python 3.11.2 where the run before had pyenv's 3.11.7, and env-1 was wiped and made
anew on it; back on pyenv's, it was wiped again. Now the second interpreter's environment is
made beside env-1, which stays, and each run back on an interpreter reuses its own. Real venvs,
real interpreters: two of one Python release on this machine (skipped where there are not two)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

_MANIFEST = """name = "cmt"
infer = false
infer_steps = false
[[steps]]
name = "install"
kind = "install"
argv = ["python", "-c", "import sys; print(sys.executable)"]
"""


def _pair() -> tuple[Path, Path, str]:
    """Two folders with a ``python3.X`` of one release X that are different interpreters: the
    system's and pyenv's (the tester's host: /usr/bin/python3.11 3.11.2, pyenv's 3.11.7)."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for system in sorted(Path("/usr/bin").glob("python3.[0-9]*")):
        if not system.name.replace("python3.", "").isdigit():
            continue
        for other in sorted(pyenv.glob(f"{system.name[6:]}.*/bin/{system.name}")):
            if other.resolve() != system.resolve():
                return system.parent, other.parent, system.name[6:]
    pytest.skip("no two interpreters of one Python release here")


def _up(repo: Path, state: Path, path: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PATH"] = path
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--yes", "--state", str(state)]
    done = subprocess.run(
        [*argv, "--json"], check=False, capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)["data"]
    return data


def test_another_python_on_path_gets_its_own_environment_and_keeps_env_1(
    tmp_path: Path,
) -> None:
    system, other, release = _pair()
    repo, state = tmp_path / "cmt", tmp_path / "state"
    repo.mkdir()
    (repo / "bringup.toml").write_text(_MANIFEST, encoding="utf-8")
    (repo / "pyproject.toml").write_text(
        f'[project]\nname = "cmt"\nversion = "0"\nrequires-python = "=={release}.*"\n'
    )
    on_other, on_system = f"{other}:/usr/bin:/bin", f"{system}:/bin"
    first = _up(repo, state, on_other)
    (env1,) = first["environments"]
    assert env1["status"] == "created"
    assert env1["path"].endswith("env-1")
    second = _up(repo, state, on_system)
    (beside,) = second["environments"]
    assert beside["status"] == "created"
    assert beside["path"] != env1["path"]
    assert Path(beside["beside"]).parent == other
    assert "replaced" not in beside
    assert Path(env1["path"], "pyvenv.cfg").is_file()  # env-1 is still there
    assert second["steps"][0]["status"] == "passed"  # nothing done in the new one yet
    third = _up(repo, state, on_other)
    (back,) = third["environments"]
    assert (back["status"], back["path"]) == ("reused", env1["path"])
    assert third["steps"][0]["status"] == "reused"
    fourth = _up(repo, state, on_system)
    assert fourth["environments"][0]["path"] == beside["path"]
    assert fourth["environments"][0]["status"] == "reused"
