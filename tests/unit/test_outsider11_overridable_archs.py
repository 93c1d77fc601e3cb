"""An architecture list a CMake file sets only when the user gave none is a default, no floor
(outsider11 #2): cuda-kernel-uv's chapter 01 defaults to "75;80;86" under ``if(NOT DEFINED
CMAKE_CUDA_ARCHITECTURES)``, and ``check --target V100:1`` said "cannot run (needs compute
capability >= 7.5)" although the top-level build defaults to sm_70 and the README names V100.
Real lines at the commit named beside them."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo

# uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119
# chapters/01_introduction/CMakeLists.txt:24-26
CHAPTER = """if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES "75;80;86")
endif()
"""
# the same commit, CMakeLists.txt:11-13
TOP = """# CUDA architectures (can be overridden via -DCMAKE_CUDA_ARCHITECTURES)
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES "70;75;80;86;89;90")
endif()
"""
# the same commit, chapters/02_cuda_basics/CMakeLists.txt:18: set whatever the user says
FIXED = """set(CMAKE_CUDA_ARCHITECTURES "70;75;80;86;89;90")
"""


def _floors(text: str, rel: str = "CMakeLists.txt") -> list[tuple[str, bool]]:
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.spec, r.hard) for r in found if r.subject == "compute_capability"]


def test_a_default_the_user_overrides_is_soft() -> None:
    assert _floors(CHAPTER) == [(">=7.5", False)]
    assert _floors(TOP) == [(">=7.0", False)]
    cached = 'set(CMAKE_CUDA_ARCHITECTURES "75;80" CACHE STRING "archs")\n'
    assert _floors(cached) == [(">=7.5", False)]
    otherwise = "if(DEFINED CMAKE_CUDA_ARCHITECTURES)\nelse()\n" + CHAPTER.splitlines()[1] + "\n"
    assert _floors(otherwise + "endif()\n") == [(">=7.5", False)]


def test_a_list_set_unconditionally_is_the_floor() -> None:
    assert _floors(FIXED) == [(">=7.0", True)]
    assert _floors("if(WIN32)\n" + FIXED + "endif()\n") == [(">=7.0", True)]


def test_a_chapters_default_does_not_decide_the_repos_floor(tmp_path: Path) -> None:
    chapter = tmp_path / "chapters" / "01_introduction"
    chapter.mkdir(parents=True)
    (chapter / "CMakeLists.txt").write_text(CHAPTER)
    (tmp_path / "CMakeLists.txt").write_text(TOP + "add_subdirectory(chapters/01_introduction)\n")
    component = scan_repo(tmp_path, "cuda-kernel-uv").component
    hard = [r.spec for r in component.requirements if r.subject == "compute_capability" and r.hard]
    assert hard == []
