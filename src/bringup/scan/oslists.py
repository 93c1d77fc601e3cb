"""A list whose items each open with an operating system's name as their label: the OSes the
repo supports, any of which will do.

"MindNLP supports:" then "- **Linux**: Ubuntu 18.04/20.04/22.04 (recommended)", "- **macOS**:
Intel and Apple Silicon (CPU only)", "- **Windows**: Windows 10/11 (limited support)"
(mindspore-lab/mindnlp@7dd3e355 docs/en/notes/faq.md:18-20); "- **CUDA version**:" then
"  - Linux: ≥ 12.2", "  - Windows: ≥ 12.6" (mit-han-lab/nunchaku@4132b3bf
docs/source/installation/installation.rst:100-101): what each OS needs, so each is one the
repo runs on. One ``os`` any-of per list of two OSes or more, cited at its first item, the
others beside it. A lone item ("- Linux: see below") lists nothing.

Such a list states support only in a section about needs, installing or support, or where
an item's value gives a release or a version ("Linux: ≥ 12.2"): elsewhere, per-OS log paths
under "Troubleshooting" ("- Linux: `~/.cache/foo/log.txt`"), download links or shortcut
keys say nothing of where the repo runs. An item whose value is only a path or a link is
no OS's item.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.osnames import OS_NAMES, os_name

_LEADING_OS = lazyre.compile(
    rf"^({OS_NAMES})"
    r"(?:\s{0,3}[(（][^()（）]{0,30}[)）])?\s{0,3}[:：]",
    re.IGNORECASE,
)
"""An item's label naming one OS ("Linux:", "Windows (x64):", "macOS："), whatever follows."""
_PATH_ONLY = lazyre.compile(r"\s{0,3}(?:[~%$/.\\]|[A-Za-z]:\\|\w{1,20}://)\S{0,400}\s{0,3}$")
"""A value that is one path or link ("~/.cache/foo/log.txt", "%APPDATA%\\foo\\log.txt")."""
_VERSIONED = lazyre.compile(r"\d")
"""A value giving a release or a version ("Ubuntu 18.04/20.04/22.04", "≥ 12.6")."""


class OsList:
    """The items of one list labelled by OS, fed one paragraph or list item at a time, in
    order; ``close`` at a heading or the end."""

    def __init__(self) -> None:
        self.items: list[tuple[int, str]] = []
        self.stating = False

    def paragraph(
        self, text: str, line: int, item: bool, needs: bool
    ) -> list[tuple[str, list[int]]]:
        """``(spec, lines)`` of a list this paragraph ends (its first line first); ``item``:
        it is a list item; ``needs``: its section is about needs, installing or support."""
        lead = _LEADING_OS.match(text) if item else None
        if lead is None or _PATH_ONLY.match(text, lead.end()):
            return self.close()
        if not self.items:
            self.stating = needs
        self.stating = self.stating or _VERSIONED.search(text, lead.end()) is not None
        self.items.append((line, os_name(lead.group(1))))
        return []

    def close(self) -> list[tuple[str, list[int]]]:
        items, self.items = self.items, []
        names = list(dict.fromkeys(name for _, name in items))
        if len(names) < 2 or not self.stating:
            return []
        return [(",".join(names), [line for line, _ in items])]


def listed_oses(file: SourceFile, lists: list[tuple[str, list[int]]]) -> list[Requirement]:
    """One ``os`` any-of per list ``OsList`` closed, cited at its first item, the others in
    ``also_at``."""
    found = []
    for spec, lines in lists:
        text = f"a list item for each of {spec}"
        first = file.requirement("os", spec, lines[0], text=text, confidence="medium")
        also = tuple(file.source(n) for n in lines[1:])
        found.append(msgspec.structs.replace(first, also_at=also))
    return found
