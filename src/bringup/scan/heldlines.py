"""The lines of a text that hold a word, found with ``str.find``: where every match of a
pattern holds the word and no line break, searching those lines alone finds what searching
the whole text finds, at the cost of a substring scan in C instead of the pattern tried at
every character (``re`` tries a pattern that opens with a look-behind, a ``\\b``, a
case-folded letter or a ``^`` of ``re.MULTILINE`` at each one).

Searched as ``pattern.search(text, start, end)``, a line's look-behinds and ``^`` (under
``re.MULTILINE``) still see the line break before it; at ``end`` the pattern sees the end of
its input where it saw the line break, which a look-ahead, ``\\b`` and ``$`` (under
``re.MULTILINE``) treat alike. Not for a pattern with ``$``, ``\\Z`` or ``\\A`` outside
``re.MULTILINE``: those tell the text's end from a line's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator


def held_lines(text: str, word: str, within: str | None = None) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each line of ``text`` (lines end at ``\\n``) holding ``word``,
    each once, in order. ``within``: where to look for ``word`` instead, a copy of ``text``
    with the same offsets (its ASCII text lower-cased, for a word matched case-folded)."""
    where = text if within is None else within
    at = where.find(word)
    while at >= 0:
        end = where.find("\n", at)
        end = len(where) if end < 0 else end
        yield where.rfind("\n", 0, at) + 1, end
        at = where.find(word, end)


def found_on_held_lines(
    pattern: re.Pattern[str], text: str, word: str, within: str | None = None
) -> bool:
    """Whether ``pattern`` matches in ``text``, every match of it holding ``word`` (in
    ``within``: see ``held_lines``) and no line break."""
    return any(pattern.search(text, s, e) is not None for s, e in held_lines(text, word, within))
