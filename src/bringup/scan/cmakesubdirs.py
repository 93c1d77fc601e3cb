"""The directories a CMake build adds, following its ``add_subdirectory`` chains (``mainroute``).

A folder with a ``CMakeLists.txt`` or a README of its own reads as a project apart, yet when
the repo's top ``CMakeLists.txt`` adds it (NVIDIA/cuCollections CMakeLists.txt:100
``add_subdirectory(benchmarks)`` under ``BUILD_BENCHMARKS``, on when cuco is built on its own),
or a directory it adds adds it in turn, the repo's own build builds it: what its build files
need, the repo's build needs. A name another command merely mentions (tensorflow's
``ExternalProject_Add(npu_device_whl SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}/tf_adapter_2.x ...
EXCLUDE_FROM_ALL TRUE)``, Ascend/tensorflow CMakeLists.txt:274-287, in the ``else()`` of the
open-source build) builds nothing on the route.

The files are read, never run: ``include()`` of a ``.cmake`` file the chain reaches is followed
(its ``add_subdirectory`` is relative to the directory that includes it); a path holding a
variable other than the source directories' is not resolved.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from posixpath import dirname, join, normpath
from typing import NamedTuple

from bringup.scan.cmakelex import cmake_commands

_HERE = ("${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}")
"""The directory of the ``CMakeLists.txt`` being read (for ``include``: of the file itself)."""
_TOP = ("${CMAKE_SOURCE_DIR}", "${PROJECT_SOURCE_DIR}", "${CMAKE_HOME_DIRECTORY}")
"""The directory the chain starts from."""
_FILES = 4096
"""The most CMake files one chain reads (a tree of generated per-operator directories)."""


class Added(NamedTuple):
    """A directory a CMake file adds: the file and the line of its ``add_subdirectory``."""

    folder: str
    rel: str
    line: int


def added_directories(
    starts: Collection[str], texts: Mapping[str, str], off: Collection[str] = ()
) -> dict[str, Added]:
    """``folder -> Added`` for each directory the ``CMakeLists.txt`` of the ``starts``
    (repo-relative directories, "" for the root) add, and those they add in turn; ``texts``:
    the repo's CMake files (``rel -> text``); ``off``: directories only an option off by
    default adds (``optdirs``), not followed."""
    found: dict[str, Added] = {}
    for start in sorted(starts):
        listing = join(start, "CMakeLists.txt") if start else "CMakeLists.txt"
        if listing in texts:
            _chain(start, listing, texts, frozenset(off), found)
    return found


def _chain(
    top: str, listing: str, texts: Mapping[str, str], off: frozenset[str], found: dict[str, Added]
) -> None:
    """Walk the chain from ``listing`` (the ``CMakeLists.txt`` of ``top``) into ``found``."""
    waiting = [(listing, dirname(listing))]  # (file, the source directory it runs in)
    read = {listing}
    while waiting and len(read) <= _FILES:
        rel, here = waiting.pop()
        loops: list[tuple[str, tuple[str, ...]]] = []
        for name, args, line in cmake_commands(texts[rel]):
            if name == "foreach":
                loops.append(_loop(args))
                continue
            if name == "endforeach":
                del loops[-1:]
                continue
            if not args or name not in ("add_subdirectory", "include"):
                continue
            if name == "add_subdirectory":
                for each in _each(args[0], loops):
                    _add(
                        each, here, top=top, at=(rel, line), walk=(texts, off, found, read, waiting)
                    )
                continue
            if name == "include":
                if not args[0].endswith(".cmake"):
                    continue
                # include() of a plain path is relative to the current source directory
                base = dirname(rel) if args[0].startswith("${CMAKE_CURRENT_LIST_DIR}") else here
                target = _resolved(args[0], base, top)
                if target and target in texts and target not in read:
                    read.add(target)
                    waiting.append((target, here))
                continue


_Walk = tuple[
    Mapping[str, str], frozenset[str], dict[str, "Added"], set[str], list[tuple[str, str]]
]


def _add(written: str, here: str, *, top: str, at: tuple[str, int], walk: _Walk) -> None:
    """The directory ``add_subdirectory(written)`` of ``rel`` adds, into the walk's ``found``,
    and its ``CMakeLists.txt`` onto the walk's waiting list."""
    texts, off, found, read, waiting = walk
    rel, line = at
    folder = _resolved(written, here, top)
    if folder is None or folder in off or folder in found:
        return
    found[folder] = Added(folder, rel, line)
    inner = join(folder, "CMakeLists.txt") if folder else "CMakeLists.txt"
    if inner in texts and inner not in read:
        read.add(inner)
        waiting.append((inner, folder))


_LOOP_FORMS = frozenset({"RANGE", "IN", "LISTS", "ZIP_LISTS"})


def _loop(args: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """``(variable, items)`` of a ``foreach``: the items of its plain form (``foreach(EXAMPLE
    00_matmul_allreduce 01_allgather_matmul)``, BillionsRichard/mm_rs_with_catlass@e5cfd63
    examples/CMakeLists.txt:82-89, then ``add_subdirectory(${EXAMPLE})``) or of ``IN ITEMS``;
    none for a range or a list variable, which are not read."""
    if not args:
        return "", ()
    items = args[1:]
    if items[:2] == ("IN", "ITEMS"):
        items = items[2:]
    elif items[:1] and items[0] in _LOOP_FORMS:
        return args[0], ()
    return args[0], tuple(i for a in items for i in a.split(";") if i)


def _each(written: str, loops: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """``written`` once per item of the innermost loop whose variable it names
    (``${EXAMPLE}``), else as written."""
    for variable, items in reversed(loops):
        reference = "${" + variable + "}"
        if variable and reference in written:
            return [written.replace(reference, item) for item in items]
    return [written]


def _resolved(written: str, here: str, top: str) -> str | None:
    """``written`` as a repo-relative path, from the directory ``here`` and the chain's
    ``top``; None for a path with another variable or outside the repo."""
    path = written.rstrip("/")
    for prefix in _HERE:
        if path.startswith(prefix):
            path = path[len(prefix) :].lstrip("/")
    for prefix in _TOP:
        if path.startswith(prefix):
            path, here = path[len(prefix) :].lstrip("/"), top
    if "$" in path or path.startswith("/") or not path:
        return None
    target = normpath(join(here, path))
    return None if target == ".." or target.startswith("../") or target == "." else target
