"""outsider15 D2 (left): a CMake project's tests behind an option that is off by default, and a
repo script that rebuilds the shared build folder.

Real lines: ebiggers/libdeflate@28e88e9 CMakeLists.txt:52 ``option(LIBDEFLATE_BUILD_TESTS
"Build the test programs" OFF)``, :62-64 ``if(LIBDEFLATE_BUILD_TESTS) enable_testing()
endif()``; scripts/run_tests.sh:16 ``cd "$(dirname "$0")/.."``, :36 ``CLEANUP_CMDS+=("rm -rf
build")``; radupopescu/musl_test cmake/project_options.cmake (``option(${PROJECT_NAME}
_BUILD_TESTS "Build unit tests" ON)`` over ``enable_testing()``: on by default)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step, StepNeeds, file_source
from bringup.plan.stepneeds import rewritten
from bringup.scan import cmaketests
from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scriptneeds import rewritten_folders

LIBDEFLATE = """cmake_minimum_required(VERSION 3.7)
project(libdeflate LANGUAGES C)
option(LIBDEFLATE_BUILD_GZIP "Build the libdeflate-gzip program" ON)
option(LIBDEFLATE_BUILD_TESTS "Build the test programs" OFF)
option(LIBDEFLATE_USE_SHARED_LIB
       "Link the libdeflate-gzip and test programs to the shared library instead
       of the static library" OFF)

if(LIBDEFLATE_BUILD_TESTS)
    enable_testing()
endif()
add_library(libdeflate_static STATIC lib/deflate_compress.c)
"""

MUSL_TEST = """project(musl_test C)
option(${PROJECT_NAME}_BUILD_TESTS "Build unit tests" ON)
if(${PROJECT_NAME}_BUILD_TESTS)
    enable_testing()
endif()
"""

RUN_TESTS = """#!/bin/bash
set -eu -o pipefail
cd "$(dirname "$0")/.."
CLEANUP_CMDS=()
CLEANUP_CMDS+=("rm -rf build")
"""


def _ctest(text: str) -> Step:
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text)
    return next(s for s in extract_cmake(file).default_steps if s.argv[0] == "ctest")


def test_tests_behind_an_option_off_by_default_need_it_at_configure() -> None:
    assert cmaketests.tests_option(cmake_commands(LIBDEFLATE)) == ("LIBDEFLATE_BUILD_TESTS", 4)
    step = _ctest(LIBDEFLATE)
    assert step.needs.inputs == (
        "-DLIBDEFLATE_BUILD_TESTS=ON (tests are off by default: CMakeLists.txt:4)",
    )
    assert step.source.line == 4


def test_tests_on_by_default_need_nothing() -> None:
    assert cmaketests.tests_option(cmake_commands(MUSL_TEST)) is None
    assert _ctest(MUSL_TEST).needs.inputs == ()
    # an unguarded declaration beside the guarded one: built by default
    assert (
        cmaketests.tests_option(cmake_commands(LIBDEFLATE + "add_test(NAME t COMMAND t)\n")) is None
    )
    # NOT the option, or the option in an OR: not the guard
    negated = LIBDEFLATE.replace("if(LIBDEFLATE_BUILD_TESTS)", "if(NOT LIBDEFLATE_BUILD_TESTS)")
    assert cmaketests.tests_option(cmake_commands(negated)) is None
    either = LIBDEFLATE.replace("if(LIBDEFLATE_BUILD_TESTS)", "if(LIBDEFLATE_BUILD_TESTS OR X)")
    assert cmaketests.tests_option(cmake_commands(either)) is None


def test_an_option_off_in_one_branch_only_is_no_default() -> None:
    text = """if(CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR)
    option(BUILD_TESTS "Build tests" ON)
else()
    option(BUILD_TESTS "Build tests" OFF)
endif()
if(BUILD_TESTS)
    enable_testing()
endif()
"""
    assert cmaketests.tests_option(cmake_commands(text)) is None


def test_a_cache_variable_off_and_an_option_without_value_are_off() -> None:
    cached = (
        'set(ENABLE_TEST OFF CACHE BOOL "build tests?")\nif(ENABLE_TEST)\ninclude(CTest)\nendif()\n'
    )
    assert cmaketests.tests_option(cmake_commands(cached)) == ("ENABLE_TEST", 1)
    bare = 'option(BUILD_TEST "Build the tests")\nif(BUILD_TEST AND X)\nenable_testing()\nendif()\n'
    assert cmaketests.tests_option(cmake_commands(bare)) == ("BUILD_TEST", 1)


def test_a_script_that_removes_the_build_folder_says_so() -> None:
    assert rewritten_folders(RUN_TESTS, "scripts/run_tests.sh") == (
        "build/ (scripts/run_tests.sh:5)",
    )
    assert rewritten_folders("cmake -S . -B out -G Ninja\n", "b.sh") == ("out/ (b.sh:1)",)
    # a variable's folder, a folder below another: not read as the checkout's
    assert rewritten_folders('rm -rf "$BUILDDIR"/x ../build/intermediates/host\n', "s.sh") == ()


def _step(argv: tuple[str, ...], rewrites: tuple[str, ...] = ()) -> Step:
    return Step(
        name=" ".join(argv),
        kind="test" if rewrites else "build",
        argv=argv,
        source=file_source("x", 1),
        needs=StepNeeds(rewrites=rewrites),
    )


def test_it_is_not_run_after_a_step_that_builds_there() -> None:
    configure = _step(("cmake", "-S", ".", "-B", "build"))
    script = _step(("bash", "scripts/run_tests.sh"), ("build/ (scripts/run_tests.sh:5)",))
    reason = rewritten(script, [configure, script])
    assert reason is not None
    assert reason.need.startswith("rewrites build/ (scripts/run_tests.sh:5)")
    # first, or after steps that build elsewhere: it runs
    assert rewritten(script, [script, configure]) is None
    assert rewritten(script, [_step(("cmake", "-B", "out")), script]) is None


def test_libdeflate_plan_shape(tmp_path: Path) -> None:
    repo = tmp_path / "libdeflate"
    (repo / "scripts").mkdir(parents=True)
    (repo / "CMakeLists.txt").write_text(LIBDEFLATE)
    (repo / "scripts" / "run_tests.sh").write_text(RUN_TESTS)
    steps = scan_repo(repo, "libdeflate").component.steps
    by_argv = {s.argv[:2]: s for s in steps}
    assert by_argv[("ctest", "--test-dir")].needs.inputs
    script = by_argv[("bash", "scripts/run_tests.sh")]
    assert script.needs.rewrites == ("build/ (scripts/run_tests.sh:5)",)
    assert rewritten(script, list(steps)) is not None
