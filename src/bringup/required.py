"""The words every match of a pattern holds, read from its syntax tree (``re``'s parser): a
text holding none of them has no match, and ``str.find`` tells that at ~1 ns a character
where ``re`` tries the pattern at every one (``\\bcpp_extension\\b`` over flashinfer's Python
files: 33 ns a character, 0.13 s of its scan; a ``^``-led ``set(Torch_DIR ...)`` over every
CMake file of ops-transformer: 88 ns, 0.09 s).

The reading is ``literalneeds``' (as ``triage.factors`` reads RE2's log patterns), with no
class expanded: a run of literal characters is one word; an alternation needs one of its
branches' words; a group or a repeat of at least one needs its body's; anything else (a
class, ``\\b``, a look-around, a back-reference) needs nothing known. Of a concatenation's
parts, the one whose shortest word is longest is kept. A case-insensitive pattern's words
are looked for in the lower-cased text (``caseless``); one mixing case-sensitive and
insensitive parts, or needing a one-character word, gets none.
"""

from __future__ import annotations

import re

from bringup import literalneeds

SHORTEST = 2
"""A shorter word (one character) is too common to rule out a text."""
_READING = literalneeds.Reading(case_groups=False)
"""No class expanded; a group of another case-sensitivity needs nothing known."""


def required_words(pattern: str, flags: int = 0) -> tuple[tuple[str, ...], bool] | None:
    """Words one of which every match of ``pattern`` holds, and whether they are to be
    found case-insensitively; None when none are known."""
    tree = literalneeds.sre_parse.parse(pattern, flags)
    caseless = bool(tree.state.flags & re.IGNORECASE)
    need = _READING.needs(tree)
    if not need or min(len(word) for word, _ in need) < SHORTEST:
        return None
    words = {word for word, _ in need}
    if caseless and not all(c.isascii() or _uncased(c) for word in words for c in word):
        return None
    return tuple(sorted(word.lower() if caseless else word for word in words)), caseless


def _uncased(character: str) -> bool:
    return character.lower() == character == character.upper()
