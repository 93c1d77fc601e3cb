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

from bringup.scan.cmake_options import option_features
from bringup.scan.cmakelex import cmake_commands


def optional_directories(build_texts: Mapping[str, str], on: Collection[str]) -> dict[str, str]:
    """``directory -> option:X`` for each directory a ``CMakeLists.txt`` adds only inside the
    branch of an option off by default (paths relative to the repo, as the build files'), and
    that is not one of the options ``on`` (``option:X``) the root ``setup.py`` or build
    script turns on (``builton``); ``file -> option:X`` for each CMake file only such a
    branch includes."""
    found: dict[str, str] = {}
    always: set[str] = set()
    for rel, text in build_texts.items():
        listing = rel.rsplit("/", 1)[-1].lower() == "cmakelists.txt"
        if not listing and not rel.endswith(".cmake"):
            continue
        commands = cmake_commands(text)
        features = option_features(commands, rel)
        for name, args, line in commands:
            target = _target(rel, name, args, listing)
            if not target:
                continue
            if features.get(line, "") in ("", *on):
                always.add(target)
            else:
                found.setdefault(target, features[line])
    return {target: option for target, option in found.items() if target not in always}


_LIST_DIR = "${CMAKE_CURRENT_LIST_DIR}/"


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
    target = normpath(join(dirname(rel), path))
    return "" if "$" in target or target.startswith("..") else target
