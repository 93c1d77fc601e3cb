"""A command in a CMake ``function``/``macro`` body runs only where the function is called
(issue 11, precision; ``bringup.scan.cmakecalls``).

Sources (public, at the commits the truth was written for):
- NVIDIA/MatX 4d58c1a823a6a979e9c12d5a5b395f7e8ab48e8d (carries rapids-cmake under
  cmake/rapids-cmake/)
- Ascend/ascend-docker-runtime c451124d7bd7d547e7c2f3fe285cb9f1d21483fb
- hicann/shmem 643bfb73b50d88042234d3f5e0c7c9841cdedbbe
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.cmakecalls import definitions, idle_bodies, running
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.cpm import cpm_downloads, read_at_call
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scopenames import REPO, TESTS
from cpuclock import cpu_seconds

# MatX cmake/GetPyBind11.cmake:32-49: the function and, below it, its call
_PYBIND = """function(find_and_configure_pybind11)
    CPMFindPackage(NAME pybind11
        GIT_REPOSITORY  https://github.com/pybind/pybind11.git
        GIT_TAG         v3.0.3)
endfunction()

set(CUDA_MATX_MIN_VERSION_pybind11)
find_and_configure_pybind11(${CUDA_MATX_MIN_VERSION_pybind11})
"""
# MatX cmake/rapids-cmake/rapids-cmake/cpm/cccl.cmake:58,99-101,143
_CCCL = """function(rapids_cpm_cccl)
  rapids_cpm_find(CCCL ${version} ${find_args} GLOBAL_TARGETS CCCL CCCL::CCCL CCCL::CUB
                                                              CCCL::libcudacxx CCCL::cudax
                  CPM_ARGS FIND_PACKAGE_ARGUMENTS EXACT ${cpm_find_info})
endfunction()
"""
# MatX CMakeLists.txt:162-165
_MATX_TOP = """rapids_cpm_cccl(
    BUILD_EXPORT_SET matx-exports
    INSTALL_EXPORT_SET matx-exports
)
"""
# ascend-docker-runtime cli/test/dt/CMakeLists.txt:4,25,61 (the call commented out)
_DT = """macro(dtcenter_init_complier_settings)
        set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -std=c++11")
endmacro()
#dtcenter_init_complier_settings()
"""
# shmem examples/CMakeLists.txt:38,40 and examples/simt_rma/CMakeLists.txt:11
_SHMEM_HELPER = """function(aclshmem_add_fusion_example NAME)
        add_executable(${NAME} ${ARGN})
endfunction()
"""
_SHMEM_EXAMPLE = "aclshmem_add_fusion_example(simt_rma main.cpp)\n"


def _idle(
    texts: dict[str, str], scopes: dict[str, str] | None = None
) -> dict[str, list[tuple[int, int]]]:
    scope_of = (scopes or {}).get
    return idle_bodies(
        {rel: (rel, text) for rel, text in texts.items()}, lambda r: scope_of(r, REPO)
    )


def test_a_body_lies_between_its_definition_and_its_end() -> None:
    defined = definitions(cmake_commands(_PYBIND))
    (body,) = defined.bodies
    assert (body.name, body.first, body.last) == ("find_and_configure_pybind11", 1, 5)
    assert body.calls == {"cpmfindpackage"}
    assert "find_and_configure_pybind11" in defined.calls


# MatX CMakeLists.txt:432 and :226 (commented out)
_MATX_INCLUDES = "    include(cmake/GetPyBind11.cmake)\n#     include(cmake/GetCUTLASS.cmake)\n"
# MatX cmake/GetRMM.cmake:34-42, a file nothing includes
_RMM = """function(find_and_configure_rmm)
  include(${rapids-cmake-dir}/cpm/rmm.cmake)
  rapids_cpm_rmm(BUILD_EXPORT_SET matx-exports INSTALL_EXPORT_SET matx-exports)
endfunction()

