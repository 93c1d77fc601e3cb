"""reread43: a toolkit language enabled under its compiler probe is optional (outsider23 D8)
only where the build goes on without it. ``check_language(CUDA)`` / ``if(CMAKE_CUDA_COMPILER)``
/ ``enable_language(CUDA)`` / ``else()`` / ``message(FATAL_ERROR ...)`` is the common way to
require CUDA with a clear message, and was read as "CUDA optional"."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.scopes import OPTIONAL

# SENSEI-insitu/SENSEI CMake/cuda.cmake (the probe's lines, inside its if(ENABLE_CUDA))
STOPPING = """include(CheckLanguage)
check_language(CUDA)
if (CMAKE_CUDA_COMPILER)
  enable_language(CUDA)
else()
  message(FATAL_ERROR "CUDA is required by ENABLE_CUDA but CUDA was not found")
endif()
"""
# dfm/extending-jax@371dca9 CMakeLists.txt:17-29 (its GPU target's lines cut)
GOES_ON = """include(CheckLanguage)
check_language(CUDA)

if(CMAKE_CUDA_COMPILER)
  enable_language(CUDA)
else()
  message(STATUS "Building without CUDA")
endif()
"""


def _cuda(text: str) -> tuple[bool, str]:
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text)
    (cuda,) = [r for r in extract_cmake(file).requirements if r.subject == "cuda"]
    return cuda.hard, cuda.feature


def test_a_probe_whose_else_stops_needs_the_toolkit() -> None:
    assert _cuda(STOPPING) == (True, "")


def test_a_probe_whose_else_goes_on_is_optional() -> None:
    assert _cuda(GOES_ON) == (False, OPTIONAL)
