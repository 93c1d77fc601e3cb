"""Optional features read from what a file says, whatever the file's scope: a manifest's
extras and dependency groups, a CMake package the build goes on without, a requirements file
of developer tools. None of them is the repo's need (issue 11: scopes); each is shown under
its feature ("also, for extra:vllm: ...")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.cmake import extract_cmake
from bringup.scan.cmake_options import option_features
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.repo import scan_repo
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.scopes import CI, DEVELOPMENT, OPTIONAL, REPO, TESTS, Scopes, extra_feature


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


# kvcache-ai/Mooncake 3b5a5941: pyproject.toml:48-78 ([project.optional-dependencies]).
MOONCAKE_EXTRAS = """[project.optional-dependencies]
structured = [
    "numpy",
    "pillow",
]
vllm = [
    "fastapi",
    "httpx",
    "msgspec",
    "numpy",
    "pyzmq",
    "torch",
    "vllm",
]
administration = [
    "paramiko",
]
hardware = [
    "torch",
]
dev = [
    "build",
    "cmake-format==0.6.13",
    "codespell==2.2.6",
    "pre-commit==3.7.1",
    "pyright==1.1.411",
    "pytest",
    "ruff==0.6.9",
    "tomli; python_version < '3.11'",
    "twine",
]
"""


def test_a_manifests_extras_are_features_named_after_them() -> None:
    text = '[project]\nname = "mooncake-transfer-engine"\n' + MOONCAKE_EXTRAS
    found = {
        r.subject: r.feature for r in extract_pyproject(_file("pyproject.toml", text)).requirements
    }
    assert found["vllm"] == "extra:vllm"
    assert found["pypi:paramiko"] == "extra:administration"
    assert found["pypi:ruff"] == DEVELOPMENT
    assert found["pypi:twine"] == DEVELOPMENT


def test_the_name_of_an_extra_says_which_feature() -> None:
    # Ascend/MindSpeed-MM 57069cd5: pyproject.toml:64 test = [, :70 evaluate = [, :77 lint = [
    assert [extra_feature(n) for n in ("test", "evaluate", "lint", "docs")] == [
        TESTS,
        "extra:evaluate",
        DEVELOPMENT,
        DEVELOPMENT,
    ]


def test_the_repo_keeps_its_dependencies_and_shows_its_extras_beside_it(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "mooncake-transfer-engine"\ndependencies = ["aiohttp"]\n'
        + MOONCAKE_EXTRAS,
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "Mooncake").component
    assert [r.subject for r in component.requirements if r.subject.startswith("pypi:")] == [
        "pypi:aiohttp"
    ]
    scopes = {s.name: sorted(r.subject for r in s.requirements) for s in component.scopes}
    assert scopes["extra:vllm"][:2] == ["pypi:fastapi", "pypi:httpx"]
    assert "pypi:pre-commit" in scopes[DEVELOPMENT]


# kvcache-ai/Mooncake 3b5a5941: mooncake-store/src/CMakeLists.txt:109-119
MOONCAKE_AWS = """# Find AWS SDK
find_package(AWSSDK QUIET COMPONENTS s3)
if(AWSSDK_FOUND)
  message(STATUS "AWS SDK found: ${AWSSDK_VERSION}")
  set(HAVE_AWS_SDK TRUE)
  # Add S3 related source files
  list(APPEND MOONCAKE_STORE_MASTER_SOURCES utils/s3_helper.cpp)
else()
  message(STATUS "AWS SDK not found, S3 functionality will be disabled")
  set(HAVE_AWS_SDK FALSE)
endif()
"""
# kvcache-ai/Mooncake 3b5a5941: mooncake-transfer-engine/src/CMakeLists.txt:53
MOONCAKE_CURL = "  find_package(CURL REQUIRED)\n"


def test_a_cmake_package_found_without_required_is_an_optional_feature() -> None:
    found = [
        *extract_cmake(_file("mooncake-store/src/CMakeLists.txt", MOONCAKE_AWS)).requirements,
        *extract_cmake(_file("src/CMakeLists.txt", MOONCAKE_CURL)).requirements,
    ]
    by_subject = {r.subject: (r.hard, r.feature) for r in found}
    assert by_subject["cmake:AWSSDK"] == (False, OPTIONAL)
    # REQUIRED is the build's word: it stops without the package
    assert by_subject["cmake:CURL"] == (True, "")


# pyg-team/pyg-lib @ 764e3a49, CMakeLists.txt:160-163
PYG_OPENMP = """find_package(OpenMP)
if(OpenMP_CXX_FOUND)
  target_link_libraries(${PROJECT_NAME} PRIVATE OpenMP::OpenMP_CXX)
