"""Required literals: a cheap stand-in for a pattern that matches wherever the pattern does.

An RE2 set of the ~1,200 signature and observer patterns costs about twice as much per byte
of a quiet log as a set of plain literals (0.18 against 0.09 s per 64 MiB of the synthetic
benchmark log): the many partial matches the patterns keep alive make many DFA states. Every
match of ``ValueError.*EPLB\\ not\\ support`` contains ``EPLB not support``, and every match of
``(?P<exc>...[A-Z]\\w*(?:Error|Exception))`` one of ``Error`` or ``Exception``; a set of such
literal alternations, one per pattern, names a superset of the patterns that match a block
(``bringup.triage.prefilter`` runs it first and the exact set only where it names one).

The literals come from the pattern's syntax tree as Python's ``re`` parser reads it; the
expressions are RE2's, so a pattern using syntax the two read differently (POSIX classes,
``\\p``, ``\\Q..\\E``, ``\\C``, ``\\z``, ``{,n}``, the ungreedy flag) or that Python cannot
parse or warns about (a nested set ``[[``, a global flag past the start: where it may read
the pattern otherwise than RE2 does) gets no stand-in, nor does one whose best literal is
shorter than ``MIN_LITERAL`` bytes (too common to skip anything): the scan then keeps that
pattern itself in the quick set.
A literal under a case-insensitive flag stays case-insensitive.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import msgspec

from bringup import cache, literalneeds

MIN_LITERAL = 3
MAX_ALTERNATIVES = 64
"""A stand-in naming more literals than this is no cheaper than the pattern."""
MAX_CLASS = 4
"""A character class of at most this many single characters (``[_-]``) is expanded into a
run's alternatives (``torch[_-]npu``: ``torch_npu`` or ``torch-npu``)..."""
MAX_RUN_VARIANTS = 16
"""... as long as the run has at most this many variants."""

_DIFFERENT_SYNTAX = re.compile(
    rb"\[:\^?[a-z]+:\]|\{,|\\[pPQECz]|\(\?[a-zA-Z-]*U[a-zA-Z-]*[:)]|\\x\{"
)
"""RE2 syntax Python's parser reads otherwise (or not at all)."""

_READING = literalneeds.Reading(MAX_CLASS, MAX_RUN_VARIANTS)


CACHE = cache.Kind("triage", "standins", keep=4)
"""Stand-ins per pattern set: parsing ~1,200 patterns costs ~65 ms of a scan that needs them."""


def stand_ins(patterns: Sequence[bytes], cache_dir: Optional[Path] = None) -> list[Optional[bytes]]:
    """``stand_in`` of each pattern, kept in bringup's cache (by Python version: its parser
    reads the patterns; and by the files that derive them, so a changed derivation is not read
    back)."""
    key = cache.fingerprint(
        paths=[Path(__file__).resolve(), Path(literalneeds.__file__).resolve()],
        parts=[sys.version, *(b"\0" + p for p in patterns)],
    )
    if cache_dir is not None:
        cached = cache.load(CACHE, key, cache_dir, _decode, (msgspec.DecodeError,))
        if cached is not None and len(cached) == len(patterns):
            return cached
    found = [stand_in(pattern) for pattern in patterns]
    if cache_dir is not None:
        cache.store(CACHE, key, cache_dir, msgspec.msgpack.encode(found))
    return found


def _decode(data: bytes) -> list[Optional[bytes]]:
    return msgspec.msgpack.decode(data, type=list[Optional[bytes]])


def stand_in(pattern: bytes) -> Optional[bytes]:
    """An RE2 pattern (an alternation of literals) that matches wherever ``pattern`` does,
    or None when none is known or worth having."""
    if _DIFFERENT_SYNTAX.search(pattern):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            tree = literalneeds.sre_parse.parse(pattern, 0)
    except (re.error, RecursionError, OverflowError, Warning):
        return None
    need = _READING.needs(tree)
    if need is None or len(need) > MAX_ALTERNATIVES:
        return None
    if min(len(text) for text, _ in need) < MIN_LITERAL:
        return None
    return b"|".join(_literal(text, caseless) for text, caseless in sorted(need))


def _literal(literal: str, caseless: bool) -> bytes:
    text = literal.encode("latin-1")  # a bytes pattern's literal: one code point a byte
    escaped = b"".join(
        bytes([byte]) if bytes([byte]).isalnum() else b"\\x%02x" % byte for byte in text
    )
    return b"(?i:" + escaped + b")" if caseless else escaped
