"""RAPIDS' build conventions (rmm, raft, cuvs): rapids-cmake's CPM packages and the bootstrap
that downloads rapids-cmake, the ``get_*.cmake`` files included under an option on by default,
and the conda development environments and variant files beside the recipes. Each case keeps
only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakeincludes import included_files
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.conda_env import extract_conda_env
from bringup.scan.repo import scan_repo
from bringup.scan.walk import classify
from scan_needs import needs, source_file

# rapidsai/cuvs @ ff0c8076, cpp/cmake/thirdparty/get_dlpack.cmake:14-21.
CUVS_DLPACK = """  rapids_cpm_find(
    dlpack ${VERSION}
    GIT_REPOSITORY https://github.com/dmlc/dlpack.git
    GIT_TAG v${VERSION}
    GIT_SHALLOW TRUE
    DOWNLOAD_ONLY TRUE
    OPTIONS "BUILD_MOCK OFF"
  )
"""


def test_a_rapids_cpm_find_clones_from_its_repository_with_git() -> None:
    found = extract_cmake(source_file("cpp/cmake/thirdparty/get_dlpack.cmake", CUVS_DLPACK))
    assert needs(found.requirements) == [
        ("network", "dlpack from https://github.com/dmlc/dlpack.git", 3, False),
        ("system_package", "git", 3, False),
    ]
    assert {a.line for r in found.requirements for a in r.also_at} == {1}


# rapidsai/cuvs @ ff0c8076, cpp/CMakeLists.txt:13, 51, 187-200.
CUVS_DEPENDENCIES = """option(BUILD_CPU_ONLY "Build CPU only components. Applies to CUVS benchmarks currently" OFF)
option(BUILD_TESTS "Build cuvs unit-tests" ON)
if(NOT BUILD_CPU_ONLY)
  # We must find CCCL ourselves before raft so that we get the right version.
  include(${rapids-cmake-dir}/cpm/cccl.cmake)
  rapids_cpm_cccl()
  include(cmake/thirdparty/get_raft.cmake)
  include(cmake/thirdparty/get_cutlass.cmake)
  include(${rapids-cmake-dir}/cpm/cuco.cmake)
  rapids_cpm_cuco()
endif()

if(BUILD_TESTS OR BUILD_C_TESTS)
  include(${rapids-cmake-dir}/cpm/gtest.cmake)
  rapids_cpm_gtest(BUILD_STATIC)
endif()
"""  # noqa: E501


def test_an_include_the_default_build_takes_is_read_and_gtest_is_the_tests() -> None:
    commands = cmake_commands(CUVS_DEPENDENCIES)
    assert included_files("cpp/CMakeLists.txt", commands) == (
        "cpp/cmake/thirdparty/get_raft.cmake",
        "cpp/cmake/thirdparty/get_cutlass.cmake",
    )
    found = extract_cmake(source_file("cpp/CMakeLists.txt", CUVS_DEPENDENCIES)).requirements
    # rapids-cmake's own packages: no repository named here, no git of the repo's
    assert [(r.subject, r.spec, r.source.line, r.feature) for r in found] == [
        ("network", "cccl from GitHub", 6, ""),
        ("network", "cuco from GitHub", 10, ""),
        ("network", "gtest from GitHub", 15, "tests"),
    ]


# rapidsai/cuvs @ ff0c8076, cmake/RAPIDS.cmake:21-23, 33-35, 70-72 (the default: a zip archive).
CUVS_BOOTSTRAP = """if(NOT rapids-cmake-repo)
  # Define a default repo if the user doesn't set one
  set(rapids-cmake-repo rapidsai/rapids-cmake)
if(NOT rapids-cmake-url)
  # Construct a default URL if the user doesn't set one
  set(rapids-cmake-url "https://github.com/${rapids-cmake-repo}/")
else()
  string(APPEND rapids-cmake-url "${rapids-cmake-value-to-clone}")
  FetchContent_Declare(rapids-cmake URL "${rapids-cmake-url}")
