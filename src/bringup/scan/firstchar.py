"""A first-character guard for big alternations: ``(?=[...])`` in front of a pattern, holding
every character a match of it can start with.

Python's ``re`` skips ahead by a literal prefix or a set of first characters only when every
branch of an alternation starts with a plain literal. The scan's vocabulary patterns start
their branches with named groups, ``\\b`` and look-behinds, so at every character of a
document all twenty branches were tried. With the guard, a character no branch can start
with fails at once: the vocabulary search over the evaluation repos' docs takes a quarter of
the time. The matches are the same (the guard only states what every match already starts
with); where the start cannot be told (a class such as ``\\w``, any character, a pattern
that can match the empty string), the pattern is returned unchanged.
"""

from __future__ import annotations

import re
import sys
from typing import Any

if sys.version_info >= (3, 11):
    from re import _parser as _sre  # type: ignore[attr-defined]
else:  # pragma: no cover - the module was renamed in 3.11
    import sre_parse as _sre

_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")
_ZERO_WIDTH = frozenset({_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT})
_REPEATS = frozenset(
    {_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", _sre.MAX_REPEAT)}
)


class _Unknown(Exception):
    """The pattern can start with a character this reader cannot list."""


def _class_items(items: Any) -> list[str]:
    out = []
    for kind, value in items:
        if kind is _sre.LITERAL:
            out.append(re.escape(chr(value)))
        elif kind is _sre.RANGE:
            out.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
        else:  # a negated set, a category (\w, \d)
            raise _Unknown
    return out


def _first(sequence: Any, out: set[str]) -> bool:
    """Add to ``out`` what a match of ``sequence`` can start with; True when the sequence
    can match the empty string (then what follows it can start a match too)."""
    for op, value in sequence:
        if op is _sre.LITERAL:
            out.add(re.escape(chr(value)))
            return False
        if op is _sre.IN:
            out.update(_class_items(value))
            return False
        if op is _sre.SUBPATTERN:
            _, added, removed, inner = value
            if added or removed:  # (?i:...): the guard would not share its flags
                raise _Unknown
            if not _first(inner, out):
                return False
        elif op is _sre.BRANCH:
            empty = False
            for branch in value[1]:
                empty = _first(branch, out) or empty
            if not empty:
                return False
        elif op in _REPEATS:
            low, _, item = value
            if not _first(item, out) and low > 0:
                return False
        elif op not in _ZERO_WIDTH:
            raise _Unknown
    return True


def guarded(pattern: str, flags: int = 0) -> str:
    """``pattern`` behind a look-ahead for its possible first characters, to be compiled
    with the same ``flags`` (so case folding applies to the guard as to the pattern); the
    pattern itself when they cannot be listed."""
    parsed = _sre.parse(pattern, flags)
    if parsed.state.flags & ~(flags | re.UNICODE) or _GLOBAL_FLAGS.match(pattern):
        return pattern  # inline flags such as (?i) at the start: they must stay first
    first: set[str] = set()
    try:
        if _first(parsed, first):
            return pattern
    except _Unknown:
        return pattern
    return f"(?=[{''.join(sorted(first))}])(?:{pattern})"
