"""A CANN version check the build turns off is no exact pin of its default build (outsider 18
D3)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake_options import option_features
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.versioninfo import checked_versions

# repo-mirror-test/ops-transformer@bfbbec83 cmake/config.cmake:197-206 (lines 1-10 here) and
# version.info:1: the option is declared ON, then a plain ``set`` turns it OFF in the same branch
OPS_CONFIG = """if (BUILD_OPEN_PROJECT)
    # 与基础 CANN 配套关系检查
    option(CHECK_COMPATIBLE      "check compatibility"         ON)
    set(CHECK_COMPATIBLE                                      OFF)
    if (CHECK_COMPATIBLE)
        set(_param
                "--cann_path=${ASCEND_CANN_PACKAGE_PATH}"
                "--cann_package_name=toolkit"
                "check_code_compatible"
                "--code_version_info_file=${CMAKE_CURRENT_SOURCE_DIR}/version.info"
        )
    endif ()
endif ()
"""
OPS_VERSION = "Version=8.5.0-beta.1\n"


def _checks(tmp_path: Path, config: str) -> list[tuple[str, str, str]]:
    (tmp_path / "version.info").write_text(OPS_VERSION)
    files = [("r/cmake/config.cmake", "cmake/config.cmake", "cmake", config)]
    return [(r.spec, r.feature, r.text or "") for r in checked_versions(tmp_path, "r", files)]


def test_a_set_off_in_the_same_branch_turns_the_check_off(tmp_path: Path) -> None:
    [(spec, feature, text)] = _checks(tmp_path, OPS_CONFIG)
    assert (spec, feature) == ("==8.5.0-beta.1", "option:CHECK_COMPATIBLE")
    assert text.endswith("only with CHECK_COMPATIBLE on, which is off here")


def test_without_the_set_the_declared_on_check_is_the_builds(tmp_path: Path) -> None:
    config = OPS_CONFIG.replace(
        "    set(CHECK_COMPATIBLE                                      OFF)\n", ""
    )
    [(spec, feature, _)] = _checks(tmp_path, config)
    assert (spec, feature) == ("==8.5.0-beta.1", "")


def test_a_set_in_a_closed_branch_no_longer_holds() -> None:
    # the ``set`` inside one ``if`` says nothing of a later ``if`` outside it
    closed = OPS_CONFIG.replace(
        "    if (CHECK_COMPATIBLE)",
        "    endif ()\n    if (BUILD_OPEN_PROJECT)\n    if (CHECK_COMPATIBLE)",
    )
    assert (
        "option:CHECK_COMPATIBLE"
        not in option_features(cmake_commands(closed), "cmake/config.cmake").values()
    )
    assert option_features(cmake_commands(OPS_CONFIG), "cmake/config.cmake")[6] == (
        "option:CHECK_COMPATIBLE"
    )
