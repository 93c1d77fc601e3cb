"""The clones a directory holds: its subdirectories with a ``.git`` of their own that its
``.gitmodules`` does not declare (a submodule is the repo's own part). A workspace where a
user cloned IST-DASLab/marlin, mit-han-lab/llm-awq and another repo side by side is several
repos even with a ``.gitignore``, a ``requirements.txt`` or a ``.git`` of its own at its top:
the walk skips a nested clone (``walk._NESTED_MARKERS``), so reading such a directory as one
repo dropped every clone without a word (outsider22 item 4)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from bringup import lazyre
from bringup.scan.entries import is_dir
from bringup.scan.reading import read_text

_SUBMODULE_PATH = lazyre.compile(r"^\s*path\s*=\s*(.+?)\s*$", re.MULTILINE)

CLONE = "clone"
"""The ``subject`` of the note that says a repo is a clone found inside a directory given."""

_WORKSPACE_ONLY = frozenset({".git", ".gitignore"})
"""What a directory that only gathers clones may hold at its top and still be no repo."""


def _submodules(path: Path) -> frozenset[str]:
    """The folders ``path``'s ``.gitmodules`` declares (empty without one or unreadable), read
    as the scan reads a file (``reading.read_text``: regular files only; ``open`` on a FIFO
    waited for a writer forever)."""
    text, _ = read_text(path / ".gitmodules", ".gitmodules")
    if text is None:
        return frozenset()
    return frozenset(m.group(1).strip("/") for m in _SUBMODULE_PATH.finditer(text))


def clones(path: Path, entries: list[os.DirEntry[str]]) -> list[Path]:
    """The subdirectories of ``path`` (``entries``: its listing) that are clones of their
    own, in name order."""
    declared = _submodules(path)
    return [
        Path(entry.path)
        for entry in entries
        if is_dir(entry)
        and not entry.name.startswith(".")
        and entry.name not in declared
        and os.path.exists(os.path.join(entry.path, ".git"))
    ]


def gathers_only(markers: list[str]) -> bool:
    """Whether a directory whose top holds the repo ``markers`` (build files, licence, git
    configuration) is only a place clones are gathered: no marker but its own ``.git`` or
    ``.gitignore``."""
    return all(marker in _WORKSPACE_ONLY for marker in markers)
