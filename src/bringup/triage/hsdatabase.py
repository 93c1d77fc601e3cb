"""The compiled Hyperscan database of the prefilter (``bringup.triage.prefilter``): compiled
once per signature set (about 1.3 s of CPU for the built-in set), patterns Hyperscan rejects
found by halving, and kept in the cache so that later runs only load it."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

import msgspec

from bringup import cache
from bringup.triage import widen

LOG = logging.getLogger(__name__)


def _collect(pattern: int, start: int, end: int, flags: int, found: list[int]) -> None:
    found.append(pattern)


class NotCached(Exception):
    """No compiled database in the cache, and the caller asked not to compile one."""


class _Cached(msgspec.Struct, frozen=True):
    """A serialised database and the pattern indexes it holds."""

    accepted: list[int]
    database: bytes


CACHE = cache.Kind("triage", "hsdb", keep=4)
"""Compiled databases, one per signature set in use (different overlays)."""

FLAGS_NAMES = ("HS_FLAG_PREFILTER", "HS_FLAG_MULTILINE")


def load_or_compile(
    hyperscan: Any,
    patterns: Sequence[bytes],
    eligible: Sequence[int],
    cache_dir: Optional[Path],
    once: frozenset[int] = frozenset(),
    *,
    cached_only: bool = False,
) -> tuple[Any, list[int]]:
    """The database for ``eligible`` patterns (``widen.widened``: made on a miss only, the key
    names the widening's bound and source), from the cache when a usable copy is there (else
    ``NotCached`` when ``cached_only``)."""
    mode = hyperscan.HS_MODE_BLOCK
    common = 0
    for flag in FLAGS_NAMES:
        common |= getattr(hyperscan, flag)
    flags = {i: common | (hyperscan.HS_FLAG_SINGLEMATCH if i in once else 0) for i in eligible}
    key = cache.fingerprint(
        paths=[Path(widen.__file__)],
        parts=[
            f"{getattr(hyperscan, '__version__', '?')}|{common}|{mode}|{widen.MIN_BOUND}",
            *(b"%d\0%d\0" % (index, flags[index]) + patterns[index] for index in eligible),
        ],
    )
    cached = _read_cache(hyperscan, key, cache_dir, mode)
    if cached is not None:
        LOG.debug("hyperscan database of %d patterns read from %s", len(cached[1]), cache_dir)
        return cached
    if cached_only:
        raise NotCached
    started = time.perf_counter()
    wide = [widen.widened(pattern) for pattern in patterns]
    accepted = list(eligible)
    try:
        database = _compile(hyperscan, wide, accepted, flags, mode)
    except hyperscan.error:
        accepted = _accepted(hyperscan, wide, list(eligible), flags, mode)
        for index in sorted(set(eligible) - set(accepted)):
            LOG.debug("hyperscan rejects pattern %r: RE2 matches it", patterns[index])
        database = _compile(hyperscan, wide, accepted, flags, mode)
    elapsed = time.perf_counter() - started
    LOG.debug("hyperscan database of %d patterns compiled in %.0f ms", len(accepted), elapsed * 1e3)
    if cache_dir is not None:
        data = msgspec.msgpack.encode(_Cached(accepted, hyperscan.dumpb(database)))
        if not cache.store(CACHE, key, cache_dir, data):
            LOG.debug("cannot write the hyperscan cache in %s", cache_dir)
    return database, accepted


def _compile(
    hyperscan: Any, patterns: Sequence[bytes], ids: list[int], flags: Mapping[int, int], mode: int
) -> Any:
    if not ids:
        raise ValueError("Hyperscan rejects every pattern")
    database = hyperscan.Database(mode=mode)
    database.compile(
        expressions=[patterns[i] for i in ids],
        ids=ids,
        elements=len(ids),
        flags=[flags[i] for i in ids],
    )
    return database


def _accepted(
    hyperscan: Any, patterns: Sequence[bytes], ids: list[int], flags: Mapping[int, int], mode: int
) -> list[int]:
    """The ``ids`` of a group Hyperscan rejects that it compiles, found by halving the group:
    a few rejected patterns among a thousand cost a few dozen compiles of shrinking groups, not
    one per pattern (which took 9 of a first run's 15 s)."""
    if len(ids) == 1:
        return []
    half = len(ids) // 2
    accepted = []
    for part in (ids[:half], ids[half:]):
        try:
            _compile(hyperscan, patterns, part, flags, mode)
        except hyperscan.error:
            accepted += _accepted(hyperscan, patterns, part, flags, mode)
        else:
            accepted += part
    return accepted


def _read_cache(
    hyperscan: Any, key: str, cache_dir: Optional[Path], mode: int
) -> Optional[tuple[Any, list[int]]]:
    """A cached database, if present and usable on this CPU (a test scan checks the platform
    it was compiled for); anything wrong with it is a cache miss."""
    if cache_dir is None:
        return None

    def decode(data: bytes) -> tuple[Any, list[int]]:
        cached = msgspec.msgpack.decode(data, type=_Cached)
        database = hyperscan.loadb(cached.database, mode)
        scratch = hyperscan.Scratch(database)
        database.scan(b"\n", match_event_handler=_collect, context=[], scratch=scratch)
        return database, cached.accepted

    return cache.load(CACHE, key, cache_dir, decode, (msgspec.DecodeError, hyperscan.error))
