"""Outsider 29's D1 (tests/data/outsider48/REPORT.md): a need stated inside a CMake branch taken
only when an optional language or package is found is that optional feature's need, not the
repo's (``cmakeprobes``); a probe whose ``else`` stops the configure keeps it required."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo

# source: https://github.com/microsoft/glinthawk/blob/61976e3aeefb991318ba21ce4dca2b8d3ecd6271/etc/cuda.cmake#L1-L18
_GLINTHAWK_CUDA = (
    "include ( CheckLanguage )\n"
    "check_language ( CUDA )\n"
    "\n"
    "cmake_policy ( SET CMP0074 NEW )\n"
    "find_package ( CUDAToolkit )\n"
    "\n"
    "if ( CMAKE_CUDA_COMPILER )\n"
    '  message ( NOTICE "CMAKE_CUDA_COMPILER: ${CMAKE_CUDA_COMPILER}" )\n'
    "  enable_language( CUDA )\n"
    "\n"
    '  set ( CMAKE_CUDA_FLAGS "" )\n'
    '  set ( CMAKE_CUDA_FLAGS_DEBUG "-g" )\n'
    '  set ( CMAKE_CUDA_FLAGS_RELEASE "-O3 -DNDEBUG" )\n'
    '  set ( CMAKE_CUDA_FLAGS_RELWITHDEBINFO "-O3 -g -DNDEBUG" )\n'
    "\n"
    "  set ( CMAKE_CUDA_ARCHITECTURES 75 )\n"
    '  set ( CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS}" )\n'
    "  set ( CUDA_ENABLED ON )\n"
    "endif()\n"
)
# source: https://github.com/microsoft/glinthawk/blob/61976e3aeefb991318ba21ce4dca2b8d3ecd6271/CMakeLists.txt#L1-L8
# and #L46-L50 (the CPU target always, the CUDA target under the switch the probe turns on)
_GLINTHAWK_ROOT = (
    "cmake_minimum_required ( VERSION 3.18.0 )\n"
    "project ( Glinthawk VERSION 1.0.0 LANGUAGES CXX )\n"
    "include ( etc/cuda.cmake )\n"
    "add_subdirectory ( targets/amd64 amd64/ )\n"
    "\n"
    "if ( CUDA_ENABLED )\n"
    "  add_subdirectory ( targets/cuda cuda/ )\n"
    "endif ()\n"
)
# source: https://github.com/microsoft/glinthawk/blob/61976e3aeefb991318ba21ce4dca2b8d3ecd6271/targets/cuda/CMakeLists.txt#L8
_GLINTHAWK_TARGET = "target_link_libraries ( glinthawk-cuda cudart )\n"

# source: https://github.com/timetravelCat/UPT/blob/65e358302589bb6552c1b8bc4ed5f199ba93ae17/cmake/cuda.cmake#L15-L27
_UPT_CUDA = (
    "include(CheckLanguage)\n"
    "check_language(CUDA)\n"
    "\n"
    "if(CMAKE_CUDA_COMPILER)\n"
    "    enable_language(CUDA)\n"
    "    set(CMAKE_CUDA_STANDARD 17)\n"
    "    set(CMAKE_CUDA_STANDARD_REQUIRED ON)\n"
    "    set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)\n"
    "\n"
    "    # https://developer.nvidia.com/cuda-gpus\n"
    "    # native is available in 3.24 https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html#prop_tgt:CUDA_ARCHITECTURES\n"
    "    set(CMAKE_CUDA_ARCHITECTURES 86)\n"
    "endif()\n"
)
# source: https://github.com/SENSEI-insitu/SENSEI/blob/61cb16ee0849daf65bb7ecb41b5656604475bf29/CMake/cuda.cmake#L8-L13
_STOPS = (
    "  check_language(CUDA)\n"
    "if (CMAKE_CUDA_COMPILER)\n"
    "  enable_language(CUDA)\n"
    "else()\n"
    '  message(FATAL_ERROR "CUDA is required by ENABLE_CUDA but CUDA was not found")\n'
    "endif()\n"
)


def _needs(text: str, rel: str = "cmake/cuda.cmake") -> dict[str, str]:
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text))
    return {r.subject: r.feature for r in found.requirements}


def test_an_architecture_set_where_an_optional_compiler_was_found_is_the_features() -> None:
    for text in (_GLINTHAWK_CUDA, _UPT_CUDA):
        needs = _needs(text)
        assert needs["compute_capability"] == "optional"
        assert needs["cuda"] == "optional"


def test_a_probe_whose_else_stops_the_configure_keeps_the_need() -> None:
    assert _needs(_STOPS)["cuda"] == ""
    # the architecture inside such a probe stays the build's
    inside = _STOPS.replace(
        "enable_language(CUDA)\n", "enable_language(CUDA)\n  set(CMAKE_CUDA_ARCHITECTURES 75)\n"
    )
    assert _needs(inside)["compute_capability"] == ""


def test_a_repo_that_builds_cuda_only_where_found_needs_no_gpu(tmp_path: Path) -> None:
    files = {
        "CMakeLists.txt": _GLINTHAWK_ROOT,
        "etc/cuda.cmake": _GLINTHAWK_CUDA,
        "targets/amd64/CMakeLists.txt": "add_executable ( glinthawk-amd64 main.cc )\n",
        "targets/cuda/CMakeLists.txt": _GLINTHAWK_TARGET,
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    component = scan_repo(tmp_path, "glinthawk").component
    core = {r.subject for r in component.requirements if not r.feature}
    assert "cuda" not in core
    assert "compute_capability" not in core
    # the switch the probe turns on guards the CUDA target in the root file
    assert {r.feature for r in component.requirements if r.subject == "cuda"} <= {
        "optional",
        "option:CUDA_ENABLED",
    }


def test_a_compiler_the_project_requires_is_no_probe() -> None:
    """``if(CMAKE_CUDA_COMPILER)`` asks a question only after ``check_language(CUDA)``: where
    ``project(... LANGUAGES CXX CUDA)`` enabled the language the configure stops without the
    compiler, so the branch is always taken and what it sets is the build's (constructed from
    the glinthawk lines above; CMake's CheckLanguage module:
    https://cmake.org/cmake/help/latest/module/CheckLanguage.html)."""
    required = (
        "project ( Glinthawk VERSION 1.0.0 LANGUAGES CXX CUDA )\n"
        "if ( CMAKE_CUDA_COMPILER )\n"
        "  set ( CMAKE_CUDA_ARCHITECTURES 75 )\n"
        "endif()\n"
    )
    assert _needs(required, "CMakeLists.txt")["compute_capability"] == ""
