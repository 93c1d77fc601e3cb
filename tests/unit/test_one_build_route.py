"""A repo whose top holds both a CMakeLists.txt and a meson.build plans one build route, not
both into the same build/ folder: the one its README names first, else CMake; the other is a
note's alternative. Planned Meson steps need ninja, Meson's default backend (left by session
35: fribidi planned CMake's and Meson's builds in build/, and no ninja)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.routeneeds import route_needs

# fribidi/fribidi@aeb8e89fb64fbbab4bbe748e2745bc76046946c3 (refs/pull/225/head):
# CMakeLists.txt:1-2 and :8, meson.build:1-2 and :78-80, README.md:24-26
CMAKE = """cmake_minimum_required(VERSION 3.10)
project(fribidi)

set(CMAKE_DEBUG_POSTFIX _d)
set(CMAKE_CXX_VISIBILITY_PRESET hidden)
set(CMAKE_VISIBILITY_INLINES_HIDDEN 1)

option(FRIBIDI_BUILD_TESTS "Fribidi build tests" ON)
"""
MESON = """project('fribidi', 'c', version: '1.0.16',
  meson_version : '>= 0.54')
if get_option('tests')
   subdir('test')
endif
"""
README = """## Dependencies

GNU FriBidi does not depend on any other library. It uses either the GNU Build System or meson for build and installation.
"""  # noqa: E501


def _scan(tmp_path: Path, readme: str):  # type: ignore[no-untyped-def]
    (tmp_path / "CMakeLists.txt").write_text(CMAKE)
    (tmp_path / "meson.build").write_text(MESON)
    (tmp_path / "README.md").write_text(readme)
    return scan_repo(tmp_path, "fribidi").component


def _programs(component) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.argv[0] for s in component.steps]


def test_the_route_the_readme_names_is_planned_the_other_noted(tmp_path: Path) -> None:
    component = _scan(tmp_path, README)
    assert set(_programs(component)) == {"meson"}
    (note,) = [f.reason or "" for f in component.findings if "both build" in (f.reason or "")]
    assert "planned the Meson route (README.md:3 names meson" in note
    assert "cmake -S . -B build" in note  # the alternative, said
    (ninja,) = [r for r in component.requirements if r.subject == "ninja"]
    assert ninja.source.ref.endswith("meson.build")


def test_without_a_readme_naming_either_cmake_is_planned(tmp_path: Path) -> None:
    component = _scan(
        tmp_path, "## Dependencies\n\nGNU FriBidi does not depend on any other library.\n"
    )
    assert set(_programs(component)) == {"cmake"}
    assert not [r for r in component.requirements if r.subject == "ninja"]


def test_a_meson_command_of_a_route_needs_ninja_unless_another_backend() -> None:
    # the form of the Meson manual's quick guide (mesonbuild.com Quick-guide)
    text = "meson setup builddir\nmeson setup vsdir --backend=vs\n"
    file = SourceFile(ref="build.sh", rel="build.sh", text=text)
    commands = parse_commands(text)
    needs = route_needs(file, [(c, c.argv) for c in commands])
    (ninja,) = [r for r in needs if r.subject == "ninja"]
    assert ninja.source.line == 1
    assert not ninja.also_at  # the vs backend's line states no ninja


# fribidi/fribidi@58895678b768ceaf8d8b3bc69f5c6f56c8e1513d: configure.ac:1-2, meson.build:1-2 and
# :78-80 (as MESON), README.md:24-26 (as README) and :35-38
AUTOCONF = """##                                               -*- Autoconf -*-
## Process this file with autoconf to produce a configure script.
"""
BUILDING = """
## Building

