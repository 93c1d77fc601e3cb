"""Directories and CMake files only a build option adds to the build.

A CMake project adds a part of its tree under an option that is off by default:
``if(WITH_EP) add_subdirectory(mooncake-pg)`` (Mooncake CMakeLists.txt:143-144, with
``mooncake-pg/torch/setup.py`` needing torch). What the files there state is what that
option's build needs, the feature ``option:X`` the lines it guards in CMake already belong to
(``cmake_options``), not the default build's. A directory added under an option on by default
(``option(WITH_STORE_RUST "…" ON)``, :25, then ``add_subdirectory(mooncake-store/rust)``) stays
the build's.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from posixpath import dirname, join, normpath

from bringup.scan.cmake_options import option_defaults, option_features
from bringup.scan.cmakelex import cmake_commands


def optional_parts(
    build_texts: Mapping[str, str], on: Collection[str]
) -> tuple[dict[str, str], dict[str, dict[int, str]]]:
    """``directory -> option:X`` for each directory a ``CMakeLists.txt`` adds only inside the
    branch of an option off by default (paths relative to the repo, as the build files'), and
    that is not one of the options ``on`` (``option:X``) the root ``setup.py`` or build
    script turns on (``builton``); ``file -> option:X`` for each CMake file only such a
    branch includes. And ``file -> {line -> option:X}`` for the lines of each CMake
    file inside the branch of an option another CMake file declares off (``option(NCNN_VULKAN
    "vulkan compute support" OFF)``, Tencent/ncnn@a4d2ea1d CMakeLists.txt:82, guarding
    ``find_package(Vulkan REQUIRED)`` in src/CMakeLists.txt:300-333): the option's, not the
    default build's, as a guard on an option the file declares itself is (``cmake_options``).
    An option declared on anywhere counts as on; one the build turns ``on`` is the build's."""
    parsed = [
        (rel, cmake_commands(text))
        for rel, text in build_texts.items()
        if rel.rsplit("/", 1)[-1].lower() == "cmakelists.txt" or rel.endswith(".cmake")
    ]
    declared_off: set[str] = set()
    declared_on: set[str] = set()
    for rel, commands in parsed:
        off, on_here = option_defaults(commands, rel)
        declared_off |= off
        declared_on |= on_here
    elsewhere = frozenset(declared_off - declared_on)
    found: dict[str, str] = {}
    always: set[str] = set()
    lines: dict[str, dict[int, str]] = {}
    for rel, commands in parsed:
        listing = rel.rsplit("/", 1)[-1].lower() == "cmakelists.txt"
        features = option_features(commands, rel, elsewhere)
        guarded = {line: f for line, f in features.items() if f not in on}
        if guarded:
            lines[rel] = guarded
        for name, args, line in commands:
            target = _target(rel, name, args, listing)
            if not target:
                continue
            if features.get(line, "") in ("", *on):
                always.add(target)
            else:
                found.setdefault(target, features[line])
    directories = {target: option for target, option in found.items() if target not in always}
    return directories, lines


_LIST_DIR = "${CMAKE_CURRENT_LIST_DIR}/"
_SOURCE_DIR = "${CMAKE_CURRENT_SOURCE_DIR}/"


def _target(rel: str, name: str, args: tuple[str, ...], listing: bool) -> str:
    """The directory ``add_subdirectory`` adds or the file ``include`` reads (pyg-lib
    CMakeLists.txt:178 ``include(cmake/test.cmake)`` inside ``if(BUILD_TEST)``; Mooncake
    mooncake-common/common.cmake:114 ``include(${CMAKE_CURRENT_LIST_DIR}/FindUrma.cmake)``
    inside ``if(USE_UB)``), relative to the repo; "" for another command or a path not known
    here (a plain relative include in a ``.cmake`` file resolves against its includer)."""
    if not args or name not in ("add_subdirectory", "include"):
        return ""
    path = args[0]
    if name == "include":
        if not path.endswith(".cmake"):
            return ""
        if path.startswith(_LIST_DIR):
            path = path[len(_LIST_DIR) :]
        elif not listing:
            return ""
    elif not listing:
        return ""
    else:
        # a CMakeLists.txt's own directory spelled out (alibaba/MNN@4d40bdbd CMakeLists.txt:718
        # ``add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/source/backend/vulkan/)``)
        for here in (_LIST_DIR, _SOURCE_DIR):
            path = path[len(here) :] if path.startswith(here) else path
    target = normpath(join(dirname(rel), path))
    return "" if "$" in target or target.startswith("..") else target
