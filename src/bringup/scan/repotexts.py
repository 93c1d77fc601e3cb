"""A repo file's text by its repo path, for the reads that follow the walk: the steps' test
files and scripts, each folder's pytest configuration. Most of those paths name no file (ops-nn:
~28,000 of pytest's seven configuration names tried in ~4,000 folders), and opening each was
a failed ``stat`` and a finding thrown away; a folder's listing, read once, says a name is not
there. A name the listing holds, or whose absence it cannot vouch for, is read as before."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from bringup.scan.reading import read_text


class RepoTexts:
    """The texts of one checkout's files: ``known`` (what the scan read, by repo path) and
    what is read later, kept there."""

    def __init__(self, root: Path, known: dict[str, Optional[str]]) -> None:
        self.root = root
        self.known = known
        self._names: dict[str, Optional[frozenset[str]]] = {}
        """Folder -> its entries' names lower-cased; None when it could not be listed."""

    def kept(self, rel: str) -> Optional[str]:
        """The text of ``rel``, read once and kept (MindIE-LLM: 270 of 1,830 reads were of a
        file the scan had read before)."""
        if rel not in self.known:
            self.known[rel] = self.read(rel)
        return self.known[rel]

    def inside(self, rel: str) -> Optional[str]:
        """``kept``'s text; None for a path outside the checkout."""
        if rel.startswith(("/", "../")) or rel == "..":
            return None
        return self.kept(rel)

    def read(self, rel: str) -> Optional[str]:
        """The text of ``rel`` read now (None when there is none), not kept."""
        return None if self._absent(rel) else read_text(self.root / rel, rel)[0]

    def _absent(self, rel: str) -> bool:
        """Whether the listing of ``rel``'s folder shows no such name. Compared lower-cased, so
        a case-insensitive file system's file is never missed; a path with an empty, ``.`` or
        ``..`` part, or a name not in ASCII, is left to the read."""
        folder, _, name = rel.rpartition("/")
        if not name.isascii() or any(part in ("", ".", "..") for part in rel.split("/")):
            return False
        if folder not in self._names:
            try:
                listed: Optional[frozenset[str]] = frozenset(
                    entry.lower() for entry in os.listdir(self.root / folder)
                )
            except (FileNotFoundError, NotADirectoryError):
                listed = frozenset()  # no such folder: no file in it either
            except OSError:
                listed = None
            self._names[folder] = listed
        names = self._names[folder]
        return names is not None and name.lower() not in names
