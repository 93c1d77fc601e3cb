"""Environment variables a build stops without (issue 11, class M4 of
/work/notes/scan9-analysis.md), each on the real lines quoted with repository, commit, file
and line."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.registry import EXTRACTORS

DRIVING = "Ascend/DrivingSDK@e667017eb751b614c128c9c81812634cae362ee4"
TE = "NVIDIA/TransformerEngine@d0067d0da6cb01811b8072a7d304f0e00344ce2b"
GDRCOPY = "NVIDIA/gdrcopy@fcec3ce0bb40a97a6cc45dd4afeec4bccb509712"


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


def test_a_makefile_variable_locating_a_dependency_is_a_soft_env_var() -> None:
    # GDRCOPY Makefile:24-32 and src/gdrdrv/Makefile:44-55
    top = (
        "prefix ?= /usr/local\nexec_prefix ?= $(prefix)\nlibdir ?= $(exec_prefix)/lib\n"
        "bindir ?= $(exec_prefix)/bin\nincludedir  ?= $(prefix)/include\n\n"
        "DESTDIR := $(abspath $(DESTDIR))\n\nCUDA ?= /usr/local/cuda\n"
    )
    driver = (
        "KVER ?= $(shell uname -r)\nMODULES_DIR := /lib/modules/$(KVER)\n"
        "KDIR := $(MODULES_DIR)/build\nMODULE_SUBDIR ?= /kernel/drivers/misc/\n"
        "MODULE_DESTDIR := $(MODULES_DIR)/$(MODULE_SUBDIR)\nDEPMOD := /sbin/depmod\n\n"
        "export NVIDIA_SRC_DIR ?= $(shell { find /usr/src/kernel-modules/nvidia-* "
        '/usr/src/nvidia-* -name "nv-p2p.c" -print -quit | xargs dirname || echo '
        '"NVIDIA_DRIVER_MISSING"; } 2>/dev/null)\n'
        "CONF_SCRIPT_DIR ?= $(PWD)/../../scripts\n"
    )
    found = [
        (r.spec, r.source.line, r.hard)
        for rel, text in (("Makefile", top), ("src/gdrdrv/Makefile", driver))
        for r in EXTRACTORS["makefile"](SourceFile(ref=rel, rel=rel, text=text)).requirements
        if r.subject == "env_var"
    ]
    # the install directories, the kernel release and the repo's own scripts are no need
    assert found == [("CUDA", 9, False), ("NVIDIA_SRC_DIR", 8, False)]
