"""A repo with a file or folder the scan could not read: its verdict rests on part of it.

``requirements.txt`` at mode 000 (a checkout made by another user, a permission slip) is said
by the scan (``unreadable: cannot read: Permission denied``), yet ``check`` said "runs here
after installing CUDA 12.4.1", exit 0, from the README alone (outsider12 #17): whatever the
file states was never weighed. The repo may run here, unverified, until it is read; a file the
scan skipped on purpose (a symbolic link loop) is not a doubt. Nor is a binary or truncated file
in general, but a list of packages is: a ``requirements.txt`` of binary bytes, or one whose 5 MiB
line cut the read short before its ``numpy<2`` (outsider17 D5), states what was never read."""

from __future__ import annotations

import os

from bringup.model.requirements import Component
from bringup.model.resolution import Obstacle
from bringup.scan.filekinds import classify

_KEY = "scan.unreadable"
_PART_READ = ("scan.binary", "scan.truncated")
_LISTS = frozenset({"requirements", "pyproject", "setup_py", "setup_cfg", "conda"})
"""The kinds of file (``scan.filekinds.classify``) that list what the repo installs: read in part
or not at all, what they state is not known."""
_NOT_READ = ("cannot read", "cannot list", "not a regular file")
"""What the walk and the reader say of a file or folder the system refused them
(``scan.reading``, ``scan.walk``), as against one not followed (a link loop)."""


def unread_files(component: Component) -> list[Obstacle]:
    """An ``unchecked`` obstacle per file or folder of the repo the scan could not read."""
    return [
        Obstacle(
            kind="unchecked",
            subject="file",
            detail=_within(fact.source.ref, component.path),
            source=fact.source,
            missing=(f"{fact.reason}; what {_unread_part(fact.key)} states is not known",),
        )
        for fact in component.findings
        if (fact.key == _KEY and (fact.reason or "").startswith(_NOT_READ))
        or (fact.key in _PART_READ and _lists_packages(fact.source.ref, component.path))
    ]


def _unread_part(key: str) -> str:
    return "the rest" if key == "scan.truncated" else "it"


def _lists_packages(ref: str, root: str) -> bool:
    """Whether the file cited as ``ref`` is one that lists what the repo installs (``_LISTS``)."""
    return classify(_within(ref, root).replace(os.sep, "/")) in _LISTS


def _within(ref: str, root: str) -> str:
    """``ref`` as a path inside the repo at ``root`` when it is one (the scan cites files by
    the path the user gave), else as cited."""
    if not root:
        return ref
    rel = os.path.relpath(os.path.abspath(ref), os.path.abspath(root))
    return ref if rel == os.pardir or rel.startswith(os.pardir + os.sep) else rel
