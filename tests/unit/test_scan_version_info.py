"""A CANN component repo's build checks the installed CANN's ``version.info`` against its own
(session-23 outside tester, D21): that is an exact version, not an unversioned CANN.

Source: yzh1703456/cann-hccl@9aeddc05b6f9ffe8899e04043bced047b3c98491 version.info:1 and
cmake/config.cmake:10-28 (the lines below)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bringup.scan.repo import scan_repo

_VERSION_INFO = "Version=7.7.T17.0\n"
_CONFIG = """if(CUSTOM_ASCEND_CANN_PACKAGE_PATH)
    set(ASCEND_CANN_PACKAGE_PATH  ${CUSTOM_ASCEND_CANN_PACKAGE_PATH})
elseif(DEFINED ENV{ASCEND_HOME_PATH})
    set(ASCEND_CANN_PACKAGE_PATH  $ENV{ASCEND_HOME_PATH})
else()
    set(ASCEND_CANN_PACKAGE_PATH  "/usr/local/Ascend/ascend-toolkit/latest")
endif()

execute_process(COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cmake/scripts/check_version_compatiable.sh
                             ${ASCEND_CANN_PACKAGE_PATH}
                             hccl
                             ${CMAKE_CURRENT_SOURCE_DIR}/version.info
    RESULT_VARIABLE result
    OUTPUT_STRIP_TRAILING_WHITESPACE
    OUTPUT_VARIABLE CANN_VERSION
    )
"""


def _tree(tmp_path: Path) -> None:
    (tmp_path / "cmake").mkdir()
    (tmp_path / "cmake" / "config.cmake").write_text(_CONFIG, encoding="utf-8")
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16.0)\nproject(hccl)\ninclude(cmake/config.cmake)\n",
        encoding="utf-8",
    )  # constructed: the top-level file that includes the real config.cmake


def _repo(tmp_path: Path, *, info: bool) -> list[tuple[str, str, str]]:
    _tree(tmp_path)
    if info:
        (tmp_path / "version.info").write_text(_VERSION_INFO, encoding="utf-8")
    component = scan_repo(tmp_path, "cann-hccl").component
    return [
        (r.subject, r.spec, str(r.source)) for r in component.requirements if r.subject == "cann"
    ]


def test_the_version_a_build_checks_is_the_cann_it_needs(tmp_path: Path) -> None:
    assert _repo(tmp_path, info=True) == [
        ("cann", "==7.7.T17.0", "cann-hccl/cmake/config.cmake:12")
    ]


def test_without_its_version_info_the_check_states_no_version(tmp_path: Path) -> None:
    assert all(spec != "==7.7.T17.0" for _, spec, _ in _repo(tmp_path, info=False))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_version_info_does_not_hang_the_scan(tmp_path: Path) -> None:
    """Constructed hostile tree (review 23, 8): the build names its version.info, which is a
    FIFO; the scan reads it as any scan file (not a regular file: not read) and ends."""
    _tree(tmp_path)
    os.mkfifo(tmp_path / "version.info")
    argv = [sys.executable, "-m", "bringup", "scan", "--json", str(tmp_path)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(os.path.abspath, sys.path[1:]))}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env, check=False)
    assert done.returncode == 0, done.stderr
    (component,) = json.loads(done.stdout)["data"]["components"]
    assert all(r["spec"] != "==7.7.T17.0" for r in component["requirements"])