Start with running the [`autogen.sh`](./autogen.sh) script and follow the
instructions. Alternatively use `meson`.
"""


def test_autotools_named_first_is_the_one_route_and_meson_its_alternative(tmp_path: Path) -> None:
    # session 38: fribidi still planned ``bash autogen.sh`` and Meson's setup, compile and test
    (tmp_path / "configure.ac").write_text(AUTOCONF)
    (tmp_path / "meson.build").write_text(MESON)
    (tmp_path / "README.md").write_text(README + BUILDING)
    component = scan_repo(tmp_path, "fribidi").component
    assert [s.argv for s in component.steps] == [("bash", "autogen.sh"), ("make",)]
    (note,) = [f.reason or "" for f in component.findings if "both build" in (f.reason or "")]
    assert "planned the autotools route (README.md:3 names GNU Build System" in note
    assert "meson setup build" in note  # the alternative, said
    # Meson's own tool need follows its route: soft, that route's option; no ninja
    (meson,) = [r for r in component.requirements if r.subject == "pypi:meson"]
    assert (meson.spec, meson.hard, meson.feature) == (">=0.54", False, "option:meson")
    assert not [r for r in component.requirements if r.subject == "ninja"]
    # without configure.ac there is no autotools route: Meson's steps stay planned
    (tmp_path / "configure.ac").unlink()
    steps = scan_repo(tmp_path, "fribidi").component.steps
    assert ("meson", "test", "-C", "build") in [s.argv for s in steps]


# hicann/ops-blas@35101c89511ec94cc2d9a359b611f1995d873b8d: CMakeLists.txt:11 and :13, build.sh:1,
# :19-23 and :282-283 (the tuning set's checkout, /work/eval/src/scan_eval11/ops-blas)
BLAS_CMAKE = """cmake_minimum_required(VERSION 3.16.0)
project(ops_blas VERSION 1.0.0)
"""
BLAS_BUILD = """#!/bin/bash
export BASE_PATH=$(
  cd "$(dirname $0)"
  pwd
)
BUILD_DIR="${BASE_PATH}/build"
cmake -S "${BASE_PATH}" -B "${BUILD_DIR}" ${CMAKE_OPTIONS}
cmake --build ${BUILD_DIR} -j
"""


def test_a_build_script_running_cmake_on_the_top_is_the_cmake_route_alone(tmp_path: Path) -> None:
    # plan38's regression: ops-blas planned ``bash build.sh`` and CMake's default configure and
    # build of the same CMakeLists.txt beside it
    (tmp_path / "CMakeLists.txt").write_text(BLAS_CMAKE)
    (tmp_path / "build.sh").write_text(BLAS_BUILD)
    component = scan_repo(tmp_path, "ops-blas").component
    assert [s.argv for s in component.steps] == [("bash", "build.sh")]
    (note,) = [f.reason or "" for f in component.findings if "runs cmake" in (f.reason or "")]
    assert note.startswith("build.sh:7 runs cmake on the top's CMakeLists.txt")
    assert "cmake -S . -B build" in note  # what is not planned, said
    # a build script that configures another folder is no CMake route of the top
    (tmp_path / "build.sh").write_text(BLAS_BUILD.replace('"${BASE_PATH}" -B', "ext -B"))
    (tmp_path / "ext").mkdir()
    steps = scan_repo(tmp_path, "ops-blas").component.steps
    assert ("cmake", "-S", ".", "-B", "build") in [s.argv for s in steps]


# fribidi/fribidi@58895678b768ceaf8d8b3bc69f5c6f56c8e1513d .github/workflows/make.yml:1,
# :9-10 (its runner as the matrix's label, :14), :17 and :26-31
MAKE_CI = """name: Build with make
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
    - name: configure
      run: ./autogen.sh
    - run: make
    - run: make check
    - run: make distcheck
"""


def test_the_autotools_route_builds_with_make_and_checks_where_the_ci_does(
    tmp_path: Path,
) -> None:
    # left38: the plan ran ``bash autogen.sh`` and stopped before the build
    (tmp_path / "configure.ac").write_text(AUTOCONF)
    (tmp_path / "README.md").write_text(README + BUILDING)
    steps = scan_repo(tmp_path, "fribidi").component.steps
    assert [s.argv for s in steps] == [("bash", "autogen.sh"), ("make",)]
    assert steps[1].source.ref.endswith("configure.ac")  # no CI: cited at autoconf's input
    (tmp_path / ".github/workflows").mkdir(parents=True)
    (tmp_path / ".github/workflows/make.yml").write_text(MAKE_CI)
    steps = scan_repo(tmp_path, "fribidi").component.steps
    assert [s.argv for s in steps] == [("bash", "autogen.sh"), ("make",), ("make", "check")]
    assert [(s.kind, s.source.line) for s in steps[1:]] == [("build", 8), ("test", 9)]


def test_no_make_is_planned_where_the_autotools_route_is_not(tmp_path: Path) -> None:
    (tmp_path / "configure.ac").write_text(AUTOCONF)
    (tmp_path / "meson.build").write_text(MESON)
    # README as fribidi's with the two routes named the other way round: Meson's is planned
    said = README.replace("either the GNU Build System or meson", "either meson or the GNU Build")
    (tmp_path / "README.md").write_text(said + BUILDING)
    steps = scan_repo(tmp_path, "fribidi").component.steps
    assert ("meson", "setup", "build") in [s.argv for s in steps]
    assert ("make",) not in [s.argv for s in steps]
