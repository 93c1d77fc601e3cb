"""Directories only a build option adds to the build.

A CMake project adds a part of its tree under an option that is off by default:
``if(WITH_EP) add_subdirectory(mooncake-pg)`` (Mooncake CMakeLists.txt:143-144, with
``mooncake-pg/torch/setup.py`` needing torch). What the files there state is what that
option's build needs, the feature ``option:X`` the lines it guards in CMake already belong to
(``cmake_options``), not the default build's. A directory added under an option on by default
(``option(WITH_STORE_RUST "…" ON)``, :25, then ``add_subdirectory(mooncake-store/rust)``) stays
the build's.
"""

from __future__ import annotations

from collections.abc import Mapping
from posixpath import dirname, join, normpath

from bringup.scan.builton import built_on
from bringup.scan.cmake_options import option_features
from bringup.scan.cmakelex import cmake_commands


def optional_directories(build_texts: Mapping[str, str]) -> dict[str, str]:
    """``directory -> option:X`` for each directory a ``CMakeLists.txt`` adds only inside the
    branch of an option off by default (paths relative to the repo, as the build files'), and
    that the root ``setup.py`` does not turn on (``builton``)."""
    found: dict[str, str] = {}
    on = {f"option:{name}" for name in built_on(build_texts)}
    for rel, text in build_texts.items():
        if rel.rsplit("/", 1)[-1].lower() != "cmakelists.txt":
            continue
        commands = cmake_commands(text)
        features = option_features(commands)
        for name, args, line in commands:
            if name != "add_subdirectory" or not args or features.get(line, "") in ("", *on):
                continue
            target = normpath(join(dirname(rel), args[0]))
            if "$" not in target and not target.startswith(".."):
                found.setdefault(target, features[line])
    return found