"""


def test_the_rapids_cmake_bootstrap_downloads_it_from_github() -> None:
    found = extract_cmake(source_file("cmake/RAPIDS.cmake", CUVS_BOOTSTRAP)).requirements
    assert [(r.spec, r.source.line, [a.line for a in r.also_at]) for r in found] == [
        ("https://github.com/rapidsai/rapids-cmake/", 6, [9])
    ]


# rapidsai/rmm @ 5d50a37b, conda/environments/all_cuda-129_arch-x86_64.yaml:7, 12, 14-16, 19,
# 23, 35, 43.
RMM_ENVIRONMENT = """dependencies:
- cmake>=4.0
- cuda-python>=12.9.2,<13.0
- cuda-version=12.9
- cxx-compiler
- gcc_linux-64=14.*
- make
- python>=3.11
- sysroot_linux-64==2.28
"""
# rapidsai/rmm @ 5d50a37b, conda/recipes/librmm/conda_build_config.yaml:1-17.
RMM_VARIANTS = """c_compiler_version:
  - 14

cxx_compiler_version:
  - 14

cuda_compiler:
  - cuda-nvcc

c_stdlib:
  - sysroot

c_stdlib_version:
  - "2.28"

cmake_version:
  - ">=4.0"
"""


def test_a_development_environment_states_the_build_toolchain() -> None:
    rel = "conda/environments/all_cuda-129_arch-x86_64.yaml"
    assert classify(rel) == "conda"
    found = extract_conda_env(source_file(rel, RMM_ENVIRONMENT)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("cmake", ">=4.0", 2),
        ("gcc", "", 5),
        ("gcc", "==14.*", 6),
        ("system_package", "make", 7),
        ("glibc", ">=2.28", 9),
    ]


def test_a_variant_file_gives_the_compiler_c_library_and_cmake() -> None:
    rel = "conda/recipes/librmm/conda_build_config.yaml"
    found = extract_conda_env(source_file(rel, RMM_VARIANTS)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("gcc", "==14.*", 2),
        ("gcc", "==14.*", 5),
        ("glibc", ">=2.28", 14),
        ("cmake", ">=4.0", 17),
    ]


# rapidsai/rmm @ 5d50a37b, dependencies.yaml:5-10.
RMM_GENERATOR = """files:
  all:
    output: conda
    matrix:
      cuda: ["12.9", "13.3"]
      arch: [x86_64, aarch64]
"""


def test_the_generators_matrix_names_the_architectures_it_builds_on() -> None:
    assert classify("dependencies.yaml") == "conda"
    found = extract_conda_env(source_file("dependencies.yaml", RMM_GENERATOR)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("arch", "x86_64,aarch64", 6)]


# rapidsai/rmm @ 5d50a37b, cpp/CMakeLists.txt:17-20 and 58-61; python/rmm/CMakeLists.txt:17.
RMM_PROJECT = """project(
  RMM
  VERSION "${RAPIDS_VERSION}"
  LANGUAGES CXX)
rapids_find_package(
  CUDAToolkit REQUIRED
  BUILD_EXPORT_SET rmm-exports
  INSTALL_EXPORT_SET rmm-exports)
"""
RMM_PYTHON = """find_package(rmm "${RAPIDS_VERSION}" REQUIRED)
"""


def test_rapids_find_package_is_find_package_and_the_repos_own_package_no_need(
    tmp_path: Path,
) -> None:
    found = extract_cmake(source_file("cpp/CMakeLists.txt", RMM_PROJECT)).requirements
    assert [(r.subject, r.source.line) for r in found if r.subject == "cuda"] == [("cuda", 5)]
    (tmp_path / "cpp").mkdir()
    (tmp_path / "python" / "rmm").mkdir(parents=True)
    (tmp_path / "cpp" / "CMakeLists.txt").write_text(RMM_PROJECT, encoding="utf-8")
    (tmp_path / "python" / "rmm" / "CMakeLists.txt").write_text(RMM_PYTHON, encoding="utf-8")
    subjects = {r.subject for r in scan_repo(tmp_path, "repo").component.requirements}
    assert "cuda" in subjects
    assert not {s for s in subjects if s.lower() == "cmake:rmm"}
