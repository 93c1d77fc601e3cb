"""The first pass over each block: which patterns may occur in it.

Two engines answer that question; the full RE2 patterns then run only on the blocks (and for
only the patterns) the first pass names, so both give exactly the same matches.

- **Hyperscan** (optional, ``pip install 'bringup[fast]'``): every pattern (its long bounded
  repeats made unbounded: ``bringup.triage.widen``) compiled into one database in prefilter
  mode, whose SIMD literal matchers skip through text at several GB/s
  per core. Prefilter mode may name a pattern that does not really match (it approximates
  what it cannot run), never miss one. The compiled database is cached next to the knowledge
  base's cache: compiling it (about 1.3 s of CPU for the built-in set) costs more than its
  pass over a 100 MB log.
- **RE2 set**: always available. One DFA of each pattern's literal stand-in
  (``bringup.triage.factors``) names a superset of the patterns in a block; the named
  patterns' own regexes then say which are there.

Hyperscan (without its UTF-8 mode) reads bytes as RE2's Latin-1 mode does. Neither documents
how it folds case or reads ``\\p{..}`` classes for bytes above 0x7f, so patterns whose meaning
hangs on that (case-insensitive with non-ASCII bytes, Unicode classes; none in the built-in
set), and any pattern Hyperscan rejects, are matched by an RE2 set beside the database.
``BRINGUP_TRIAGE_ENGINE`` (``auto``, ``hyperscan``, ``re2``) picks the engine; without
Hyperscan, or if it fails, the RE2 set is used and a debug line says why.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Optional, Protocol, Union

from bringup.triage.factors import stand_ins
from bringup.triage.hsdatabase import NotCached, load_or_compile
from bringup.triage.signatures import engine_options

LOG = logging.getLogger(__name__)
ENGINE_ENV = "BRINGUP_TRIAGE_ENGINE"
ENGINES = ("auto", "hyperscan", "re2")

Buffer = Union[bytes, bytearray, memoryview]

_CASELESS = re.compile(rb"\(\?[a-zA-Z]*i[a-zA-Z]*[:)]")
_NON_ASCII_ESCAPE = re.compile(rb"\\[xpPC0-7]")
_UNICODE_CLASS = re.compile(rb"\\[pP]")


class Prefilter(Protocol):
    """Names the patterns (by index) that may match somewhere in a block; never misses one."""

    @property
    def name(self) -> str: ...

    def candidates(self, block: Buffer) -> list[int]: ...


class Re2SetPrefilter:
    """Each pattern's literal stand-in (``bringup.triage.factors``), or the pattern itself
    where it has none, in one RE2 set (the quick set): it names every pattern that matches a
    block, and perhaps others; each named pattern's own RE2 regex then says whether it does.

    An RE2 set of all the patterns themselves answered exactly in one pass, but on real
    failure logs its DFA never settles (the ~1,400 unanchored patterns keep making new
    states, its cache fills and is reset): 7 s a MiB of the real-log benchmark corpus, every
    pass, against 0.16 s for the quick set and the named patterns' regexes (0.14 s on whole
    128 KiB blocks), with the same candidates. The quick set's alternatives joined into one
    pattern (``_anything``) say whether it names anything, ~15 % cheaper than asking it
    which: a quiet block is done there. Both are built at the first question (``warm``),
    from the cached stand-ins."""

    def __init__(
        self,
        patterns: Sequence[bytes],
        indexes: Optional[Sequence[int]] = None,
        cache_dir: Optional[Path] = None,
    ) -> None:
        self._indexes = list(indexes) if indexes is not None else list(range(len(patterns)))
        self._patterns = list(patterns)
        self._regexes: dict[int, Any] = {}
        self._quick: Any = None
        self._anything: Any = None
        self._cache_dir = cache_dir

    @property
    def name(self) -> str:
        return "re2-set"

    def candidates(self, block: Buffer) -> list[int]:
        self.warm()
        if not self._anything.Match(block):
            return []
        return [self._indexes[i] for i in self._named(block) if self._regex(i).search(block)]

    def likely(self, block: Buffer) -> list[int]:
        """The patterns the quick set alone names in ``block``: every pattern that matches
        there, and perhaps others, which the caller runs to see (on a busy part of a log it
        runs them anyway: confirming them first would search twice)."""
        self.warm()
        return [self._indexes[i] for i in self._named(block)]

    def _named(self, block: Buffer) -> list[int]:
        """The quick set's names in pattern order (as Hyperscan's): a set's own order is
        where its DFA met them."""
        return sorted(self._quick.Match(block) or ())

    def _regex(self, index: int) -> Any:
        """The pattern at ``index`` alone, compiled when the quick set first names it."""
        regex = self._regexes.get(index)
        if regex is None:
            import re2

            regex = self._regexes[index] = re2.compile(self._patterns[index], engine_options())
        return regex

    def warm(self) -> None:
        """Build the quick set now (a scan split over forked processes builds it once, before
        they fork)."""
        if self._quick is not None:
            return
        import re2

        quick = re2.Set.SearchSet(engine_options())
        anything = re2.Set.SearchSet(engine_options())
        alternatives: set[bytes] = set()
        for pattern, literals in zip(self._patterns, stand_ins(self._patterns, self._cache_dir)):
            quick.Add(literals or pattern)
            if literals:
                # a stand-in is literals joined by "|", each escaped (no "|" inside)
                alternatives.update(literals.split(b"|"))
            else:
                anything.Add(pattern)
        if alternatives:
            anything.Add(b"|".join(sorted(alternatives)))
        quick.Compile()
        anything.Compile()
        self._quick = quick
        self._anything = anything


def hyperscan_reads_like_re2(pattern: bytes) -> bool:
    """Whether Hyperscan is sure to read ``pattern`` as RE2 does: not for Unicode classes,
    nor for case-insensitive patterns that name non-ASCII bytes."""
    if _UNICODE_CLASS.search(pattern):
        return False
    if not _CASELESS.search(pattern):
        return True
    return pattern.isascii() and not _NON_ASCII_ESCAPE.search(pattern)


class HyperscanPrefilter:
    """A Hyperscan database of the patterns it can read like RE2, and an RE2 set for the rest
    (none in the built-in signatures).

    The database reports every match's end, so one pass over a block says both which
    patterns may occur and where (``ends``): the scanner then needs no second pass over the
    parts of a busy block. A pattern in ``once`` reports only its first match in a block
    (Hyperscan's SINGLEMATCH): for a frequent pattern whose later matches the scanner finds
    itself (failure lines: ``error`` is on many lines of a real log), each report is a call
    into Python. A block that makes more than ``MAX_REPORTS`` reports (a very long
    line and patterns ending in ``.*``) stops the pass, and an RE2 set names its candidates
    instead."""

    def __init__(
        self,
        hyperscan: Any,
        patterns: Sequence[bytes],
        cache_dir: Optional[Path],
        once: frozenset[int] = frozenset(),
        cached_only: bool = False,
    ):
        self._hs = hyperscan
        eligible = [i for i, pattern in enumerate(patterns) if hyperscan_reads_like_re2(pattern)]
        if not eligible:
            raise ValueError("no pattern that Hyperscan reads as RE2 does")
        self._database, accepted = load_or_compile(
            hyperscan, patterns, eligible, cache_dir, once, cached_only=cached_only
        )
        rest = sorted(set(range(len(patterns))) - set(accepted))
        self._rest = Re2SetPrefilter([patterns[i] for i in rest], rest) if rest else None
        self._patterns = patterns
        self._crowded: Optional[Re2SetPrefilter] = None
        self.stride = len(patterns)
        """``ends`` packs a report as ``end * stride + pattern``."""
        self._local = threading.local()
        self._scans_buffers = _scans_buffers(hyperscan, self._database)
        version = getattr(hyperscan, "__version__", "?")
        self._name = f"hyperscan {version}" + (f" + re2-set ({len(rest)})" if rest else "")

    @property
    def name(self) -> str:
        return self._name

    def candidates(self, block: Buffer) -> list[int]:
        ends = self._ends(block)
        if ends is None:
            return self._crowded_set().candidates(block)
        found = sorted({packed % self.stride for packed in ends})
        if self._rest is not None:
            found.extend(self._rest.candidates(block))
        return found

    def ends(self, block: Buffer) -> Optional[list[int]]:
        """Where in ``block`` each pattern may match: the end offset of every match the
        database reports, packed (``end * stride + pattern``) and sorted; None when a part of
        the patterns is matched by RE2 (no offsets) or the block makes too many reports."""
        return None if self._rest is not None else self._ends(block)

    def _ends(self, block: Buffer) -> Optional[list[int]]:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = self._hs.Scratch(self._database)
        found: list[int] = []
        try:
            # Block mode scans twice as fast as vectored mode with these patterns (760
            # against 380 MB/s on a quiet log). Hyperscan 0.9.1 (without SINGLEMATCH) misses
            # a match that ends at the very end of a buffer of 17 bytes or more (`` \d+`` in
            # ``16 * b"b" + b" 0"``), so a block that does not end with a line end is scanned
            # as a copy with one, a report there clamped to the block. A block that ends with
            # one (every block but perhaps a log's last) is scanned as it is: no RE2 match
            # spans a line end, so none ends after it; copied only for a build of the hyperscan
            # module that takes nothing but ``bytes`` (``_scans_buffers``).
            clamp: Optional[int] = None
            if block[-1:] != b"\n":
                padded: Buffer = bytes(block) + b"\n"
                clamp = len(block)
            elif self._scans_buffers or isinstance(block, bytes):
                padded = block
            else:
                padded = bytes(block)
            reports = _reporter(found, self.stride, clamp)
            self._database.scan(padded, match_event_handler=reports, scratch=scratch)
        except self._hs.ScanTerminated:
            return None
        found.sort()
        return found

    def _crowded_set(self) -> Re2SetPrefilter:
        """The RE2 set for blocks with too many reports, compiled when first needed."""
        if self._crowded is None:
            self._crowded = Re2SetPrefilter(self._patterns)
        return self._crowded


def _scans_buffers(hyperscan: Any, database: Any) -> bool:
    """Whether this build of the hyperscan module scans a ``bytearray`` as it is (its build for
    Python 3.11 does; its build for 3.9 takes only ``bytes`` and raises TypeError): blocks
    (bytearrays) are then scanned without a copy."""
    try:
        database.scan(
            bytearray(b"\n"),
            match_event_handler=lambda *_: None,
            scratch=hyperscan.Scratch(database),
        )
    except TypeError:
        return False
    return True


MAX_REPORTS = 1 << 18
"""Reports one block may make before its pass stops (a 128 KiB block of real failure logs
makes about 4,000)."""


def _reporter(found: list[int], stride: int, clamp: Optional[int]) -> Callable[..., bool]:
    """The match handler: packs each report (``end * stride + pattern``) into ``found``, an
    end past ``clamp`` (a block scanned with a line end added) at ``clamp``; stops the scan
    past ``MAX_REPORTS``. A real failure log makes a report every 40 bytes or so, each a call
    into Python: the handler does only that."""
    append = found.append
    limit = MAX_REPORTS
    if clamp is None:

        def report(pattern: int, start: int, end: int, flags: int, context: Any) -> bool:
            append(end * stride + pattern)
            return len(found) > limit

        return report
    size = clamp

    def clamped(pattern: int, start: int, end: int, flags: int, context: Any) -> bool:
        append(min(end, size) * stride + pattern)
        return len(found) > limit

    return clamped


PAYS_OFF_BYTES = 256 * 1024
"""The input below which an empty cache takes the RE2 set rather than compiling the Hyperscan
database (outsider 20 D20: a first explain of a 3-line log took 9 s against 1.1 s once the
cache held the database). ``bench/explain_cold.py`` (CPU, medians of 3; the fixture logs
concatenated, 310 KB, repeated to 2 MB and 8 MB; reread40 L2): the first run that compiles
costs 1.1-1.2 s more than the RE2 set's at 310 KB and 2 MB and 1.6 s less at 8 MB, so one
cold run breaks even near 4 MB; every later run on the cached database costs 1.3-1.6 s less
at 310 KB-2 MB (3.5 s at 8 MB). Kept this low because an input below it compiles nothing, so
a user whose logs are all under it would pay the RE2 set's cost on every run."""


def choose_prefilter(
    patterns: Sequence[bytes],
    *,
    engine: Optional[str] = None,
    env: Optional[Mapping[str, str]] = None,
    cache_dir: Optional[Path] = None,
    once: frozenset[int] = frozenset(),
    cached_only: bool = False,
) -> Prefilter:
    """The fastest engine available for ``patterns`` (or the one ``engine`` /
    ``BRINGUP_TRIAGE_ENGINE`` asks for); never fails for want of Hyperscan. ``once``: the
    patterns whose first match in a block is enough to report (see ``HyperscanPrefilter``).
    ``cached_only``: the input is small (under ``PAYS_OFF_BYTES``), so with ``auto`` Hyperscan
    only when its database is already cached, the RE2 set rather than compiling one."""
    env = os.environ if env is None else env
    wanted = (engine or env.get(ENGINE_ENV) or "auto").strip().lower()
    if wanted not in ENGINES:
        LOG.debug("%s=%r is not one of %s: using auto", ENGINE_ENV, wanted, ", ".join(ENGINES))
        wanted = "auto"
    if wanted != "re2":
        try:
            import hyperscan
        except ImportError as error:
            LOG.debug("hyperscan is not installed (%s): matching with an RE2 set", error)
        else:
            try:
                small = cached_only and wanted == "auto"  # asked for by name: compiled
                return HyperscanPrefilter(hyperscan, patterns, cache_dir, once, small)
            except NotCached:
                LOG.debug("no hyperscan database cached for a small input: matching with RE2")
            except Exception as error:  # any failure of the optional engine: use RE2
                LOG.debug("hyperscan failed (%s): matching with an RE2 set", error)
    return Re2SetPrefilter(patterns, cache_dir=cache_dir)
