"""A compiler cache is a developer's tool wherever it is read: the ``development`` scope,
never the repo's need; a test framework's download is the tests' (truth conventions C7).
Real lines, each with its repository, commit, path and lines; the trees around them are
constructed."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopes import DEVELOPMENT, TESTS

# hicann/shmem@643bfb73b50d88042234d3f5e0c7c9841cdedbbe CMakeLists.txt:31-41
SHMEM_CCACHE = """cmake_minimum_required(VERSION 3.16)
project(shmem)
find_program(CCACHE_FOUND ccache)
if(CCACHE_FOUND)
    message(STATUS "ccache found: ${CCACHE_FOUND}")
    set(CMAKE_C_COMPILER_LAUNCHER ${CCACHE_FOUND})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_FOUND})
    execute_process(COMMAND ${CCACHE_FOUND} --version OUTPUT_VARIABLE CCACHE_V)
    message(STATUS "ccache version info: ${CCACHE_V}")
else()
    message(STATUS "ccache not found. Compilation will proceed without it.")
endif()
"""
# Ascend/MindIE-LLM@8b4871ad build.sh:44-46
MINDIE_BUILD = """#!/bin/bash
if [ "$CMAKE_CXX_COMPILER_LAUNCHER" == "" ] && command -v ccache &> /dev/null;then
    COMPILE_OPTIONS="${COMPILE_OPTIONS} -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
fi
cmake .. $COMPILE_OPTIONS
"""


def _where(tmp_path: Path, name: str, text: str) -> tuple[list[str], list[str]]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    component = scan_repo(tmp_path, tmp_path.name).component
    own = [r.spec for r in component.requirements if r.subject == "system_package"]
    development = [
        r.spec
        for scope in component.scopes
        if scope.name == DEVELOPMENT
        for r in scope.requirements
        if r.subject == "system_package"
    ]
    return own, development


def test_a_cmake_launchers_ccache_is_the_developers(tmp_path: Path) -> None:
    assert _where(tmp_path, "CMakeLists.txt", SHMEM_CCACHE) == ([], ["ccache"])


def test_a_build_scripts_ccache_is_the_developers(tmp_path: Path) -> None:
    own, development = _where(tmp_path, "build.sh", MINDIE_BUILD)
    assert "ccache" not in own
    assert development == ["ccache"]


# NVIDIA/cudnn-frontend@3929da2ef4c1dba1bb8acb68727b9134f26f40c0 samples/CMakeLists.txt:10-15
# (under a project of the constructed tree's own)
CUDNN_CATCH2 = """cmake_minimum_required(VERSION 3.17)
project(samples)
FetchContent_Declare(
    Catch2
    GIT_REPOSITORY https://github.com/catchorg/Catch2.git
    GIT_TAG        v3.3.2
)
FetchContent_MakeAvailable(Catch2)
FetchContent_Declare(
    dlpack
    GIT_REPOSITORY https://github.com/dmlc/dlpack
    GIT_TAG        v1.1
)
"""


def _downloads(tmp_path: Path, name: str, text: str) -> tuple[list[str], list[str]]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    component = scan_repo(tmp_path, tmp_path.name).component
    own = [r.spec for r in component.requirements if r.subject == "network"]
    tests = [
        r.spec
        for scope in component.scopes
        if scope.name == TESTS
        for r in scope.requirements
        if r.subject == "network"
    ]
    return own, tests


def test_a_test_frameworks_download_is_the_tests(tmp_path: Path) -> None:
    own, tests = _downloads(tmp_path, "CMakeLists.txt", CUDNN_CATCH2)
    # the second declaration (dlpack, python/CMakeLists.txt:25-28 of the same repo) stays
    assert own == ["https://github.com/dmlc/dlpack"]
    assert tests == ["https://github.com/catchorg/Catch2.git"]
