"""Which nested directories a repo's build files name (``scopes``).

A nested project is a part of the build around it when that build names it: the parent's
``setup.py``/``CMakeLists.txt``/``build.sh``/``Makefile`` (``build.sh`` building
``python/deep_ep``), and for the repo itself also its own build script in a top-level script
directory. This module keeps the build files' texts per directory and answers, once per
pair, whether a build names a directory.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from posixpath import dirname

from bringup import lazyre
from bringup.scan.cmakesubdirs import added_directories
from bringup.scan.cmakeuse import cmake_file

BUILD_FILES = frozenset({"setup.py", "pyproject.toml", "cmakelists.txt", "build.sh", "makefile"})
"""Build files whose text tells which nested directories the build builds."""
_ROOT_BUILD_SCRIPT = lazyre.compile(
    r"^(?:(?:script|scripts|build|build-tools|build_tools|buildtools|ci)/)?"
    r"(?![\w.-]*(?:wheel|whl|pack|pkg|dist|release|doc|docker|image|test))"
    r"[\w.-]*(?:build|compile)[\w.-]*\.sh$",
    re.IGNORECASE,
)
"""The repo's own build script in a top-level script directory (omni-infer ``build/build.sh``,
memfabric_hybrid ``script/build.sh``, ``ci/build.sh``) or beside ``build.sh`` at the root
(VisionSDK ``build_all.sh``, its README's route, README.md:77-79): a nested project it builds is the
repo's build as much as one its root ``setup.py`` or ``CMakeLists.txt`` names. A script that
packages, tests or documents (AscendNPU-IR ``build-tools/build_wheel.sh`` building
``bishengir/python/wheel``, Mooncake ``scripts/build_wheel.sh``) builds a feature of its own."""


def route_scripts(build_texts: Mapping[str, str]) -> dict[str, str]:
    """The repo's own build scripts (``rel -> text``): ``build.sh`` at its root and those of a
    top-level script directory (``_ROOT_BUILD_SCRIPT``)."""
    return {
        rel: text
        for rel, text in build_texts.items()
        if rel.lower() == "build.sh" or _ROOT_BUILD_SCRIPT.match(rel)
    }


class BuildNames:
    """The build files' texts per directory (``texts``), from ``rel -> text``."""

    def __init__(self, build_texts: Mapping[str, str], off: Collection[str] = ()) -> None:
        self.texts: dict[str, list[str]] = {}
        self._cmake = {rel: text for rel, text in build_texts.items() if cmake_file(rel)}
        self._off = off  # folders only an option off by default adds (``optdirs``)
        self._added: dict[str, Mapping[str, object]] = {}
        for rel, text in build_texts.items():
            if rel.rsplit("/", 1)[-1].lower() in BUILD_FILES:
                self.texts.setdefault(dirname(rel), []).append(text)
        self._root_scripts = tuple(t for r, t in route_scripts(build_texts).items() if "/" in r)
        self._named: dict[tuple[str, str], bool] = {}

    def names(self, parent: str, folder: str) -> bool:
        """Whether the build of ``parent`` (for the repo, also its own build scripts in a
        top-level script directory) names the nested ``folder``, or ``parent``'s
        ``CMakeLists.txt`` adds it, itself or through a directory it adds (``cmakesubdirs``:
        a chain the folder's name alone does not show, ``add_subdirectory(src)`` then
        ``add_subdirectory(python)``)."""
        key = (parent, folder)
        if key not in self._named:
            inner = folder[len(parent) + 1 :] if parent else folder
            texts = [*self.texts.get(parent, ()), *(() if parent else self._root_scripts)]
            # the substring test first: the search, its look-behind first, tries every
            # character; the pattern is made only for texts that hold the name
            holding = [text for text in texts if inner in text]
            named = re.compile(rf"(?<![\w-]){re.escape(inner)}(?![\w-])") if holding else None
            self._named[key] = (named is not None and any(named.search(t) for t in holding)) or (
                folder in self._chain(parent)
            )
        return self._named[key]

    def _chain(self, parent: str) -> Mapping[str, object]:
        """What the ``add_subdirectory`` chain from ``parent``'s ``CMakeLists.txt`` adds."""
        if parent not in self._added:
            self._added[parent] = added_directories((parent,), self._cmake, self._off)
        return self._added[parent]

    def builds_below(self, parent: str, folders: list[str], depth: int) -> bool:
        """Whether a project deeper on the path than a README-only directory is one the
        build of ``parent`` names (omni-infer ``build/build.sh:72`` builds
        ``omni/accelerators/sched/global_proxy`` below ``sched/README.md``): the directory's
        README describes a part of the repo's build, not a project of its own."""
        return any(
            "/".join(folders[:deeper]) in self.texts
            and self.names(parent, "/".join(folders[:deeper]))
            for deeper in range(depth + 1, len(folders) + 1)
        )

    def detached(self, folder: str, scripted: set[str]) -> bool:
        """Whether ``folder``, nested two or more levels deep, has a build script of its own
        (``folder`` in ``scripted``) that no build file outside it names while the repo has
        a build of its own (msmodelslim's ``msmodelslim/pytorch/weight_compression/
        compress_graph/build.sh``: a CMake tool built on demand, not a part of
        ``pip install .``)."""
        if folder not in scripted or "/" not in folder or "" not in self.texts:
            return False
        name = folder.rsplit("/", 1)[-1]
        named = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
        return not any(
            name in text and named.search(text)
            for home, texts in self.texts.items()
            if home != folder and not home.startswith(folder + "/")
            for text in texts
        )
