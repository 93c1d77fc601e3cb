"""Wider patterns for the Hyperscan prefilter: a long bounded repeat made unbounded.

Hyperscan's compile time grows with a bounded repeat's upper bound: of the ~1,400 built-in
patterns, the one with ``[^0-9\\n]{0,200}`` took 2.7 s of a first run's 6 s compile, and the
~90 patterns with a bound of 32 or more most of the rest (the whole set: ~5.5 s of CPU, paid
by the first ``explain`` on a machine, before the database is cached). ``x{m,n}`` made
``x{m,}`` matches wherever it did, with the same starts and ends, and more: the prefilter
(which may name a pattern that does not match, never miss one) stays a prefilter, each named
pattern's own RE2 regex still decides, and the compile drops to ~1.3 s.
"""

from __future__ import annotations

import re

MIN_BOUND = 32
"""A bounded repeat whose upper bound is at least this is made unbounded."""

_BOUNDED = re.compile(rb"\{([0-9]+),([0-9]+)\}")
_POSIX_CLASS = re.compile(rb"\[:\^?[a-z]+:\]")


def widened(pattern: bytes, least: int = MIN_BOUND) -> bytes:
    """``pattern`` (RE2 syntax) with each repeat ``{m,n}`` where ``n >= least`` written
    ``{m,}``; escapes, ``\\Q...\\E`` quotes and character classes (where braces are
    characters) are copied as they are."""
    out = bytearray()
    position = 0
    size = len(pattern)
    while position < size:
        char = pattern[position : position + 1]
        if pattern.startswith(b"\\Q", position):
            close = pattern.find(b"\\E", position + 2)
            stop = size if close < 0 else close + 2
        elif char == b"\\":
            stop = position + 2
        elif char == b"[":
            stop = _class_end(pattern, position)
        else:
            bounded = _BOUNDED.match(pattern, position) if char == b"{" else None
            if bounded is not None and int(bounded.group(2)) >= least:
                out += b"{" + bounded.group(1) + b",}"
                position = bounded.end()
                continue
            stop = position + 1
        out += pattern[position:stop]
        position = stop
    return bytes(out)


def _class_end(pattern: bytes, start: int) -> int:
    """Where the character class opened at ``start`` ends (past its ``]``): a ``]`` first in
    the class (after ``^``) is a character, as are escaped ones and those of ``[:alpha:]``."""
    position = start + 1
    if pattern[position : position + 1] == b"^":
        position += 1
    if pattern[position : position + 1] == b"]":
        position += 1
    while position < len(pattern):
        char = pattern[position : position + 1]
        if char == b"\\":
            position += 2
            continue
        posix = _POSIX_CLASS.match(pattern, position)
        if posix is not None:
            position = posix.end()
            continue
        if char == b"]":
            return position + 1
        position += 1
    return len(pattern)