find_and_configure_rmm()
"""


def test_a_function_its_file_calls_runs_where_the_build_reads_the_file() -> None:
    texts = {"CMakeLists.txt": _MATX_INCLUDES, "cmake/GetPyBind11.cmake": _PYBIND}
    assert _idle(texts)["cmake/GetPyBind11.cmake"] == []
    # read by no build (named only in a comment, or nowhere), its own call runs nothing
    for unread in ("cmake/GetCUTLASS.cmake", "cmake/GetRMM.cmake"):
        texts = {"CMakeLists.txt": _MATX_INCLUDES, unread: _RMM}
        assert _idle(texts)[unread] == [(1, 4)]
    # a module include names the file without its suffix; a script or a guide by its name
    texts = {"CMakeLists.txt": "include(GetRMM)\n", "cmake/GetRMM.cmake": _RMM}
    assert _idle(texts)["cmake/GetRMM.cmake"] == []
    texts = {"build.sh": "cmake -C cmake/GetRMM.cmake ..\n", "cmake/GetRMM.cmake": _RMM}
    assert _idle(texts)["cmake/GetRMM.cmake"] == []


def test_a_globbed_include_may_read_every_file_under_it() -> None:
    # MatX public/cpm-cmake/test/CMakeLists.txt:5
    glob = 'file(GLOB tests "${CMAKE_CURRENT_SOURCE_DIR}/unit/*.cmake")\n'
    texts = {"test/CMakeLists.txt": glob, "test/unit/rmm.cmake": _RMM, "cmake/x.cmake": _PYBIND}
    idle = _idle(texts)
    assert idle["test/unit/rmm.cmake"] == []
    # a file outside the globbed directory is read only where named
    assert idle["cmake/x.cmake"] == [(1, 5)]


def test_a_macro_whose_only_call_is_commented_out_is_idle() -> None:
    assert _idle({"cli/test/dt/CMakeLists.txt": _DT}) == {"cli/test/dt/CMakeLists.txt": [(1, 3)]}


def test_a_wrapper_read_at_its_call_does_not_run_its_body() -> None:
    # rapids_cpm_cccl() is CCCL cloned from GitHub where MatX calls it; the rapids_cpm_find
    # in its body says so again
    assert read_at_call("rapids_cpm_cccl")
    assert not read_at_call("rapids_cpm_init")
    cccl = "cmake/rapids-cmake/rapids-cmake/cpm/cccl.cmake"
    idle = _idle({"CMakeLists.txt": _MATX_TOP, cccl: _CCCL})
    assert idle[cccl] == [(1, 5)]


def test_a_body_runs_through_the_functions_that_call_it() -> None:
    # rapids_cpm_init() (MatX CMakeLists.txt:34) calls the override helper, which calls
    # rapids_cpm_package_details; rapids_cpm_generate_pinned_versions nothing calls
    init = (
        "function(rapids_cpm_init)\n  rapids_cpm_package_override(${_RAPIDS_OVERRIDE})\n"
        "endfunction()\n"
    )
    override = (
        "function(rapids_cpm_package_override _rapids_override_filepath)\n"
        "  rapids_cpm_package_details(${package_name} version repository tag)\n"
        "endfunction()\n"
        "function(rapids_cpm_package_details package_name version_var)\n"
        "  find_package(Git REQUIRED)\nendfunction()\n"
    )
    pinned = "function(rapids_cpm_generate_pinned_versions)\n  find_package(Git)\nendfunction()\n"
    top = 'rapids_cpm_init(OVERRIDE "${CMAKE_CURRENT_SOURCE_DIR}/cmake/versions.json")\n'
    texts = {"CMakeLists.txt": top, "init.cmake": init, "override.cmake": override}
    idle = _idle({**texts, "pinned.cmake": pinned})
    assert idle == {"init.cmake": [], "override.cmake": [], "pinned.cmake": [(1, 3)]}


def test_tests_calling_a_helper_of_the_build_do_not_run_it() -> None:
    # rapids-cmake's testing/ holds a CMake project per function it tests
    helper = "cmake/rapids-cmake/rapids-cmake/cpm/detail/pinning_write_file.cmake"
    body = "function(rapids_cpm_pinning_write_file)\n  find_package(Git)\nendfunction()\n"
    caller = "cmake/rapids-cmake/testing/cpm/cpm_pinning/CMakeLists.txt"
    texts = {helper: body, caller: "rapids_cpm_pinning_write_file()\n"}
    assert _idle(texts, {caller: TESTS})[helper] == [(1, 3)]
    # the same call in the tests' own helper file runs it
    assert _idle(texts, {caller: TESTS, helper: TESTS})[helper] == []


def test_an_example_calling_the_examples_helper_runs_it() -> None:
    texts = {
        "examples/CMakeLists.txt": _SHMEM_HELPER,
        "examples/simt_rma/CMakeLists.txt": _SHMEM_EXAMPLE,
    }
    scopes = {
        "examples/CMakeLists.txt": "examples",
        "examples/simt_rma/CMakeLists.txt": "examples/simt_rma",
    }
    assert _idle(texts, scopes)["examples/CMakeLists.txt"] == []


def _need(line: int, *also: int) -> Requirement:
    ref = "cli/test/dt/CMakeLists.txt"
    return Requirement(
        subject="system_package",
        spec="git",
        component="",
        source=file_source(ref, line),
        also_at=tuple(file_source(ref, a) for a in also),
    )


def test_a_need_read_in_an_idle_body_is_dropped_or_cited_where_it_runs() -> None:
    idle = {"cli/test/dt/CMakeLists.txt": [(1, 3)]}
    assert running([_need(2)], idle) == []
    (moved,) = running([_need(2, 3, 8, 9)], idle)
    assert (moved.source.line, [s.line for s in moved.also_at]) == (8, [9])
    assert running([_need(8)], idle) == [_need(8)]


def test_a_need_is_placed_among_nested_and_many_idle_bodies() -> None:
    # bodies nest (a function defined in a function), touch and overlap
    idle = {"cli/test/dt/CMakeLists.txt": [(10, 12), (1, 20), (30, 31), (32, 40), (35, 36)]}
    kept = running([_need(line) for line in (1, 15, 21, 29, 33, 40, 41)], idle)
    assert [r.source.line for r in kept] == [21, 29, 41]
    # hostile: 20 000 idle bodies, each stating a need, were each looked up against every body
    many = {"cli/test/dt/CMakeLists.txt": [(3 * i + 1, 3 * i + 3) for i in range(20_000)]}
    start = cpu_seconds()
    assert running([_need(3 * i + 2) for i in range(20_000)], many) == []
    assert cpu_seconds() - start < 2


def test_rapids_cmake_helpers_are_no_packages() -> None:
    # MatX cmake/rapids-cmake/rapids-cmake/cpm/detail/pinning_root_dir_hook.cmake:20 and
    # cpm/init.cmake:108
    file = SourceFile(ref="hook.cmake", rel="hook.cmake", text="")
    for text in ("rapids_cpm_pinning_write_file()\n", "rapids_cpm_load_preset_versions()\n"):
        (command,) = cmake_commands(text)
        assert cpm_downloads(file, text.split("\n"), command, {}) == []


def test_a_vendored_helper_library_adds_only_what_the_build_calls(tmp_path: Path) -> None:
    (tmp_path / "cmake").mkdir()
    top = "cmake_minimum_required(VERSION 3.30.4)\nproject(matx LANGUAGES CXX)\n"
    (tmp_path / "CMakeLists.txt").write_text(top + "include(cmake/GetPyBind11.cmake)\n")
    (tmp_path / "cmake" / "GetPyBind11.cmake").write_text(_PYBIND)
    (tmp_path / "cmake" / "dt.cmake").write_text(_DT)
    scanned = scan_repo(tmp_path, str(tmp_path)).component.requirements
    found = {(r.subject, r.spec) for r in scanned}
    assert ("network", "https://github.com/pybind/pybind11.git") in found
    assert not any(r.subject == "cxx_standard" for r in scanned)
