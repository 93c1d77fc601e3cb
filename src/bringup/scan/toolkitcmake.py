"""The CMake projects that build with a toolkit, and the steps that configure or build them.

A CMake project needs the toolkit when its ``CMakeLists.txt`` does, or when a directory its
``add_subdirectory`` chain adds does: hansheng1001/AscendCContest@4904517
01Addcmul/KernelLaunch/MseLossKernelInvocation/CMakeLists.txt:9-10 adds ``cmake/cpu`` and
``cmake/npu``, and cmake/cpu/CMakeLists.txt:6 stops without CANN (``find_package(tikicpulib
REQUIRED)``). Its ``cmake -S . -B build``, and ``run.sh``'s ``cmake -B build`` (run.sh:104, the
source its own folder), were "run here now" with no CANN installed (outsider20 D5, D6): each
waits for the toolkit's install as a build of the folder itself does.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.model import Step
from bringup.scan.cmakesubdirs import added_directories
from bringup.scan.cmakeuse import cmake_file

_LISTS = "CMakeLists.txt"


def with_adders(builds: Mapping[str, str], texts: Mapping[str, Optional[str]]) -> dict[str, str]:
    """``builds`` (folder, "." for the top -> device kind of the toolkit its CMakeLists.txt
    needs) with each enclosing folder whose ``CMakeLists.txt`` adds one of them, itself or
    through a folder it adds (``cmakesubdirs``); ``texts``: the repo's files read, by path.
    Only the folders above a toolkit build are read."""
    found = dict(builds)
    if not found:
        return found
    cmake = {rel: text for rel, text in texts.items() if text is not None and cmake_file(rel)}
    above = {
        ancestor
        for folder in builds
        for ancestor in _ancestors(folder)
        if posixpath.join(ancestor, _LISTS).lstrip("/") in cmake and _dot(ancestor) not in found
    }
    for ancestor in sorted(above, key=len, reverse=True):
        added = added_directories((ancestor,), cmake)
        kind = next((builds[_dot(f)] for f in added if _dot(f) in builds), None)
        if kind is not None:
            found[_dot(ancestor)] = kind
    return found


def _ancestors(folder: str) -> list[str]:
    """The folders above ``folder`` ("." the top), nearest first, as ``cmakesubdirs`` names
    them ("" the top)."""
    out: list[str] = []
    while folder not in (".", ""):
        folder = posixpath.dirname(folder)
        out.append(folder)
    return out


def _dot(folder: str) -> str:
    return folder or "."


_NOT_CONFIGURING = (("-E",), ("-P",), ("--install",), ("--open",))
"""``cmake``'s modes that neither configure nor build a project of the folder."""


def cmake_folder(step: Step) -> Optional[str]:
    """The folder a ``cmake`` step configures or builds (``cmake -S . -B build``, ``cmake
    --build build`` from its folder): its ``-S`` folder, else the step's own; ``None`` for any
    other command."""
    argv = step.argv
    if not argv or posixpath.basename(argv[0]) != "cmake" or tuple(argv[1:2]) in _NOT_CONFIGURING:
        return None
    source = _value(argv, "-S")
    return posixpath.normpath(posixpath.join(step.cwd, source or "."))


def _value(argv: Sequence[str], option: str) -> Optional[str]:
    """The value of ``option`` (``-S dir`` or ``-Sdir``) in ``argv``."""
    for before, word in zip(argv, argv[1:]):
        if before == option:
            return word
    return next((w[len(option) :] for w in argv if w.startswith(option) and w != option), None)
