"""A list whose items each open with an operating system's name as their label: the OSes the
repo supports, any of which will do.

"MindNLP supports:" then "- **Linux**: Ubuntu 18.04/20.04/22.04 (recommended)", "- **macOS**:
Intel and Apple Silicon (CPU only)", "- **Windows**: Windows 10/11 (limited support)"
(mindspore-lab/mindnlp@7dd3e355 docs/en/notes/faq.md:18-20); "- **CUDA version**:" then
"  - Linux: ≥ 12.2", "  - Windows: ≥ 12.6" (mit-han-lab/nunchaku@4132b3bf
docs/source/installation/installation.rst:100-101): what each OS needs, so each is one the
repo runs on. One ``os`` any-of per list of two OSes or more, cited at its first item, the
others beside it. A lone item ("- Linux: see below") lists nothing.
"""

from __future__ import annotations

import re

from bringup import lazyre

_LEADING_OS = lazyre.compile(
    r"^(Linux|Windows|macOS|Mac\s?OS(?:\s?X)?|Ubuntu|Debian|CentOS|RHEL|openEuler|Fedora)"
    r"(?:\s{0,3}[(（][^()（）]{0,30}[)）])?\s{0,3}[:：]",
    re.IGNORECASE,
)
"""An item's label naming one OS ("Linux:", "Windows (x64):", "macOS："), whatever follows."""


def _name(label: str) -> str:
    bare = re.sub(r"\s", "", label.lower())
    return "macos" if bare.startswith("mac") else bare


class OsList:
    """The items of one list labelled by OS, fed one paragraph or list item at a time, in
    order; ``close`` at a heading or the end."""

    def __init__(self) -> None:
        self.items: list[tuple[int, str]] = []

    def paragraph(self, text: str, line: int, item: bool) -> list[tuple[str, list[int]]]:
        """``(spec, lines)`` of a list this paragraph ends (its first line first); ``item``:
        it is a list item."""
        lead = _LEADING_OS.match(text) if item else None
        if lead is not None:
            self.items.append((line, _name(lead.group(1))))
            return []
        return self.close()

    def close(self) -> list[tuple[str, list[int]]]:
        items, self.items = self.items, []
        names = list(dict.fromkeys(name for _, name in items))
        if len(names) < 2:
            return []
        return [(",".join(names), [line for line, _ in items])]
