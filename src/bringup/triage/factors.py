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

import importlib
import re
import sys
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Optional

import msgspec

from bringup import cache

_MODERN = sys.version_info >= (3, 11)
"""Python 3.11 moved the parser to ``re._parser`` (importing ``sre_parse`` there warns)."""
sre_parse: Any = importlib.import_module("re._parser" if _MODERN else "sre_parse")
sre_constants: Any = importlib.import_module("re._constants" if _MODERN else "sre_constants")

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

Literal = tuple[bytes, bool]
"""A literal and whether it matches case-insensitively."""
Need = Optional[frozenset[Literal]]
"""Literals of which every match contains at least one; None: nothing known."""

_IGNORECASE = sre_constants.SRE_FLAG_IGNORECASE
_REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT)


CACHE = cache.Kind("triage", "standins", keep=4)
"""Stand-ins per pattern set: parsing ~1,200 patterns costs ~65 ms of a scan that needs them."""


def stand_ins(patterns: Sequence[bytes], cache_dir: Optional[Path] = None) -> list[Optional[bytes]]:
    """``stand_in`` of each pattern, kept in bringup's cache (by Python version: its parser
    reads the patterns; and by this module's file, so a changed derivation is not read back)."""
    key = cache.fingerprint(
        paths=[Path(__file__).resolve()], parts=[sys.version, *(b"\0" + p for p in patterns)]
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
            tree = sre_parse.parse(pattern, 0)
    except (re.error, RecursionError, OverflowError, Warning):
        return None
    need = _sequence(list(tree), bool(tree.state.flags & _IGNORECASE))
    if need is None or len(need) > MAX_ALTERNATIVES:
        return None
    if min(len(text) for text, _ in need) < MIN_LITERAL:
        return None
    return b"|".join(_literal(text, caseless) for text, caseless in sorted(need))


def _literal(text: bytes, caseless: bool) -> bytes:
    escaped = b"".join(
        bytes([byte]) if bytes([byte]).isalnum() else b"\\x%02x" % byte for byte in text
    )
    return b"(?i:" + escaped + b")" if caseless else escaped


def _sequence(items: Iterable[tuple[Any, Any]], caseless: bool) -> Need:
    """What a concatenation needs: the best of what each of its parts needs, runs of literal
    characters read as one literal."""
    needs: list[Need] = []
    run: list[bytes] = []
    for op, arg in items:
        if op is sre_constants.LITERAL:
            run = [text + bytes([arg]) for text in run] if run else [bytes([arg])]
            continue
        members = _small_class(arg) if op is sre_constants.IN else None
        if members is not None and len(run or [b""]) * len(members) <= MAX_RUN_VARIANTS:
            run = [text + bytes([m]) for text in run or [b""] for m in members]
            continue
        if run:
            needs.append(frozenset((text, caseless) for text in run))
            run = []
        needs.append(_part(op, arg, caseless))
    if run:
        needs.append(frozenset((text, caseless) for text in run))
    return _best(needs)


def _part(op: Any, arg: Any, caseless: bool) -> Need:
    """What one non-literal part of a concatenation needs."""
    if op is sre_constants.SUBPATTERN:
        _, add, remove, body = arg
        inner = (caseless or bool(add & _IGNORECASE)) and not remove & _IGNORECASE
        return _sequence(body, inner)
    if op is sre_constants.BRANCH:
        alternatives = [_sequence(branch, caseless) for branch in arg[1]]
        if any(need is None for need in alternatives):
            return None
        return frozenset().union(*(need for need in alternatives if need is not None))
    if op in _REPEATS:
        low, _, body = arg
        return _sequence(body, caseless) if low >= 1 else None
    return None


def _small_class(members: list[tuple[Any, Any]]) -> Optional[list[int]]:
    """The characters of a class made of at most ``MAX_CLASS`` single characters."""
    if len(members) > MAX_CLASS or any(op is not sre_constants.LITERAL for op, _ in members):
        return None
    return [arg for _, arg in members]


def _best(needs: list[Need]) -> Need:
    """Of needs that all hold, the one whose shortest literal is longest (rarest in text),
    then the one with fewer literals."""
    known = [need for need in needs if need]
    if not known:
        return None
    return max(known, key=lambda need: (min(len(text) for text, _ in need), -len(need)))
