"""The words every match of a pattern holds, read from its syntax tree (``re``'s parser): a
text holding none of them has no match, and ``str.find`` tells that at ~1 ns a character
where ``re`` tries the pattern at every one (``\\bcpp_extension\\b`` over flashinfer's Python
files: 33 ns a character, 0.13 s of its scan; a ``^``-led ``set(Torch_DIR ...)`` over every
CMake file of ops-transformer: 88 ns, 0.09 s).

The reading follows ``triage.factors`` (RE2's literals for the log patterns) on text
patterns: a run of literal characters is one word; an alternation needs one of its
branches' words; a group or a repeat of at least one needs its body's; anything else (a
class, ``\\b``, a look-around, a back-reference) needs nothing known. Of a concatenation's
parts, the one whose shortest word is longest is kept. A case-insensitive pattern's words
are looked for in the lower-cased text (``caseless``); one mixing case-sensitive and
insensitive parts, or needing a one-character word, gets none.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import Any, Optional

if sys.version_info >= (3, 11):
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser  # type: ignore[attr-defined]
else:  # pragma: no cover - the modules were renamed in 3.11
    import sre_constants as _sre
    import sre_parse as _parser

SHORTEST = 2
"""A shorter word (one character) is too common to rule out a text."""
_REPEATS = (_sre.MAX_REPEAT, _sre.MIN_REPEAT)

_Need = Optional[frozenset[str]]


def required_words(pattern: str, flags: int = 0) -> tuple[tuple[str, ...], bool] | None:
    """Words one of which every match of ``pattern`` holds, and whether they are to be
    found case-insensitively; None when none are known."""
    tree = _parser.parse(pattern, flags)
    caseless = bool(tree.state.flags & re.IGNORECASE)
    need = _sequence(list(tree), caseless)
    if not need or min(len(word) for word in need) < SHORTEST:
        return None
    if caseless and not all(c.isascii() or _uncased(c) for word in need for c in word):
        return None
    return tuple(sorted(word.lower() if caseless else word for word in need)), caseless


def _uncased(character: str) -> bool:
    return character.lower() == character == character.upper()


def _sequence(items: Iterable[tuple[Any, Any]], caseless: bool) -> _Need:
    needs: list[_Need] = []
    run = ""
    for op, arg in items:
        if op is _sre.LITERAL:
            run += chr(arg)
            continue
        if run:
            needs.append(frozenset((run,)))
            run = ""
        needs.append(_part(op, arg, caseless))
    if run:
        needs.append(frozenset((run,)))
    known = [need for need in needs if need]
    if not known:
        return None
    return max(known, key=lambda need: (min(len(word) for word in need), -len(need)))


def _part(op: Any, arg: Any, caseless: bool) -> _Need:
    if op is _sre.SUBPATTERN:
        _, add, remove, body = arg
        if (add | remove) & re.IGNORECASE:  # a part of another case-sensitivity
            return None
        return _sequence(body, caseless)
    if op is _sre.BRANCH:
        branches = [_sequence(branch, caseless) for branch in arg[1]]
        if any(not need for need in branches):
            return None
        return frozenset().union(*(need for need in branches if need))
    if op in _REPEATS:
        low, _, body = arg
        return _sequence(body, caseless) if low >= 1 else None
    return None
