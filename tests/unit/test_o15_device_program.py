"""outsider15 D5: a CMake program linked to a device runtime builds here but runs on the devices
alone, and the script that configures that CMake project waits for the toolkit's install. Real
lines: hu-qi/opt-test@021a3be569be1463d8db7d8ca087c5ebadecf56b ACLHelloWorld/src/CMakeLists.txt
:3,13-15,37-44 and scripts/sample_build.sh:1-24 (an AscendCL "Hello World" whose main.cpp:29-35
calls aclInit and aclrtSetDevice), on a host with no accelerator."""

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

CMAKELISTS = """cmake_minimum_required(VERSION 3.5.1)

project(ACLHelloWorld)

set(INC_PATH $ENV{DDK_PATH})
if (NOT DEFINED ENV{DDK_PATH})
    set(INC_PATH "/usr/local/Ascend/ascend-toolkit/latest")
endif ()

add_executable(main
        main.cpp)

if(target STREQUAL "Simulator_Function")
    target_link_libraries(main funcsim)
else()
    target_link_libraries(main ascendcl stdc++)
endif()
"""
LIBRARY = CMAKELISTS.replace("add_executable(main\n", "add_library(main SHARED\n")
"""The same link from a library target: a library may be host code beside the device's."""

SAMPLE_BUILD = """#!/bin/bash
ScriptPath="$( cd "$(dirname "$BASH_SOURCE")" ; pwd -P )"

function build()
{
  if [ -d ${ScriptPath}/../build/intermediates/host ];then
    rm -rf ${ScriptPath}/../build/intermediates/host
  fi

  mkdir -p ${ScriptPath}/../build/intermediates/host
  cd ${ScriptPath}/../build/intermediates/host

  cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE
  if [ $? -ne 0 ];then
    echo "[ERROR] cmake error, Please check your environment!"
    return 1
  fi
  make
}
build
"""


def _repo(tmp_path: Path, cmakelists: str) -> Path:
    repo = tmp_path / "ACLHelloWorld"
    (repo / "src").mkdir(parents=True)
    (repo / "scripts").mkdir()
    (repo / "src" / "CMakeLists.txt").write_text(cmakelists)
    (repo / "scripts" / "sample_build.sh").write_text(SAMPLE_BUILD)
    return repo


def _check(capsys: pytest.CaptureFixture[str], repo: Path) -> tuple[int, Any]:
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return code, verdict


def test_a_program_linked_to_the_device_runtime_runs_only_on_npus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, verdict = _check(capsys, _repo(tmp_path, CMAKELISTS))
    assert verdict["status"] == "needs_hardware"
    assert verdict["here"].startswith("builds here")
    assert "runs only on Ascend NPUs (none here; " in verdict["here"]
    assert verdict["here"].endswith("CMakeLists.txt:16)")
    assert code == 1


def test_a_library_linked_to_it_is_not_said_to_run_only_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _code, verdict = _check(capsys, _repo(tmp_path, LIBRARY))
    assert "runs only on" not in verdict["here"]


def test_the_script_that_configures_the_toolkit_build_waits_for_the_toolkit(
    tmp_path: Path,
) -> None:
    repo = _repo(tmp_path, CMAKELISTS)
    (step,) = scan_repo(repo, "ACLHelloWorld").component.steps
    assert step.argv == ("bash", "scripts/sample_build.sh")
    assert step.needs.toolkit
    assert step.needs.device_kind == "npu"
    # a CMake project that needs no toolkit: the same script needs none
    (repo / "src" / "CMakeLists.txt").write_text("project(x)\nadd_executable(main main.cpp)\n")
    (step,) = scan_repo(repo, "ACLHelloWorld").component.steps
    assert not step.needs.toolkit


def test_cmakes_command_mode_configures_no_folder(tmp_path: Path) -> None:
    """``cmake -E make_directory src`` makes a folder; it does not configure src/ (review34):
    a script doing only that waits for no toolkit; ``-B build -G Ninja`` names no source."""
    builds = {"src": "npu", "build": "npu", "Ninja": "npu"}
    assert _configures_built("cmake -E make_directory src\n", builds) is None
    assert _configures_built("cmake --build build\n", builds) is None
    assert _configures_built("cmake -B build -G Ninja\n", builds) is None
    assert _configures_built("cmake -S src -B build\n", builds) == "npu"
    assert _configures_built("cmake ../../../src\n", builds) == "npu"
