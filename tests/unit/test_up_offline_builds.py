"""``up --offline`` skips a pip build of a source folder in build isolation: pip takes the build
requirements from the index, which ``PIP_NO_INDEX=1`` closes (outsider13 D15: the tester's
``pip install .`` of pybind/cmake_example ran offline and failed with "No matching distribution
found for setuptools>=42", blamed on the PyTorch index). With ``--no-build-isolation``, with
find-links, or for a project that requires nothing to build, it runs as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.model import StepNeeds, file_source
from bringup.model.plan import PlanStep
from bringup.run.offline import skipped_offline

CMAKE_EXAMPLE = (
    Path(__file__).parents[1] / "data/outsider13/cmake_example_pyproject.toml"
).read_text()
"""pybind/cmake_example@7a94877f581a14de4de1a096fb053a55fc2a66bf:pyproject.toml:1-8."""

SIMPLE_KNN = """from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
"""
"""camenduru/simple-knn@60f461f4a56b7967e5d8045bf92f8c33f36976d0:setup.py:12-13 (no pyproject:
pip builds it with setuptools, in isolation too)."""


def _step(*argv: str) -> PlanStep:
    return PlanStep(
        order=1,
        component="app",
        name=" ".join(argv),
        kind="install",
        argv=argv,
        status="run",
        source=file_source("README.md", 1),
        needs=StepNeeds(network=True),
    )


@pytest.fixture(autouse=True)
def _no_find_links(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PIP_FIND_LINKS", raising=False)


def _project(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "."),  # the tester's bringup.toml (cmake_example README.md:57)
        ("python", "-m", "pip", "install", "-e", ".[test]"),
        ("pip", "install", "--target", "out", "./"),
    ],
)
def test_an_isolated_build_of_a_source_folder_is_skipped_offline(
    argv: tuple[str, ...], tmp_path: Path
) -> None:
    cwd = _project(tmp_path, "pyproject.toml", CMAKE_EXAMPLE)
    assert skipped_offline(_step(*argv), offline=True, cwd=cwd)
    assert not skipped_offline(_step(*argv), offline=False, cwd=cwd)


def test_a_setup_py_project_builds_in_isolation_too(tmp_path: Path) -> None:
    cwd = _project(tmp_path, "setup.py", SIMPLE_KNN)
    assert skipped_offline(_step("pip", "install", "."), offline=True, cwd=cwd)


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "--no-build-isolation", "."),
        ("pip", "install", "torch==2.1.0"),  # the index, closed: pip says so itself
        ("uv", "pip", "install", "."),  # uv's offline mode reads its cache
    ],
)
def test_what_can_build_from_local_files_runs(argv: tuple[str, ...], tmp_path: Path) -> None:
    cwd = _project(tmp_path, "pyproject.toml", CMAKE_EXAMPLE)
    assert not skipped_offline(_step(*argv), offline=True, cwd=cwd)


def test_an_empty_requires_builds_from_nothing(tmp_path: Path) -> None:
    cwd = _project(tmp_path, "pyproject.toml", "[build-system]\nrequires = []\n")
    assert not skipped_offline(_step("pip", "install", "."), offline=True, cwd=cwd)


def test_find_links_count_only_where_they_hold_every_build_requirement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tester's ``PIP_FIND_LINKS=/opt/wheels`` held one torch wheel: no setuptools."""
    cwd = _project(tmp_path, "pyproject.toml", CMAKE_EXAMPLE)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl").touch()
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    assert skipped_offline(_step("pip", "install", "."), offline=True, cwd=cwd)
    for name in (
        "setuptools-80.9.0-py3-none-any.whl",
        "wheel-0.45.1-py3-none-any.whl",
        "ninja-1.11.1.4-py3-none-manylinux_2_12_x86_64.whl",
        "cmake-4.1.0.tar.gz",
    ):
        (wheels / name).touch()
    assert not skipped_offline(_step("pip", "install", "."), offline=True, cwd=cwd)
