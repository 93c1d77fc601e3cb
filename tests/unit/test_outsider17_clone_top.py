"""outsider17 D9: ``git clone --recursive https://github.com/ashawkey/cubvh``, ``cd cubvh``,
``pip install . --no-build-isolation`` (ashawkey/cubvh@7855c00 readme.md:13-15) was skipped as
"runs cubvh/setup.py, which the repo does not have in cubvh": the checkout's package folder
cubvh/ shares the clone's name, but the ``cd`` enters the clone, whose top has the build."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

README_9_16 = """```bash
pip install git+https://github.com/ashawkey/cubvh --no-build-isolation

# or locally
git clone --recursive https://github.com/ashawkey/cubvh
cd cubvh
pip install . --no-build-isolation
```
"""
"""ashawkey/cubvh@7855c00 readme.md:9-16."""


def _repo(root: Path, *, build_at_top: bool) -> Path:
    (root / "cubvh").mkdir(parents=True)
    (root / "cubvh/__init__.py").write_text("from .api import *\n")  # cubvh/__init__.py:1
    (root / "readme.md").write_text("# cuBVH\n\n### Install\n\n" + README_9_16)
    if build_at_top:  # pyproject.toml:10-12, and a setup.py
        (root / "pyproject.toml").write_text('[project]\nname = "cubvh"\nversion = "0.1.2"\n')
        (root / "setup.py").write_text("from setuptools import setup\nsetup()\n")
    return root


def _install(root: Path) -> list[tuple[str, tuple[str, ...]]]:
    steps = scan_repo(root, str(root), name=root.name).component.steps
    return [(s.cwd, s.needs.missing) for s in steps if s.argv[-2:] == (".", "--no-build-isolation")]


def test_entering_the_clone_of_the_repo_itself_is_its_top(tmp_path: Path) -> None:
    # the archive's folder is not named after the repo (the outsider's ashawkey+cubvh)
    assert _install(_repo(tmp_path / "ashawkey+cubvh", build_at_top=True)) == [(".", ())]


def test_a_folder_with_no_build_anywhere_stays_a_missing_one(tmp_path: Path) -> None:
    (found,) = _install(_repo(tmp_path / "ashawkey+cubvh", build_at_top=False))
    assert found[1], found