endif()
"""
# hicann/cann-samples @ a934ed96, CMakeLists.txt:17-23
CANN_SAMPLES_ASC = """if(NOT "${NPU_ARCH}" IN_LIST VALID_NPU_ARCHS)
    message(FATAL_ERROR "Unsupported NPU_ARCH: ${NPU_ARCH}. Supported values: dav-3510, dav-2201")
endif()

include(cmake/ascend.cmake)
find_package(ASC)
project(cann-samples LANGUAGES C CXX ASC)
"""
# microsoft/mscclpp @ 1f5f065d, cmake/CheckAmdGpu.cmake:11-15
MSCCLPP_HIP = """find_package(hip QUIET)

if(NOT hip_FOUND)
    return()
endif()
"""


def test_a_package_a_cmakelists_looks_for_unconditionally_is_a_soft_need_of_the_repo() -> None:
    # the build uses it wherever it is there, and says nothing of going on without it: the
    # blind truths cite cmake:OpenMP (pyg-lib) and ASC (cann-samples: since scan15 a part of
    # cann, the Ascend C compiler's package in CANN's install) as the repo's
    openmp = extract_cmake(_file("CMakeLists.txt", PYG_OPENMP)).requirements
    assert [(r.subject, r.hard, r.feature, r.source.line) for r in openmp] == [
        ("cmake:OpenMP", False, "", 1)
    ]
    asc = extract_cmake(_file("CMakeLists.txt", CANN_SAMPLES_ASC)).requirements
    assert [
        (r.subject, r.hard, r.feature, r.source.line) for r in asc if (r.source.line or 0) > 5
    ] == [
        ("cann", False, "", 6),
        ("cann", True, "", 7),
    ]
    # the same call in an included module runs only where something includes it (mscclpp
    # includes CheckAmdGpu to detect a GPU, CMakeLists.txt:80): a probe, still optional
    hip = extract_cmake(_file("cmake/CheckAmdGpu.cmake", MSCCLPP_HIP)).requirements
    assert [(r.subject, r.feature) for r in hip] == [("cmake:hip", OPTIONAL)]
    # one that announces what the build does without it names a feature (Mooncake's AWS SDK:
    # "S3 functionality will be disabled"): test_a_cmake_package_found_without_required_...


# microsoft/mscclpp @ 1f5f065d, CMakeLists.txt:255-266 (MSCCLPP_USE_IB is an option on by
# default, CMakeLists.txt:56).
MSCCLPP_IB = """if(MSCCLPP_USE_IB)
    find_package(IBVerbs)
    if(NOT IBVERBS_FOUND)
        message(FATAL_ERROR "IBVerbs not found. Install libibverbs-dev or rdma-core-devel. If you want to disable InfiniBand, add `-DMSCCLPP_USE_IB=OFF` in your cmake command.")
    endif()
    find_package(MLX5)
    if(MLX5_FOUND)
        message(STATUS "MLX5 Direct Verbs found: ${MLX5_LIBRARIES}")
    else()
        message(STATUS "MLX5 Direct Verbs not found, mlx5dv optimizations disabled")
    endif()
