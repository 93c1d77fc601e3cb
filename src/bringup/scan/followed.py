"""The files a file read leads the scan to: the install guides a README links to, read next in
the order linked, and the files a requirements list, CMake file or script includes; each kept
inside the repo (a link through a symlink out of it is not followed)."""

from __future__ import annotations

import os
from pathlib import Path

from bringup.model import Source
from bringup.scan.extraction import Extraction
from bringup.scan.filekinds import classify
from bringup.scan.guides import guide_links
from bringup.scan.walk import SKIPPED_DIRS, RepoFile, inside


def linked_guides(root: Path, rel: str, text: str, seen: set[str]) -> list[str]:
    """The install guides the README at ``rel`` links to: files the walk classified, or
    any other document of the repo outside the directories it never walks (and inside the
    repo: a link through a symlink out of it is not followed, as the walk follows none)."""
    guides = []
    for target in guide_links(rel, text, root.name):
        parts = target.split("/")
        walked = not any(p in SKIPPED_DIRS or p.startswith(".") for p in parts[:-1])
        if target in seen or (walked and in_repo(root, target) and os.path.isfile(root / target)):
            guides.append(target)
    return guides


def in_repo(root: Path, rel: str) -> bool:
    return inside(str(root / rel), os.path.realpath(root))


def included(
    root: Path, extraction: Extraction, seen: set[str], run: set[str], kind: str
) -> list[RepoFile]:
    """The files ``extraction`` includes not read yet (``-r base.txt``, a CMake ``include``
    of ``cmake/third_party/x.cmake``), now marked seen; the scripts a shell script or a
    guide's build steps run are added to ``run`` (``shellruns``), read or not."""
    found = []
    for include in extraction.includes:
        target = root / include
        if kind in ("shell", "docs"):
            run.add(include)
        if include not in seen and in_repo(root, include) and os.path.isfile(target):
            seen.add(include)
            found.append(RepoFile(include, target, classify(include) or _unnamed_kind(include)))
    return found


def _unnamed_kind(include: str) -> str:
    """The kind of an included file no name pattern classifies: a YAML file is a conda
    environment a guide creates (``shellruns.environment_file``), any other a requirements
    list (``-r base.txt``)."""
    return "conda" if include.endswith((".yml", ".yaml")) else "requirements"


def include_places(
    extracted: list[tuple[str, Extraction]], texts: dict[str, tuple[RepoFile, str]]
) -> dict[str, list[Source]]:
    """The places that include each file read, by the file's ref (``cmakeincludes``)."""
    refs = {entry.rel: ref for ref, (entry, _) in texts.items()}
    found: dict[str, list[Source]] = {}
    for rel, extraction in extracted:
        for path, line in extraction.include_places:
            if path in refs and rel in refs:
                found.setdefault(refs[path], []).append(
                    Source(kind="file", ref=refs[rel], line=line)
                )
    return found


def follow_guides(
    root: Path, rel: str, text: str, seen: set[str], queue: list[RepoFile]
) -> tuple[list[str], list[RepoFile]]:
    """The guides the README at ``rel`` links to, and the queue with them read next, in the
    order linked: where the same statement repeats, the guide the README names first is
    cited."""
    guides = linked_guides(root, rel, text, seen)
    seen.update(guides)
    ahead = [RepoFile(g, root / g, "docs") for g in guides]
    return guides, [*ahead, *(f for f in queue if f.rel not in guides)]
