"""outsider13 D3: cmake_example's README clones the repo and installs it from the folder
above (``pip install ./cmake_example``); run in the checkout, where no ``cmake_example/``
exists, the step failed, and the default ``pip install -e .`` was planned beside it. Real
lines from pybind/cmake_example@7a94877f README.md:50-58, setup.py name at :127."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.repo import scan_repo

# README.md:50-58
INSTALLATION = """## Installation

Just clone this repository and pip install. Note the `--recursive` option which is
needed for the pybind11 submodule:

```bash
git clone --recursive https://github.com/pybind/cmake_example.git
pip install ./cmake_example
```
"""
# pyproject.toml:1-8 and setup.py:127-128 (the distribution's name)
PYPROJECT = '[build-system]\nrequires = ["setuptools>=42", "wheel", "ninja", "cmake>=3.12"]\n'
SETUP = 'from setuptools import setup\nsetup(\n    name="cmake_example",\n    version="0.0.1",\n)\n'


def _repo(root: Path, name: str, *, inner_build: bool = False) -> Path:
    repo = root / name
    repo.mkdir()
    (repo / "README.md").write_text("# cmake_example\n\n" + INSTALLATION)
    (repo / "pyproject.toml").write_text(PYPROJECT)
    (repo / "setup.py").write_text(SETUP)
    if inner_build:  # a folder of that name with a build of its own: pip installs it
        (repo / "cmake_example").mkdir()
        (repo / "cmake_example/setup.py").write_text(SETUP)
    return repo


@pytest.mark.parametrize("name", ["cmake_example", "cmake_example.pristine"])
def test_installing_the_clone_by_its_folder_is_installing_the_checkout(
    tmp_path: Path, name: str
) -> None:
    # the checkout's own name, or another one: the distribution's name is the repo's
    steps = scan_repo(_repo(tmp_path, name), name).component.steps
    installs = [s.argv for s in steps if s.kind == "install"]
    assert installs == [("pip", "install", ".")]


def test_a_folder_of_that_name_with_its_own_build_is_kept(tmp_path: Path) -> None:
    steps = scan_repo(_repo(tmp_path, "cmake_example", inner_build=True), "x").component.steps
    assert ("pip", "install", "./cmake_example") in [s.argv for s in steps]


# .gitmodules:1-4 and the test files of the repo and of its pybind11 submodule
GITMODULES = """[submodule "pybind11"]
    path = pybind11
    url = https://github.com/pybind/pybind11.git
    branch = master
"""
TEST_BASIC = "import cmake_example as m\n\n\ndef test_main():\n    assert m.add(1, 2) == 3\n"


def test_a_submodules_tests_are_not_the_repos_steps(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "cmake_example")
    (repo / ".gitmodules").write_text(GITMODULES)
    (repo / "tests").mkdir()
    (repo / "tests/test_basic.py").write_text(TEST_BASIC)
    (repo / "pybind11/tests").mkdir(parents=True)
    (repo / "pybind11/setup.py").write_text("from setuptools import setup\nsetup()\n")
    (repo / "pybind11/tests/test_async.py").write_text("def test_async():\n    pass\n")
    steps = scan_repo(repo, "cmake_example").component.steps
    tests = [s.argv for s in steps if s.kind == "test"]
    assert tests == [("python", "-m", "pytest", "tests")]