endif()
"""  # noqa: E501


def test_a_package_the_configure_stops_without_is_required_without_the_word() -> None:
    # find_package without REQUIRED, then a FATAL_ERROR when <X>_FOUND is false: as REQUIRED
    # as the word (the blind truth: cmake:IBVerbs at CMakeLists.txt:256-258); MLX5, used when
    # found, stays optional
    text = 'option(MSCCLPP_USE_IB "Use InfiniBand." ON)\n' + MSCCLPP_IB
    found = extract_cmake(_file("CMakeLists.txt", text)).requirements
    by_subject = {r.subject: (r.hard, r.feature, r.source.line) for r in found}
    assert by_subject["cmake:IBVerbs"] == (True, "", 3)
    assert by_subject["cmake:MLX5"] == (False, OPTIONAL, 7)


# kvcache-ai/Mooncake 3b5a5941: requirements.txt:1-10 (all its requirements)
MOONCAKE_DEV = """# Development dependencies for Mooncake
# Install with: pip install -r requirements.txt
# Then enable hooks: pre-commit install
pre-commit==3.7.1
ruff==0.6.9
pyright==1.1.411
hypothesis==6.141.0
typing_extensions==4.13.2
codespell==2.2.6
cmake-format==0.6.13
"""
# Ascend/MindSpeed-MM 57069cd5: UserGuide/requirements.txt (the whole file)
MINDSPEED_MM_DOCS = """sphinx
sphinx_rtd_theme
myst-parser
sphinxcontrib.mermaid
sphinx_copybutton
"""


def test_a_requirements_file_of_developer_tools_is_development() -> None:
    for rel, text in (
        ("requirements.txt", MOONCAKE_DEV),
        ("UserGuide/requirements.txt", MINDSPEED_MM_DOCS),
    ):
        found = extract_requirements_txt(_file(rel, text)).requirements
        assert len(found) >= 5
        assert {r.feature for r in found} == {DEVELOPMENT}, rel


def test_type_stubs_count_among_the_developer_tools() -> None:
    # ai-dynamo/nixl@8770b655 requirements.txt:16-25 (black … types-PyYAML): six tools, three
    # libraries the tools read their settings with, and typeshed's stubs for a type checker;
    # the stubs make seven tools of ten
    text = "black\nflake8\nisort\nmypy\npre-commit\npytest\npyyaml\ntoml\ntomli\ntypes-PyYAML\n"
    found = extract_requirements_txt(_file("requirements.txt", text)).requirements
    assert len(found) == 10
    assert {r.feature for r in found} == {DEVELOPMENT}


def test_a_test_runner_among_a_repos_needs_is_the_tests_and_the_rest_stays_the_repos() -> None:
    # mindspore-ai/mindarmour@88285e85 requirements.txt:1-6: pytest among the library's needs
    # runs its tests only (scan30 brief: test-only tools are scope "tests")
    text = (
        "numpy >= 1.20.0,<2.0.0\nscipy >= 1.5.4\nmatplotlib >= 3.2.1\npillow >= 9.3.0\n"
        "pytest >= 5.4.3\nwheel >= 0.32.0\n"
    )
    found = extract_requirements_txt(_file("requirements.txt", text)).requirements
    features = {r.subject: r.feature for r in found}
    assert features.pop("pypi:pytest") == TESTS
    assert set(features.values()) == {""}


def test_a_formatter_among_a_repos_needs_is_a_developers_tool() -> None:
    # NVIDIA/cudnn-frontend@3929da2e requirements.txt:1-8
    text = (
        "jupyter\nnumpy<2.0.0\npybind11[global]>=2.13,<3\npytest\npytest-xdist\nlooseversion\n"
        "black==26.1.0\nclang-format==21.1.6\n"
    )
    found = extract_requirements_txt(_file("requirements.txt", text)).requirements
    # and the test runners run the tests only (that repo's truth: pytest is scope "tests")
    assert {r.subject: r.feature for r in found if r.feature} == {
        "pypi:pytest": TESTS,
        "pypi:pytest-xdist": TESTS,
        "pypi:black": DEVELOPMENT,
        "pypi:clang-format": DEVELOPMENT,
    }
    assert len(found) == 8


def test_a_checker_the_build_system_requires_is_the_builds() -> None:
    # constructed by review: a mypyc-compiled package builds with mypy
    text = '[build-system]\nrequires = ["setuptools", "mypy==1.10"]\n'
    found = extract_pyproject(_file("pyproject.toml", text)).requirements
    assert {r.subject: r.feature for r in found} == {"pypi:setuptools": "", "pypi:mypy": ""}


# kvcache-ai/Mooncake 3b5a5941: mooncake-common/common.cmake:86 and :433-446
MOONCAKE_HIP = """option(USE_HIP "option for enabling gpu features for AMD GPU" OFF)
if(USE_HIP)
  list(APPEND CMAKE_PREFIX_PATH "/opt/rocm/lib/cmake")
  find_package(HIP REQUIRED)
  include_directories(${HIP_INCLUDE_DIRS})
  add_compile_definitions(USE_HIP __HIP_PLATFORM_AMD__)
  message(STATUS "HIP support is enabled")

  find_program(HIPIFY_PERL_EXECUTABLE hipify-perl)
  if(NOT HIPIFY_PERL_EXECUTABLE)
    message(
      FATAL_ERROR
        "hipify-perl not found.\n"
        "Please ensure the ROCm or HIP SDK is installed and in your PATH.")
  endif()
endif()
"""
# kvcache-ai/Mooncake 3b5a5941: mooncake-common/common.cmake:55-61
MOONCAKE_SCCACHE = """
option(ENABLE_SCCACHE "Whether to open sccache" OFF)
if(ENABLE_SCCACHE)
  find_program(SCCACHE sccache)
  if(NOT SCCACHE)
    message(FATAL_ERROR "sccache executable not found")
  endif()
