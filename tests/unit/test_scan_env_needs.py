"""Environment variables a build stops without (issue 11, class M4 of
/work/notes/scan9-analysis.md), each on the real lines quoted with repository, commit, file
and line."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.registry import EXTRACTORS

DRIVING = "Ascend/DrivingSDK@e667017eb751b614c128c9c81812634cae362ee4"
TE = "NVIDIA/TransformerEngine@d0067d0da6cb01811b8072a7d304f0e00344ce2b"


def _cmake_env(rel: str, text: str) -> list[tuple[str, int | None]]:
    found = EXTRACTORS["cmake"](SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.spec, r.source.line) for r in found if r.subject == "env_var"]


def test_an_environment_variable_carried_into_a_fatal_test_is_required() -> None:
    # DRIVING cmake/config.cmake:31-37: the CANN path falls back to the environment, then the
    # configure stops when it does not exist
    config = (
        "if(NOT CANN_PATHS)\n"
        '  message(STATUS "Use new CANN_package!")\n'
        '  set(CANN_PATHS "$ENV{ASCEND_TOOLKIT_HOME}")\n'
        "endif()\n\n"
        'if(NOT EXISTS "${CANN_PATHS}")\n'
        '  message(FATAL_ERROR "CANN path not found: ${CANN_PATHS}")\n'
        "endif()\n"
    )
    assert _cmake_env("cmake/config.cmake", config) == [("ASCEND_TOOLKIT_HOME", 3)]


def test_a_variable_given_a_default_when_empty_is_not_required() -> None:
    # TE transformer_engine/common/CMakeLists.txt:518-527: the value is validated, but an
    # unset variable takes the default 10
    philox = (
        "# Number of philox4x32 rounds for stochastic rounding (build-time constant).\n"
        "set(NVTE_BUILD_NUM_PHILOX_ROUNDS_STR $ENV{NVTE_BUILD_NUM_PHILOX_ROUNDS})\n"
        "if (NOT NVTE_BUILD_NUM_PHILOX_ROUNDS_STR)\n"
        '  set(NVTE_BUILD_NUM_PHILOX_ROUNDS_STR "10")\n'
        "endif()\n"
        'if (NOT NVTE_BUILD_NUM_PHILOX_ROUNDS_STR MATCHES "^[1-9][0-9]*$")\n'
        "  message(FATAL_ERROR\n"
        '          "Environment variable NVTE_BUILD_NUM_PHILOX_ROUNDS must be a positive '
        'integer, "\n'
        "          \"but got '${NVTE_BUILD_NUM_PHILOX_ROUNDS_STR}'.\")\n"
        "endif()\n"
    )
    assert _cmake_env("transformer_engine/common/CMakeLists.txt", philox) == []
