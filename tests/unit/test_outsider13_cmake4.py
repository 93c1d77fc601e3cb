"""outsider13 D13: CMake 4 refuses ``cmake_minimum_required(VERSION 3.4)`` (compatibility with
CMake < 3.5 removed), and cmake_example's isolated pip build takes the newest ``cmake>=3.12``;
check said "runs here" and the build failed. Real lines: pybind/pybind11@914c06fb
CMakeLists.txt:8 (vendored by pybind/cmake_example@7a94877f), cmake_example CMakeLists.txt:1
and pyproject.toml:1-8."""

from __future__ import annotations

from pathlib import Path

from bringup.buildfolders import build_folders
from bringup.model import Requirement, Step, file_source
from bringup.model.requirements import Component
from bringup.plan.isolation import without_build_isolation
from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile

PYBIND11 = "cmake_minimum_required(VERSION 3.4)\n"
CMAKE_EXAMPLE = "cmake_minimum_required(VERSION 3.4...3.18)\nproject(cmake_example)\n"
PYPROJECT = (Path(__file__).parents[1] / "data/outsider13/cmake_example_pyproject.toml").read_text()
"""pybind/cmake_example@7a94877f pyproject.toml:1-8, kept once in tests/data/outsider13."""


def _cmake(text: str) -> list[str]:
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text)
    return [r.spec for r in extract_cmake(file).requirements if r.subject == "cmake"]


def test_an_old_policy_version_caps_cmake_below_4() -> None:
    assert _cmake(PYBIND11) == [">=3.4,<4"]
    assert _cmake(CMAKE_EXAMPLE) == [">=3.4"]  # its policy range reaches 3.18
    assert _cmake("cmake_minimum_required(VERSION 3.10)\n") == [">=3.10"]


def test_a_capped_build_tool_the_build_table_leaves_open_builds_without_isolation(
    tmp_path: Path,
) -> None:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "setup.py").write_text("import os\nfrom setuptools import setup\n")
    cap = Requirement(
        subject="cmake",
        spec=">=3.4,<4",
        component="cmake_example",
        source=file_source("pybind11/CMakeLists.txt", 8),
        text="cmake_minimum_required(VERSION 3.4)",
    )
    step = Step(name="pip install .", kind="install", argv=("pip", "install", "."),
                source=file_source("README.md", 57))  # fmt: skip
    component = Component(
        name="cmake_example", path=str(tmp_path), role="other", steps=(step,), requirements=(cap,)
    )
    [built] = without_build_isolation(component, build_folders(component)).steps
    assert built.argv == ("pip", "install", "--no-build-isolation", ".")
    uncapped = Component(name="cmake_example", path=str(tmp_path), role="other", steps=(step,))
    assert without_build_isolation(uncapped, build_folders(uncapped)).steps == (step,)
