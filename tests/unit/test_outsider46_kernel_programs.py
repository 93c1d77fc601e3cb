"""Outsider 27's D1 and D2 (tests/data/outsider46/REPORT.md): an Ascend C / CATLASS kernel repo
whose CMake build compiles its kernels with BiSheng (``-xcce --cce-aicore-arch=dav-c220``) and
links each into a program with AscendCL said "runs here after installing CANN" on a host with no
NPU, and "environment 1" on a 310P. Three classes: a custom command that builds a device program
needs the devices, and the chip its architecture flag names (``scan.cmakekernels``); a
core-architecture flag names the chip family (``backends.ascend.vocabulary``,
``scan.kernelchips``); ``foreach(X a b) add_subdirectory(${X})`` adds each folder to the build
(``scan.cmakesubdirs``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakesubdirs import added_directories
from bringup.scan.extraction import SourceFile
from bringup.scan.kernelchips import build_chips

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

# source: https://github.com/BillionsRichard/mm_rs_with_catlass/blob/e5cfd63/CMakeLists.txt (1-27)
TOP = """cmake_minimum_required(VERSION 3.10)
project(catcoc)

set(CMAKE_CXX_STANDARD 17)

if(NOT DEFINED ASCEND_HOME_PATH AND NOT DEFINED ENV{ASCEND_HOME_PATH})
    message(FATAL_ERROR "Cannot find ASCEND_HOME_PATH, please run set_env.sh.")
elseif(NOT DEFINED ASCEND_HOME_PATH)
    set(ASCEND_HOME_PATH $ENV{ASCEND_HOME_PATH})
endif()

set(CCEC ${ASCEND_HOME_PATH}/compiler/ccec_compiler/bin/bisheng)

add_subdirectory(examples)
"""
# source: https://github.com/BillionsRichard/mm_rs_with_catlass/blob/e5cfd63/examples/CMakeLists.txt
# (10, 37-41, 63-80, 82-89; the include and -l lines as written)
EXAMPLES = """function(catcoc_example_add_executable TARGET)
    set(KERNEL_SOURCES ${ARGN})
    add_custom_command(
        OUTPUT ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${TARGET}
        COMMAND ${CCEC} -O2 -std=c++17 -xcce --cce-aicore-arch=dav-c220
                        --cce-enable-print
                        -I${ASCEND_HOME_PATH}/include
                        -L${ASCEND_HOME_PATH}/lib64
                        -lruntime -lstdc++ -lascendcl
                        -lmf_smem -lmf_hybm_core -lshmem
                        ${KERNEL_SOURCES} -o ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${TARGET}
        DEPENDS ${KERNEL_SOURCES}
        VERBATIM
        COMMENT "Generating executable kernel ${TARGET}"
    )
    add_custom_target(${TARGET} DEPENDS ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${TARGET})
endfunction()

foreach(EXAMPLE
    00_matmul_allreduce
    01_allgather_matmul
)
    add_subdirectory(${EXAMPLE})
endforeach()
"""
# source: https://github.com/BillionsRichard/mm_rs_with_catlass/blob/e5cfd63/examples/00_matmul_allreduce/CMakeLists.txt
EXAMPLE = """catcoc_example_add_executable(
    00_matmul_allreduce
    SOURCES matmul_allreduce.cpp
)
"""


def _repo(tmp_path: Path, examples: str = EXAMPLES) -> Path:
    repo = tmp_path / "mm_rs_with_catlass"
    for folder in ("00_matmul_allreduce", "01_allgather_matmul"):
        (repo / "examples" / folder).mkdir(parents=True)
        (repo / "examples" / folder / "CMakeLists.txt").write_text(
            EXAMPLE.replace("00_matmul_allreduce", folder)
        )
    (repo / "CMakeLists.txt").write_text(TOP)
    (repo / "examples" / "CMakeLists.txt").write_text(examples)
    return repo


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    code = main(["check", *args, "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return code, verdict


@pytest.mark.parametrize(
    ("flag", "chips"),
    [
        ("--cce-aicore-arch=dav-c220", ["910B", "910_93"]),
        # source: https://github.com/BillionsRichard/mm_rs_with_catlass/blob/e5cfd63/3rdparty/catlass/examples/shared_lib/README.md
        # (line 144: a vector operator "--cce-aicore-arch=dav-c220-vec")
        ("--cce-aicore-arch=dav-c220-vec", ["910B", "910_93"]),
        # source: https://github.com/cannmirror/asc-devkit/blob/0da921b91aeb2abdc6e8d74423b0bbe7040c3fd1/cmake/asc/legacy_modules/bisheng_intf.cmake
        # (lines 54, 185: "--cce-aicore-arch=dav-c310-vec", "--cce-aicore-arch=dav-m200")
        ("--cce-aicore-arch=dav-m200", ["310P"]),
        ("--cce-aicore-arch=dav-c310-vec", ["950"]),
        ("--npu-arch=dav-2201", ["910B", "910_93"]),
        ("--cce-aicore-arch=dav-c2200", []),
    ],
)
def test_a_core_architecture_flag_names_its_chip_family(flag: str, chips: list[str]) -> None:
    assert build_chips(flag) == chips


def test_a_custom_command_building_a_device_program_is_a_device_program_line() -> None:
    file = SourceFile(ref="examples/CMakeLists.txt", rel="examples/CMakeLists.txt", text=EXAMPLES)
    found = extract_cmake(file).requirements
    (cann,) = [r for r in found if (r.text or "").endswith("drives the devices through it")]
    assert cann.subject == "cann"
    assert "--cce-aicore-arch=dav-c220" in (cann.text or "")
    assert cann.source.line == 5
    # the program's chip is hard; the file's kernels as a support list stay soft
    assert {(r.spec, r.hard) for r in found if r.subject == "chip"} == {
        ("910B,910_93", True),
        ("910B,910_93", False),
    }


def test_an_object_or_a_library_of_kernels_is_no_device_program() -> None:
    for built in ("-c", "-shared"):
        text = EXAMPLES.replace("-O2 -std=c++17", f"-O2 {built} -std=c++17")
        file = SourceFile(ref="examples/CMakeLists.txt", rel="examples/CMakeLists.txt", text=text)
        texts = [r.text or "" for r in extract_cmake(file).requirements]
        assert not any(t.endswith("drives the devices through it") for t in texts)


def test_a_foreach_of_folders_adds_each_to_the_build() -> None:
    texts = {
        "CMakeLists.txt": TOP,
        "examples/CMakeLists.txt": EXAMPLES,
        "examples/00_matmul_allreduce/CMakeLists.txt": EXAMPLE,
        "examples/01_allgather_matmul/CMakeLists.txt": EXAMPLE,
    }
    added = added_directories([""], texts)
    assert {"examples", "examples/00_matmul_allreduce", "examples/01_allgather_matmul"} <= set(
        added
    )
    assert added["examples/01_allgather_matmul"].line == 23


def test_the_kernel_repo_builds_here_and_runs_only_on_npus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, verdict = _check(capsys, str(_repo(tmp_path)))
    assert verdict["status"] == "needs_hardware"
    assert code == 1


def test_on_a_310p_the_dav_c220_kernels_cannot_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path)
    code = main(["check", str(repo), "--target", "310P:2", "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "cannot_run"
    assert "910B" in verdict["on_target"]["text"]
    assert code == 1
