"""What the commands of a repo's own install, build or test route imply about the machine
(``scan.routeneeds``): the interpreter and the build tools the route runs, each its own
subject, one need per subject joined to the same subject's other needs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell

_ROUTE = frozenset({"python", "ninja", "cmake", "pypi:meson"})


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _needs(found: Sequence[Requirement]) -> list[tuple[str, str, int | None, bool]]:
    return [(r.subject, r.spec, r.source.line, r.hard) for r in found if r.subject in _ROUTE]


def _docs(rel: str, text: str) -> list[tuple[str, str, int | None, bool]]:
    return _needs(extract_docs(_file(rel, text)).requirements)


# mit-han-lab/torchsparse @ 385f5ce8 README.md:66-72: the install route runs the interpreter.
TORCHSPARSE = """# TorchSparse

## Installation

You may also alternatively install our library from source via:

```bash
python setup.py install
```
"""
# mit-han-lab/nunchaku @ 4132b3bf docs/source/installation/installation.rst:118-126, written as
# Markdown's install section: the environment the guide makes names its release.
NUNCHAKU = """# Installation

## Step 1: Set Up Environment

```shell
conda create -n nunchaku python=3.11
conda activate nunchaku
```
"""
# ai-dynamo/nixl @ 8770b655 README.md:123-130: a meson build the route runs with ninja.
NIXL = """# NIXL

## Getting started
### Build & install

```
$ meson setup <name_of_build_dir>
$ cd <name_of_build_dir>
$ ninja
$ ninja install
```
"""
# A CMake build whose configure names the Ninja generator (the form of xllm-ops
# test/cpp_test/build.sh:8 ``cmake -G Ninja``, in a guide's build section).
CMAKE_NINJA = """# Y

## Build

```bash
mkdir build && cd build
cmake -G Ninja ..
ninja
```
"""


def test_a_route_running_python_needs_one_of_no_stated_release() -> None:
    assert _docs("README.md", TORCHSPARSE) == [("python", "", 8, True)]


def test_a_release_the_route_makes_its_environment_with_is_a_soft_pin() -> None:
    assert _docs("README.md", NUNCHAKU) == [("python", "==3.11.*", 6, False)]
    for line, spec in (
        ("uv venv --python 3.12", "==3.12.*"),
        ("pyenv install 3.10.4", "==3.10.4"),
        ("python3.11 -m venv .venv", "==3.11.*"),
        ("virtualenv -p python3.9 env", "==3.9.*"),
    ):
        text = f"# X\n\n## Installation\n\n```bash\n{line}\n```\n"
        assert _docs("README.md", text) == [("python", spec, 6, False)], line


def test_the_build_tools_a_route_runs_are_needs() -> None:
    # ninja from the meson setup on (Meson's default backend), its own runs cited beside
    assert _docs("README.md", NIXL) == [("pypi:meson", "", 7, True), ("ninja", "", 7, True)]
    assert _docs("README.md", CMAKE_NINJA) == [("ninja", "", 7, True), ("cmake", "", 7, True)]
    cited = next(r for r in extract_docs(_file("README.md", NIXL)).requirements
                 if r.subject == "ninja")  # fmt: skip
    assert [s.line for s in cited.also_at] == [9, 10]


def test_a_probe_or_a_computed_release_states_no_release() -> None:
    # FlagScale @ da4935ec install/install-requirements.sh:69: the release the shell computes
    computed = (
        "conda create --name \"flagscale-${env}\" python=$(python --version | awk '{print $2}') -y"
    )
    text = (
        f"# X\n\n## Installation\n\n```bash\npython --version\ncmake --version\n{computed}\n```\n"
    )
    assert _docs("README.md", text) == []


def test_a_code_block_outside_the_route_states_nothing() -> None:
    text = "# X\n\n## Example\n\nFor example:\n\n```bash\npython demo.py\n```\n"
    assert _docs("docs/usage.md", text) == []


# FlagScale @ da4935ec install/install-requirements.sh:40-42; akg @ 6ec75bdf akg-mlir/
# build.sh:138 ``python3 setup.py bdist_wheel``: an install or build script runs the interpreter.
FLAGSCALE = """#!/bin/bash
set -e
python -m pip install --upgrade pip
python3 setup.py bdist_wheel
"""


def test_a_build_script_running_python_needs_it() -> None:
    found = extract_shell(_file("install.sh", FLAGSCALE)).requirements
    assert _needs(found) == [("python", "", 3, True)]
    python = next(r for r in found if r.subject == "python")
    assert [s.line for s in python.also_at] == [4]


# The program a script runs is read as runtools reads it (review-s19 H2): past ``sudo -E``,
# every variable ``env`` sets, ``if``/``nohup``, in each part of a pipeline; a run whose
# failure the script ignores (``|| true``) is no need.
PREFIXED = """#!/bin/bash
ninja -C build || true
yes | python3 setup.py install
sudo -E python3 setup.py install
if python3 setup.py bdist_wheel; then echo ok; fi
nohup cmake --build build &
env A=1 B=2 python setup.py install
"""


def test_a_script_runs_the_program_past_its_prefixes_and_not_an_ignored_run() -> None:
    found = extract_shell(_file("build.sh", PREFIXED)).requirements
    assert _needs(found) == [("python", "", 3, True), ("cmake", "", 6, True)]
    python = next(r for r in found if r.subject == "python")
    assert [s.line for s in python.also_at] == [4, 5, 7]


# Ascend/MindInferenceService @ a9419463 docs/zh/installation_guide.md:40 (a table's "Python |
# 3.10或3.11", soft) and compile.sh:54 (``python3 compile.py``): one need, the run cited beside
# the version in use, no second unversioned need.
MIS_GUIDE = """# 安装

## 安装依赖

|依赖名称|版本建议|
|--|--|
|Python|3.10或3.11|
"""


def test_a_route_need_joins_the_version_shown_in_use(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "installation_guide.md").write_text(MIS_GUIDE)
    (tmp_path / "compile.sh").write_text("#!/bin/bash\npython3 compile.py\n")
    found = [r for r in scan_repo(tmp_path, "r").component.requirements if r.subject == "python"]
    assert len(found) == 1
    places = {(s.ref, s.line) for s in (found[0].source, *found[0].also_at)}
    assert ("r/compile.sh", 2) in places
    assert found[0].spec