"""


def test_what_an_option_off_by_default_guards_is_that_options_feature() -> None:
    found = extract_cmake(_file("mooncake-common/common.cmake", MOONCAKE_HIP)).requirements
    by_subject = {r.subject: r.feature for r in found}
    assert by_subject["cmake:HIP"] == "option:USE_HIP"
    assert by_subject["system_package"] == "option:USE_HIP"
    found = extract_cmake(_file("mooncake-common/common.cmake", MOONCAKE_SCCACHE)).requirements
    assert [(r.spec, r.feature) for r in found] == [("sccache", "option:ENABLE_SCCACHE")]


def test_an_option_on_by_default_and_the_else_branch_are_the_default_build() -> None:
    # examples/six-repos/ascend-ops/CMakeLists.txt:12 declares ASCEND_OPS_BUILD_TESTS ON
    text = (
        'option(USE_TESTS "Build the tests" ON)\n'
        "if(USE_TESTS)\n  find_package(GTest REQUIRED)\nendif()\n"
        "if(USE_HIP)\n  find_package(HIP REQUIRED)\nelse()\n  find_package(CURL REQUIRED)\n"
        "endif()\n"
    )
    found = extract_cmake(_file("CMakeLists.txt", text)).requirements
    assert {r.subject: r.feature for r in found} == {
        "cmake:GTest": "",
        "cmake:HIP": "option:USE_HIP",
        "cmake:CURL": "",
    }


# NVIDIA/MatX 4d58c1a8: CMakeLists.txt:78 (an option with no value), :95 (a cached boolean),
# :426 and :433-434 (the branch any of several options off by default takes).
MATX_PYBIND = """option(MATX_EN_FILEIO OFF)
option(MATX_BUILD_TESTS "Build unit tests" OFF)
set(MATX_EN_PYBIND11 OFF CACHE BOOL "Enable pybind11 support")
if (MATX_EN_FILEIO OR MATX_EN_PYBIND11 OR MATX_BUILD_TESTS)
    find_package(Python3  REQUIRED COMPONENTS Interpreter Development)
    find_package(pybind11 REQUIRED)
