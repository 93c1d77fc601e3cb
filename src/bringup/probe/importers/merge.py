"""One fact per subject out of what several parts of a report say about it.

A report often states a thing twice: the template's ``<Toolkit> version: 8.0`` and the
toolkit's pasted install-info file (``8.0.RC2``). The more specific statement wins: a tool's own
output (confidence ``high``) over a line written by hand (``medium``) over a guess from a kernel
tag (``low``); between equals, the value that refines the other (``8.0.RC2`` over ``8.0``,
``2.1.0.post6`` over ``2.1.0``). Two values that disagree are both kept, the loser after the
winner, saying which line it contradicts: the reader sees both lines."""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from bringup.model import Fact, keys

_RANK = {"high": 0, "medium": 1, "low": 2}
_SEPARATORS = re.compile(r"[\s._+\-]+")


def merge_facts(facts: Iterable[Fact]) -> tuple[Fact, ...]:
    """The winning fact of each key (in first-seen key order), each contradiction after it;
    a key with no ``ok`` fact keeps its first non-``ok`` one (what the report said instead)."""
    by_key: dict[str, list[Fact]] = {}
    for found in facts:
        by_key.setdefault(found.key, []).append(found)
    merged: list[Fact] = []
    for group in by_key.values():
        observed = [f for f in group if f.ok]
        if not observed:
            merged.append(group[0])
            continue
        ordered = sorted(observed, key=_rank)
        winner = ordered[0]
        merged.append(winner)
        # each value's spelling made once: a report repeating a key thousands of times, one
        # value megabytes long, re-made it for every pair (fuzz: 52 s on a 2 MB report)
        kept = [_spelling(winner)]
        for other in ordered[1:]:
            spelling = _spelling(other)
            if any(_agrees(spelling, k) for k in kept):
                continue
            kept.append(spelling)
            merged.append(msgspec.structs.replace(other, reason=_why_both(other, winner)))
    return tuple(merged)


_KERNEL_GUESSED = frozenset({keys.OS_ID, keys.OS_VERSION_ID})


def _why_both(other: Fact, winner: Fact) -> str:
    """Why a losing value is kept: the line it contradicts; for an OS guessed from the
    kernel's build tag, whose each is. A container shares the host's kernel, so a collect_env
    run in an Ubuntu container on an openEuler host says "OS: Ubuntu 22.04.5 LTS" beside the
    kernel ``5.10.0-60.18.0.50.oe2203`` (vllm-project/vllm-ascend#4376, lines 11 and 18):
    both are true, of two systems (outsider23 D18)."""
    if other.key in _KERNEL_GUESSED and other.confidence == "low":
        at = winner.source.line if winner.source.ref == other.source.ref else None
        where = f"line {at}" if at is not None else str(winner.source)
        return f"the host kernel's; {where}: the userland's"

    return f"contradicts {winner.source} ({winner.value!r})"


def _rank(found: Fact) -> tuple[int, int, int]:
    """Most confident first, then the longest (most specific) value, then the earliest line."""
    return (_RANK[found.confidence], -len(str(found.value)), found.source.line or 0)


def _spelling(found: Fact) -> str:
    """The value as ``_agrees`` compares it: lower case, each run of separators one dot."""
    return _SEPARATORS.sub(".", str(found.value).lower()).strip(".")


def _agrees(a: str, b: str) -> bool:
    """Same value, or one refines the other (``8.0`` and ``8.0.RC2``; ``2.1.0`` and
    ``2.1.0+cpu``; ``910B`` and ``910B``), both given as ``_spelling`` makes them: case and
    separators do not count."""
    short, long = sorted((a, b), key=len)
    return long == short or long.startswith(short + ".") or (short.isdigit() and a == b)
