"""A repo's requirements by scope: less what its build scripts hand over, with its submodules
and what a collection's members share."""

from __future__ import annotations

import posixpath
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.buildnames import BUILD_FILES
from bringup.scan.extraction import Extraction
from bringup.scan.handoff import handed_over
from bringup.scan.members import shared_by_members
from bringup.scan.scopenames import REPO
from bringup.scan.scopes import Scopes
from bringup.scan.scopesplit import Split, split_scopes
from bringup.scan.submodules import checked_out, declared_submodules
from bringup.scan.walk import RepoFile


def repo_split(
    root: Path,
    requirements: list[Requirement],
    *,
    extractions: list[Extraction],
    texts: dict[str, tuple[RepoFile, str]],
    guides: list[str],
    scopes: Scopes,
    collection: bool,
) -> Split:
    """The requirements by scope, less the variables the repo's own build scripts set for
    the parts they run (``handoff``), with the submodules checked out; in a ``collection``
    (no build at its root), what all its members built alike state is the repo's too
    (``members``)."""
    scripts = {
        ref: text
        for ref, (entry, text) in texts.items()
        if entry.kind == "shell" and scopes.of(entry.rel) == REPO
    }
    docs = frozenset(ref for ref, (entry, _) in texts.items() if entry.kind == "docs")
    kept = handed_over(requirements, scripts, docs)
    split = split_scopes(
        checked_out(root, declared_submodules(kept)),
        extractions,
        scopes,
        texts,
        guides,
        repo_name=root.name,
    )
    if not collection or _builds_itself(split.requirements):
        return split
    read = {entry.rel: text for entry, text in texts.values()}
    shared = shared_by_members(split.other_requirements, read, scopes.on)
    return split._replace(requirements=[*split.requirements, *shared])


def _builds_itself(own: list[Requirement]) -> bool:
    """Whether the repo's own scope reads a build file (a folder its build is, though not at
    the top: OpenGVLab/DCNv4@4b848f7 DCNv4_op/setup.py): its sub-projects are beside it, and
    the example pins their READMEs share (classification/README.md:19,27 ``python=3.7``,
    ``CUDA==11.3``) are theirs, not the repo's (outsider18 D2)."""
    return any(posixpath.basename(r.source.ref or "").lower() in BUILD_FILES for r in own)
