"""outsider20 D5, D6, D17: an Ascend C kernel sample's CPU mode runs on the CPU with CANN's toolkit
(its CPU debug library), and its CMake builds and the scripts that run them wait for that
toolkit. Real lines: hansheng1001/AscendCContest@4904517 01Addcmul/KernelLaunch/
MseLossKernelInvocation/CMakeLists.txt:1-10, cmake/cpu/CMakeLists.txt:1-24, cmake/npu/
CMakeLists.txt:1-9, run.sh:1,100-110 and KernelLaunch/README.md:65-69,78-81;
FrameworkLaunch/Addcmul/build.sh:5-7,64; 09Spence/FrameworkLaunch/README.md:74; on a host with
no accelerator and no CANN."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.scan.repo import scan_repo
from bringup.scan.steps_found import _configures_built

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

TOP = """cmake_minimum_required(VERSION 3.16)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_CXX_STANDARD 17)

set(CCE_CMAKE_PATH ${CMAKE_CURRENT_SOURCE_DIR}/cmake/Modules)
list(APPEND CMAKE_MODULE_PATH ${CCE_CMAKE_PATH})
project(kernel_samples LANGUAGES CCE CXX)

add_subdirectory(cmake/cpu)
add_subdirectory(cmake/npu)
"""
CPU = """# cpu
if (NOT DEFINED ENV{CMAKE_PREFIX_PATH})
    set(CMAKE_PREFIX_PATH ${ASCEND_INSTALL_PATH}/tools/tikicpulib/lib/cmake)
endif()

find_package(tikicpulib REQUIRED)

file(GLOB SRC_FILES
    ${CMAKE_SOURCE_DIR}/*.cpp
)

add_executable(${smoke_testcase}_cpu
    ${SRC_FILES}
)

target_include_directories(${smoke_testcase}_cpu PRIVATE
    ${ASCEND_INSTALL_PATH}/acllib/include
    ${CMAKE_SOURCE_DIR}
)

target_link_libraries(${smoke_testcase}_cpu PRIVATE
    tikicpulib::${ASCEND_PRODUCT_TYPE}
    ascendcl
)
"""
NPU = """# npu
file(GLOB SRC_FILES
    ${CMAKE_SOURCE_DIR}/*.cpp
)
set_source_files_properties(${SRC_FILES} PROPERTIES LANGUAGE CCE)

add_executable(${smoke_testcase}_npu
    ${SRC_FILES}
)
"""
RUN = """#!/bin/bash
set -e
rm -rf build *_cpu *_sim *_npu cceprint npuchk *log *.vcd

mkdir build
cmake -B build                            \\
    -Dsmoke_testcase=${FILE_NAME}         \\
    -DASCEND_PRODUCT_TYPE=${_SOC_VERSION} \\
    -DASCEND_CORE_TYPE=${CORE_TYPE}       \\
    -DASCEND_RUN_MODE=${RUN_MODE}         \\
    -DASCEND_INSTALL_PATH=${_ASCEND_INSTALL_PATH}
cmake --build build --target ${FILE_NAME}_${RUN_MODE}
"""
README = """  - 样例执行

    ```
    bash run.sh -r [RUN_MODE] -v [SOC_VERSION]
    ```
    示例如下。
    ```
    bash run.sh -r cpu -v Ascend310P1
    ```
"""
# FrameworkLaunch/Addcmul/build.sh:5-7,64
BUILD = """mkdir -p build_out
rm -rf build_out/*
cd build_out
      cmake .. --preset=default
"""


def _sample(tmp_path: Path) -> Path:
    repo = tmp_path / "MseLossKernelInvocation"
    for folder, text in (("", TOP), ("cmake/cpu", CPU), ("cmake/npu", NPU)):
        (repo / folder).mkdir(parents=True, exist_ok=True)
        (repo / folder / "CMakeLists.txt").write_text(text, encoding="utf-8")
    (repo / "run.sh").write_text(RUN, encoding="utf-8")
    (repo / "README.md").write_text(README, encoding="utf-8")
    return repo


def _check(capsys: pytest.CaptureFixture[str], repo: Path) -> Any:
    main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return verdict


def test_the_cpu_debug_build_is_not_a_program_that_runs_only_on_npus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it links ascendcl, yet beside tikicpulib, CANN's CPU debug library: "runs only on
    # Ascend NPUs (none here; cmake/cpu/CMakeLists.txt:21)" was wrong (D5)
    verdict = _check(capsys, _sample(tmp_path))
    assert verdict["status"] != "needs_hardware"
    assert "runs only on" not in verdict["here"]
    assert "CANN" in verdict["here"]


def test_its_builds_and_the_script_that_runs_them_wait_for_cann(tmp_path: Path) -> None:
    # "run here now" with no CANN installed (D5), run.sh "needs nothing" (D6)
    steps = scan_repo(_sample(tmp_path), "MseLossKernelInvocation").component.steps
    assert [s.argv[:4] for s in steps] == [
        ("bash", "run.sh", "-r", "[RUN_MODE]"),
        ("bash", "run.sh", "-r", "cpu"),
        ("cmake", "-S", ".", "-B"),
        ("cmake", "--build", "build"),
    ]
    assert all(s.needs.toolkit and s.needs.device_kind == "npu" for s in steps)


def test_a_configure_of_the_script_s_own_folder_is_that_folder_s_build() -> None:
    # ``cmake -B build`` (no source: the folder it runs in) and ``cmake ..`` from build_out
    builds = {"KernelLaunch/MseLossKernelInvocation": "npu"}
    assert _configures_built(RUN, builds, "KernelLaunch/MseLossKernelInvocation") == "npu"
    assert _configures_built(BUILD, {"Addcmul": "npu"}, "Addcmul") == "npu"
    assert _configures_built(RUN, builds, "KernelLaunch/other") is None


# 09Spence/FrameworkLaunch/README.md:74 (the same note in every operator's FrameworkLaunch)
DUMP_NOTE = (
    "  - 备注\uff1a如果要使用dump调试功能\uff0c需要移除op_host内和CMakeLists.txt内的Atlas "
    "训练系列产品的配置\n"
)


def test_a_chip_whose_configuration_a_note_removes_is_no_need(tmp_path: Path) -> None:
    # read as "option 使用dump调试功能 needs chip 910" (D17)
    (tmp_path / "README.md").write_text("# Spence\n\n" + DUMP_NOTE, encoding="utf-8")
    component = scan_repo(tmp_path, "FrameworkLaunch").component
    found = [*component.requirements, *(r for s in component.scopes for r in s.requirements)]
    assert [r for r in found if r.subject == "chip"] == []
    # the same sentence keeping the configuration names the chip the feature needs
    kept = DUMP_NOTE.replace("需要移除", "需要保留")
    (tmp_path / "README.md").write_text("# Spence\n\n" + kept, encoding="utf-8")
    component = scan_repo(tmp_path, "FrameworkLaunch").component
    found = [*component.requirements, *(r for s in component.scopes for r in s.requirements)]
    assert [r.spec for r in found if r.subject == "chip"] == ["910"]
