"""The ``.cmake`` files a CMake file ``include``s unconditionally, to be read as the repo's own
build even where the walk skips their directory: ``cmake/third_party/`` and
``cmake/thirdparty/`` hold the scripts that fetch the third-party code (ops-nn
CMakeLists.txt:121 ``include(cmake/third_party/opbase.cmake)``, which clones opbase; rmm
cpp/CMakeLists.txt:73 ``include(cmake/thirdparty/get_cccl.cmake)``; ops-blas
CMakeLists.txt:73), not vendored code. One included under an ``if`` runs only where that is
set (ops-nn ``if(DOWNLOAD_OPS_TEST_KIT)``), and stays unread; so does one in a function,
macro or loop body. An ``if`` the default build takes is no such block: ``if(<option>)`` of an
option the file declares ``ON``, ``if(NOT <option>)`` of one it declares ``OFF`` (cuvs
cpp/CMakeLists.txt:187-195 ``if(NOT BUILD_CPU_ONLY)`` includes get_raft.cmake, :207-209
``if(BUILD_CAGRA_HNSWLIB)`` get_hnswlib.cmake); nor is the ``else`` of an ``if(<option>)`` off
by default (xLLM-AI/xllm-ops xllm_ops/CMakeLists.txt:112-121: ``if (BUILD_OPS_RTY_KERNEL)``,
an option no file turns on, ``else()`` includes the abseil-cpp and protobuf downloads).

A relative path is CMake's: from the directory of the ``CMakeLists.txt`` being configured,
which for a ``.cmake`` file is not known here; both its own directory and the repo's root are
offered (``scan.repo`` reads those that exist)."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from bringup import lazyre
from bringup.scan.cmake_options import off_by_default, option_defaults
from bringup.scan.cmakelex import CMakeCommand

_LIST_DIR = lazyre.compile(r"^\$\{CMAKE_CURRENT_LIST_DIR\}/")
_SOURCE_DIR = lazyre.compile(r"^\$\{CMAKE_CURRENT_SOURCE_DIR\}/")
_TOP = lazyre.compile(r"^\$\{(?:PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR)\}/")
_OPENS = frozenset({"if", "function", "macro", "foreach", "while"})
_CLOSES = frozenset({"endif", "endfunction", "endmacro", "endforeach", "endwhile"})
"""Blocks whose body may not run: an ``include`` in a function or macro body runs only if it
is called, one in a loop only if the loop runs."""


def included_files(rel: str, commands: Sequence[CMakeCommand]) -> tuple[str, ...]:
    """Repo-relative paths of the ``.cmake`` files the CMake file ``rel`` includes outside
    any ``if`` the default build skips, function, macro or loop (``_OPENS``)."""
    here = posixpath.dirname(rel)
    off, on = option_defaults(commands, rel)
    blocks: list[bool] = []  # per open block: whether the default build may skip it
    skipped: list[bool] = []  # per open if: whether the default build skips its first branch
    found: list[str] = []
    may_skip = 0  # how many of ``blocks`` the default build may skip: a count, not a scan
    for name, args, _ in commands:
        if name == "include":
            if not may_skip and args and args[0].endswith(".cmake"):
                found.extend(_candidates(here, rel, args[0]))
            continue
        if blocks and name in ("elseif", "else", *_CLOSES):  # the innermost block changes
            may_skip -= blocks[-1]
        if name == "if":
            taken = (len(args) == 1 and args[0] in on) or (
                len(args) == 2 and args[0] == "NOT" and args[1] in off
            )
            blocks.append(not taken)
            skipped.append(len(args) == 1 and off_by_default(args[0], off, on))
        elif name in _OPENS:
            blocks.append(True)
            skipped.append(False)
        elif name == "elseif" and blocks:
            blocks[-1], skipped[-1] = True, False
        elif name == "else" and blocks:
            blocks[-1] = not skipped[-1]
        elif name in _CLOSES and blocks:
            blocks.pop()
            skipped.pop()
            continue
        else:
            continue
        may_skip += blocks[-1]
    return tuple(dict.fromkeys(found))


def include_places(rel: str, commands: Sequence[CMakeCommand]) -> tuple[tuple[str, int], ...]:
    """``(path, line)`` of every ``include`` of a ``.cmake`` file in the CMake file ``rel``, under
    an ``if`` or not: the line where the build pulls that file in (xLLM-AI/xllm-ops
    xllm_ops/CMakeLists.txt:103 ``include(../cmake/third_party/json.cmake)``, the file that
    downloads nlohmann json; rapidsai/raft cpp/CMakeLists.txt:169
    ``include(cmake/thirdparty/get_rmm.cmake)``)."""
    here = posixpath.dirname(rel)
    return tuple(
        (path, line)
        for name, args, line in commands
        if name == "include" and args and args[0].endswith(".cmake")
        for path in _candidates(here, rel, args[0])
    )


def _candidates(here: str, rel: str, path: str) -> list[str]:
    """Where ``path`` may lie, relative to the repo; none outside it or through a variable
    not known here."""
    if _TOP.match(path):
        bases, path = [""], _TOP.sub("", path)
    elif _LIST_DIR.match(path):
        bases, path = [here], _LIST_DIR.sub("", path)
    else:
        bases = [here] if rel.endswith("CMakeLists.txt") else [here, ""]
        path = _SOURCE_DIR.sub("", path)
    if "$" in path or path.startswith("/"):
        return []
    joined = (posixpath.normpath(posixpath.join(base, path)) for base in bases)
    return [p for p in joined if not p.startswith("..")]
