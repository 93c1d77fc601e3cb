"""What a checkout keeps of the machine it was built on: a build file's paths under someone's home
folder, and a CMake cache configured in another folder.

Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 sets ``DDK_PATH`` and its include and link folders
to ``/home/HwHiAiUser/Ascend/ascend-toolkit/5.1.RC1.alpha002/arm64-linux/...``
(src/CMakeLists.txt:12-13, 51-53, 71): the author's Atlas 200 DK board, whose toolkit is not
where any other machine has it (``/usr/local/Ascend`` is the toolkit's default place, and the
same file falls back to it at :25), and it commits build/CMakeCache.txt, made in
``/home/HwHiAiUser/Workspace/Atlas200DK_YOLO_V5_CPP_DVPP/build`` (line 204's
``CMAKE_CACHEFILE_DIR``). CMake refuses such a cache: "The current CMakeCache.txt directory ...
is different than the directory ... where CMakeCache.txt was created" (Kitware/CMake
Source/cmCacheManager.cxx, LoadCache). Outsider 23 (D6) found neither said; each is a note at
its line."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from bringup.model.source import file_source
from bringup.scan.extraction import Finding
from bringup.scan.followed import in_repo
from bringup.scan.walk import RepoFile

BUILD_KINDS = frozenset({"cmake", "makefile"})
"""The build files read for another machine's paths (``filekinds.classify``'s kinds)."""

_HOME = re.compile(r"(?<![\w$}/.-])(/home/[\w.-]+|/Users/[\w.-]+)/[\w./+-]*")
"""An absolute path under a user's home folder, as written (not ``$ENV{HOME}/...``)."""

_CACHE_DIR = re.compile(r"^CMAKE_CACHEFILE_DIR:INTERNAL=(.+)$", re.MULTILINE)
CACHE = "CMakeCache.txt"
MAX_SHOWN = 6


def home_paths(texts: Mapping[str, tuple[RepoFile, str]]) -> list[Finding]:
    """One note per build file that names paths under a home folder: its lines, the first
    path; comment lines are left out."""
    found: list[Finding] = []
    for ref, (entry, text) in sorted(texts.items()):
        if entry.kind not in BUILD_KINDS or ("/home/" not in text and "/Users/" not in text):
            continue
        hits = [
            (number, match.group(0))
            for number, line in enumerate(text.splitlines(), 1)
            if not line.lstrip().startswith("#")
            for match in [_HOME.search(line)]
            if match is not None
        ]
        if not hits:
            continue
        lines = ", ".join(str(n) for n, _ in hits[:MAX_SHOWN]) + (
            ", ..." if len(hits) > MAX_SHOWN else ""
        )
        homes = sorted({_HOME.match(path).group(1) for _, path in hits})  # type: ignore[union-attr]
        found.append(
            Finding(
                kind="note",
                message=f"{entry.rel} names {len(hits)} path(s) under {', '.join(homes)} (lines"
                f" {lines}; first {hits[0][1]}): another machine's folders, which this one does"
                " not have; set them to where the toolkit and libraries are here",
                sources=tuple(file_source(ref, n) for n, _ in hits[:MAX_SHOWN]),
            )
        )
    return found


def foreign_caches(root: Path, cite: Callable[[str], str]) -> list[Finding]:
    """A note per CMakeCache.txt at the top of the checkout or in a folder at its top whose
    ``CMAKE_CACHEFILE_DIR`` is another folder than the one it is in."""
    found: list[Finding] = []
    for rel in _candidates(root):
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        made = _CACHE_DIR.search(text)
        here = os.path.realpath(root / rel).rsplit("/", 1)[0]
        if made is None or os.path.realpath(made.group(1).strip()) == here:
            continue
        line = text.count("\n", 0, made.start()) + 1
        found.append(
            Finding(
                kind="note",
                message=f"{rel} is a CMake cache made in {made.group(1).strip()} (another machine"
                ' or folder): CMake refuses to configure with it ("The current CMakeCache.txt'
                " directory ... is different than the directory ... where CMakeCache.txt was"
                f" created\"); delete {rel.rsplit('/', 1)[0] or '.'}'s cache before building",
                sources=(file_source(cite(rel), line),),
            )
        )
    return found


def _candidates(root: Path) -> list[str]:
    """``CMakeCache.txt`` at the top and one folder down, sorted: files inside the checkout, as
    the walk takes them (``followed.in_repo``: a link out of it is not read; a folder this user
    may not list is passed over, not a crash)."""
    found = [CACHE] if _cache_here(root, CACHE) else []
    try:
        with os.scandir(root) as entries:
            folders = sorted(e.name for e in entries if e.is_dir(follow_symlinks=False))
    except OSError:
        return found
    return found + [f"{d}/{CACHE}" for d in folders if _cache_here(root, f"{d}/{CACHE}")]


def _cache_here(root: Path, rel: str) -> bool:
    return os.path.isfile(root / rel) and in_repo(root, rel)
