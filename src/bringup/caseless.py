"""Whole-document searches for plain words, case-insensitively, at the cost of case-sensitive
ones.

``re.IGNORECASE`` keeps ``re`` from skipping ahead to a character a match can start with (it
does so only for characters without case), so a search for a few words over a whole
document tried them at every character: 25-75 ns a character, ~0.1 s of MindIE-LLM's scan in
the document reader's gates and vendor counts alone. Over the document lower-cased once, the
words are plain substrings (``in``) or a case-sensitive alternation ``re`` skips ahead for.
The answers are the same: ``re`` folds a character onto an ASCII letter or digit exactly
where ``str.lower`` maps it there, but for three (U+0130, U+0131 and U+017F, folded onto ``i``
and ``s``; U+0130 also lowers to two characters): a text holding one is searched with the
pattern itself. Words are ASCII letters and digits or characters without case (Chinese);
an alternation of anything else is searched with the pattern itself.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Optional

from bringup import lazyre

_IRREGULAR = ("\u0130", "\u0131", "\u017f")
"""What ``re`` folds onto an ASCII letter though ``str.lower`` does not map it there."""


@functools.lru_cache(maxsize=1)
def lowered(text: str) -> Optional[str]:
    """``text`` lower-cased (kept for the next search of the same document), None where it
    holds a character ``re`` folds otherwise (``_IRREGULAR``)."""
    if any(irregular in text for irregular in _IRREGULAR):
        return None
    return text.lower()


def _plain(word: str) -> bool:
    return bool(word) and all(
        (c.isascii() and c.isalnum()) or unicodedata.category(c) == "Lo" for c in word
    )


class Words:
    """An alternation of plain words (``internet|network|联网``) searched for in whole
    documents, case-insensitively."""

    def __init__(self, source: str) -> None:
        self.pattern = lazyre.compile(source, re.IGNORECASE, guard=True)
        words = source.split("|")
        plain = all(_plain(word) for word in words)
        self.words = tuple(word.lower() for word in words) if plain else ()
        self.alternation = lazyre.compile("|".join(self.words)) if plain else None

    def _lowered(self, text: str) -> Optional[str]:
        return lowered(text) if self.words else None

    def found_in(self, text: str) -> bool:
        """Whether ``text`` holds one of the words (``pattern.search``)."""
        low = self._lowered(text)
        if low is None:
            return self.pattern.search(text) is not None
        return any(word in low for word in self.words)

    def count(self, text: str) -> int:
        """How many times ``text`` holds the words (``len(pattern.findall(text))``: the first
        word that matches at a place, past the one found before it)."""
        low = self._lowered(text)
        if low is None or self.alternation is None:
            return len(self.pattern.findall(text))
        return len(self.alternation.findall(low))
