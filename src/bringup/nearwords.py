"""A pattern's matches over a whole file, tried only near the words every match holds.

``re`` skips ahead only for a pattern that opens with a plain literal; one that opens with an
alternation of literals (``is_available(...)|skip(...)|@require_...``), a ``\\b``, a
look-behind, a ``^`` of ``re.MULTILINE`` or a ``\\w{0,40}`` before its word is tried at every
character of the text: 5-50 ns a character, over a repo's test and module files (MindIE-LLM
and flashinfer: ~8 MB a pattern) the largest part of the readers of whole files. Where every
match holds one of a few case-sensitive ``words`` at most ``reach`` characters after its start,
a match can start only in the ``reach`` characters before an occurrence of one of them, which
``str.find`` finds at ~1 ns a character; the pattern is tried (``match``) at those places
alone. ``match(text, at)`` sees the text before ``at`` as ``search`` does (its look-behinds,
``\\b`` and ``^`` the same), so the matches are those of ``search`` and ``finditer``, in order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional


class _Near:
    """One text's search: each word's next place found is kept (``after``), so no stretch of
    the text is looked at twice for the same word."""

    def __init__(
        self, pattern: re.Pattern[str], text: str, words: tuple[str, ...], reach: int
    ) -> None:
        self.pattern, self.text, self.words, self.reach = pattern, text, words, reach
        self.after: dict[str, int] = {}

    def word_at(self, low: int) -> int:
        """The first place at or after ``low`` where one of the words occurs (-1: none)."""
        first = -1
        for word in self.words:
            at = self.after.get(word, -2)
            if -1 < at < low or at == -2:
                at = self.after[word] = self.text.find(word, low)
            if at >= 0 and (first < 0 or at < first):
                first = at
        return first

    def next(self, low: int) -> Optional[re.Match[str]]:
        """The leftmost match starting at or after ``low``."""
        while True:
            word_at = self.word_at(low)
            if word_at < 0:
                return None
            for start in range(max(low, word_at - self.reach), word_at + 1):
                found = self.pattern.match(self.text, start)
                if found is not None:
                    return found
            low = word_at + 1


def search_near(
    pattern: re.Pattern[str], text: str, words: tuple[str, ...], reach: int = 0
) -> Optional[re.Match[str]]:
    """``pattern.search(text)``, for a pattern each of whose matches holds one of ``words``
    (case-sensitive) starting at most ``reach`` characters after the match's start."""
    return _Near(pattern, text, words, reach).next(0)


def finditer_near(
    pattern: re.Pattern[str], text: str, words: tuple[str, ...], reach: int = 0
) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, for a pattern as ``search_near``'s whose matches are never
    empty (each holds a word)."""
    near = _Near(pattern, text, words, reach)
    low = 0
    while True:
        found = near.next(low)
        if found is None:
            return
        yield found
        low = max(found.end(), found.start() + 1)