endif()
"""


def test_a_branch_every_alternative_of_which_is_off_by_default_is_optional() -> None:
    found = extract_cmake(_file("CMakeLists.txt", MATX_PYBIND)).requirements
    assert {r.feature for r in found} == {"option:MATX_EN_FILEIO"}
    # one alternative on by default: the default build takes the branch
    on = MATX_PYBIND.replace("set(MATX_EN_PYBIND11 OFF", "set(MATX_EN_PYBIND11 ON")
    assert {r.feature for r in extract_cmake(_file("CMakeLists.txt", on)).requirements} == {""}


def test_a_ci_directory_under_scripts_is_ci() -> None:
    # kvcache-ai/Mooncake 3b5a5941: scripts/ci/run_store_go_integration.sh:5-6 read
    # GITHUB_WORKSPACE and MOONCAKE_STORE_CLUSTER_ID: the CI job's, not the repo's
    rels = ["CMakeLists.txt", "scripts/ci/run_store_go_integration.sh", "ci/build.sh"]
    scopes = Scopes(rels, {})
    assert scopes.of("scripts/ci/run_store_go_integration.sh") == CI
    assert scopes.of("ci/build.sh") == REPO


# Ascend/AscendNPU-IR 52f96a13: CMakeLists.txt:6-14 (its line 11, the guard, is line 6 here)
ASCENDNPU_IR_NINJA = """if(CMAKE_GENERATOR MATCHES "Ninja")
  execute_process(COMMAND ${CMAKE_MAKE_PROGRAM} --version
    OUTPUT_VARIABLE NINJA_VERSION
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(NINJA_VERSION ${NINJA_VERSION} CACHE STRING "Ninja version number" FORCE)
  if("${NINJA_VERSION}" VERSION_LESS "1.12.0")
    message(FATAL_ERROR "Ninja version too old, need at least 1.12.0")
  endif()
endif()
"""


def test_a_tool_version_a_fatal_guard_reads_is_that_tools_requirement() -> None:
    found = extract_cmake(_file("CMakeLists.txt", ASCENDNPU_IR_NINJA)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("ninja", ">=1.12.0", 6)]


# hicann/cmake 8cb721817e5bd8a6b7e06f939fa3eeb7f0fce647 function/prepare.cmake:48-55
CANN_CHECK_BUILD_ENV = """function(__cann_check_build_env)
    set(_min_version "7.3.0")
    if(CMAKE_C_COMPILER_ID STREQUAL "GNU" AND CMAKE_C_COMPILER_VERSION VERSION_LESS "${_min_version}")
        message(FATAL_ERROR "gcc version ${CMAKE_C_COMPILER_VERSION} is too old, requires >= ${_min_version}.")
    endif()

    check_cann_build_tool(python3)
endfunction()
"""  # noqa: E501


def test_a_fatal_guard_compares_with_the_version_a_variable_holds() -> None:
    found = extract_cmake(_file("function/prepare.cmake", CANN_CHECK_BUILD_ENV)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("gcc", ">=7.3.0", 3)]


# hicann/hixl 9ed283b27309463ed0faa490b79c0dc9ddef6377 cmake/variables.cmake:11-17, 19, 26-27
HIXL_VARIABLES = """if(PROJECT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR)
  message(STATUS "compile project with library")
  option(BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG "Build hixl with cann pkg" ON)
else()
  message(STATUS "compile project with src")
  option(BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG "Build hixl with cann source" OFF)
endif()
if(BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG)
    if (DEFINED ENV{ASCEND_HOME_PATH})
        set(ASCEND_INSTALL_PATH $ENV{ASCEND_HOME_PATH})
    endif()
endif()
"""


def test_an_option_on_when_the_repo_is_built_on_its_own_is_the_default_build() -> None:
    # ON in the top-level branch: ASCEND_HOME_PATH (line 10 here, :26 there) is the repo's
    commands = cmake_commands(HIXL_VARIABLES)
    assert option_features(commands, "cmake/variables.cmake") == {}
    assert option_features(commands, "CMakeLists.txt") == {}
    # the same option declared OFF outside such a test stays an option
    flat = HIXL_VARIABLES.replace("PROJECT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR", "WIN32")
    assert option_features(cmake_commands(flat), "cmake/variables.cmake")[10] == (
        "option:BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG"
    )


def test_a_top_level_test_in_a_nested_cmakelists_takes_its_else() -> None:
    # Constructed by review (session 14): hixl's lines in a CMakeLists.txt the root adds with
    # add_subdirectory, where CMAKE_SOURCE_DIR is the root's, so the test is false and the
    # else's OFF is the build's: ASCEND_HOME_PATH (line 10) is the option's
    commands = cmake_commands(HIXL_VARIABLES)
    assert option_features(commands, "src/CMakeLists.txt")[10] == (
        "option:BUILD_WITH_INSTALLED_DEPENDENCY_CANN_PKG"
    )
    # in the reverse order (OFF on its own, ON as a part) the nested file's build has it on
    flipped = HIXL_VARIABLES.replace(" ON)", " TMP)").replace(" OFF)", " ON)")
    assert (
        option_features(cmake_commands(flipped.replace(" TMP)", " OFF)")), "src/CMakeLists.txt")
        == {}
    )


def test_an_option_and_a_group_of_alternatives_is_off_with_the_option() -> None:
    # Review 1, finding 6: AND binds tighter than OR, and parentheses group; the branch is off
    # whenever USE_FOO is. Alternatives are off only when each of them is.
    text = (
        'option(USE_FOO "foo" OFF)\n'
        'option(USE_BAR "bar" OFF)\n'
        "if(USE_FOO AND (USE_BAR OR CMAKE_BUILD_TYPE))\n"
        "  add_subdirectory(a)\n"
        "endif()\n"
        "if(USE_FOO OR (USE_BAR AND CMAKE_BUILD_TYPE))\n"
        "  add_subdirectory(b)\n"
        "endif()\n"
        "if(USE_FOO OR NOT USE_BAR)\n"
        "  add_subdirectory(c)\n"
        "endif()\n"
        "if(USE_FOO OR CMAKE_BUILD_TYPE AND USE_BAR)\n"
        "  add_subdirectory(d)\n"
        "endif()\n"
    )
    assert option_features(cmake_commands(text), "CMakeLists.txt") == {
        **dict.fromkeys((3, 4, 6, 7, 12, 13), "option:USE_FOO")
    }


def test_a_scan_that_fails_still_drops_its_lexed_cmake_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review 1, finding 10: a harness that catches a repo's error and goes on must not keep
    # that repo's CMake texts for the life of the process.
    from bringup.scan import cmakelex, repo

    (tmp_path / "CMakeLists.txt").write_text('project(x)\noption(USE_X "x" OFF)\n')

    def failing(*args: object, **kwargs: object) -> None:
        assert cmakelex._lexed.cache_info().currsize > 0  # the scan lexed the file
        raise RuntimeError("boom")

    monkeypatch.setattr(repo, "one_each", failing)
    with pytest.raises(RuntimeError):
        scan_repo(tmp_path, ".")
    assert cmakelex._lexed.cache_info().currsize == 0
