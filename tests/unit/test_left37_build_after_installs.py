"""outsider17 D10 (its torch half): cubvh's ``pip install . --no-build-isolation`` (ashawkey/
cubvh@7855c00 readme.md:15) builds with what its environment holds: its setup.py imports torch
at its top (setup.py:3) to build a ``CUDAExtension``. ``check`` said "1 step runs here now" and
"builds that need no device: step 1 now" while environment 1 still had torch (and pybind11,
setuptools ...) to install. ``up`` installs them first, so the build runs after those
installs: said so, not "now"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

README = """# cuBVH

### Install

```bash
git clone --recursive https://github.com/ashawkey/cubvh
cd cubvh
pip install . --no-build-isolation
```
"""
"""readme.md:1 and :13-15."""
SETUP = """import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    ext_modules=[
        CUDAExtension(
            name="_cubvh",
            sources=[
                os.path.join("src", "bvh.cu"),
            ],
        ),
    ],
    cmdclass={"build_ext": BuildExtension},
)
"""
"""setup.py:1-3, :110-116 and the setup() call's cmdclass (its sources cut to one)."""
PYPROJECT = '[project]\nname = "cubvh"\nversion = "0.1.2"\n'
"""pyproject.toml:10-12."""


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], *details: str) -> str:
    repo = tmp_path / "ashawkey+cubvh"
    (repo / "src").mkdir(parents=True, exist_ok=True)
    (repo / "readme.md").write_text(README)
    (repo / "setup.py").write_text(SETUP)
    (repo / "pyproject.toml").write_text(PYPROJECT)
    (repo / "src" / "bvh.cu").write_text("")
    main(["check", str(repo), "--snapshot", str(HOST), *details])
    return capsys.readouterr().out


def test_a_build_without_isolation_runs_after_its_environments_installs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _check(tmp_path, capsys)
    assert "0 steps run here now" in out
    assert "1 more after the installs under Next actions" in out
    details = _check(tmp_path, capsys, "--details")
    assert "builds that need no device: step 1 after the actions below" in details
