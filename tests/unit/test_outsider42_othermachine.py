"""Outsider 23 D6 rest (tests/data/outsider42/REPORT.md): Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0
names the author's board's toolkit under /home/HwHiAiUser in src/CMakeLists.txt and commits a
build/CMakeCache.txt made there: each is a note at its line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

# src/CMakeLists.txt:12-13 and :22-25 (the fallback to the toolkit's default place), :47-52
CMAKE = """\
cmake_minimum_required(VERSION 3.5.1)
project(main)
set(NPU_HOST_LIB  "/home/HwHiAiUser/Ascend/ascend-toolkit/latest/arm64-linux/aarch64-linux/devlib/")
set(DDK_PATH "/home/HwHiAiUser/Ascend/ascend-toolkit/latest/")
set(INC_PATH $ENV{DDK_PATH})
if (NOT DEFINED ENV{DDK_PATH})
    set(INC_PATH "/usr/local/Ascend")
endif()
# /home/HwHiAiUser/ in a comment is no path the build uses
include_directories(
    $ENV{HOME}/ascend_ddk/${ARCH}/include/
    /home/HwHiAiUser/Ascend/ascend-toolkit/5.1.RC1.alpha002/arm64-linux/acllib/include/
)
add_executable(main main.cpp)
"""

# build/CMakeCache.txt:2 and :203-204
CACHE = """\
# This is the CMakeCache file.
# For build in directory: /home/HwHiAiUser/Workspace/Atlas200DK_YOLO_V5_CPP_DVPP/build
//This is the directory where this CMakeCache.txt was created
CMAKE_CACHEFILE_DIR:INTERNAL=/home/HwHiAiUser/Workspace/Atlas200DK_YOLO_V5_CPP_DVPP/build
"""


def _notes(root: Path) -> list[tuple[str, list[tuple[str, int | None]]]]:
    found = scan_stack([str(root)]).findings
    return [
        (f.message, [(s.ref.split(str(root) + "/", 1)[-1], s.line) for s in f.sources])
        for f in found
        if "another machine" in f.message
    ]


def test_home_paths_and_a_cache_made_elsewhere_are_noted(tmp_path: Path) -> None:
    root = tmp_path / "acl"
    (root / "build").mkdir(parents=True)
    (root / "CMakeLists.txt").write_text(CMAKE)
    (root / "build" / "CMakeCache.txt").write_text(CACHE)
    notes = _notes(root)
    assert [sources for _, sources in notes] == [
        [("CMakeLists.txt", 3), ("CMakeLists.txt", 4), ("CMakeLists.txt", 12)],
        [("build/CMakeCache.txt", 4)],
    ]
    assert "3 path(s) under /home/HwHiAiUser" in notes[0][0]
    assert "made in /home/HwHiAiUser/Workspace/Atlas200DK_YOLO_V5_CPP_DVPP/build" in notes[1][0]


def test_the_toolkits_default_place_and_a_cache_made_here_are_not(tmp_path: Path) -> None:
    root = tmp_path / "acl"
    (root / "build").mkdir(parents=True)
    kept = [line for line in CMAKE.splitlines() if "/home/HwHiAiUser/A" not in line]
    (root / "CMakeLists.txt").write_text("\n".join(kept) + "\n")
    here = (root / "build").resolve()
    (root / "build" / "CMakeCache.txt").write_text(f"CMAKE_CACHEFILE_DIR:INTERNAL={here}\n")
    assert _notes(root) == []


def test_a_cache_linked_from_outside_the_checkout_is_not_read(tmp_path: Path) -> None:
    """The walk follows no link out of the checkout (reread43 H1 for packages.txt): a
    CMakeCache.txt that is a link is no cache this checkout committed."""
    root = tmp_path / "acl"
    (root / "build").mkdir(parents=True)
    (tmp_path / "CMakeCache.txt").write_text(CACHE)
    (root / "build" / "CMakeCache.txt").symlink_to(tmp_path / "CMakeCache.txt")
    assert _notes(root) == []
