"""Submodule needs settled against the tree: a path a build checks inside a submodule is the
submodule ``.gitmodules`` declares, and one already checked out is met (soft)."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from bringup.model import Requirement


def declared_submodules(requirements: list[Requirement]) -> list[Requirement]:
    """A submodule a build checks by a path inside it (CMake ``if(NOT EXISTS
    3rdparty/nccl-extensions/build/include/nccl_ep.h)``) is the submodule ``.gitmodules``
    declares, so the two statements are one need."""
    declared = [
        r.spec
        for r in requirements
        if r.subject == "submodule" and (r.source.ref or "").endswith(".gitmodules")
    ]
    out = []
    for requirement in requirements:
        inside = [d for d in declared if requirement.spec.startswith(d.rstrip("/") + "/")]
        if requirement.subject == "submodule" and inside:
            out.append(msgspec.structs.replace(requirement, spec=inside[0]))
        else:
            out.append(requirement)
    return out


def holds_files(folder: Path) -> bool:
    """Whether ``folder`` is a directory with something in it; one that cannot be listed is
    taken as not checked out, as the scan never raises for a repo's files."""
    try:
        with os.scandir(folder) as scan:
            return next(scan, None) is not None
    except OSError:
        return False


def checked_out(root: Path, requirements: list[Requirement]) -> list[Requirement]:
    """A submodule whose directory already holds files (cloned with ``--recursive``) is met:
    it stays a requirement, soft, so that the plan fetches only the missing ones (``git
    submodule update --init``); an empty or absent directory (a plain clone, an archive)
    stays hard."""
    out = []
    for requirement in requirements:
        fetched = requirement.subject == "submodule" and requirement.hard and requirement.spec
        where = root / requirement.spec
        if fetched and holds_files(where):
            text = f"{requirement.text or requirement.spec}; checked out in the tree"
            out.append(msgspec.structs.replace(requirement, hard=False, text=text))
        else:
            out.append(requirement)
    return out
