"""The engine: every signature pattern over a log in one pass, in bounded memory.

For each block of lines a prefilter (``bringup.triage.prefilter``: a Hyperscan database or an
RE2 set) names the patterns that may occur anywhere in it (most blocks of a long log: none, and
the block is done). A block that many patterns may match (a real failure log is full of
lines the signatures, codes and tracebacks match) is cut into parts of ``PIECE_BYTES`` at
line ends, so that a candidate pattern is not run over the whole block, which made real
logs scan 100 times slower than quiet ones. Hyperscan's one pass reports where each pattern
may end, which names each part's candidates; an RE2 set, which cannot say where, is asked
again per part. Only the candidates of each part, each compiled by RE2 with its named
groups, then run on that part to find their lines and captures, so the prefilter decides
speed, never results. RE2 runs in linear time, so no pattern and no input can make the scan
backtrack.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import os
from collections import deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from bringup.triage.blocks import Block, normalise, split_escaped
from bringup.triage.findings import (
    FAILURE,
    FRAMES_WINDOW,
    LINE,
    OBSERVER_ROLES,
    STATED_PREFIX,
    Findings,
    Observer,
)
from bringup.triage.linequotes import LineText, following, traceback
from bringup.triage.prefilter import choose_prefilter
from bringup.triage.scanresult import ScanResult, SignatureHits
from bringup.triage.signatures import SignatureSet, engine_options
from bringup.triage.spans import Find, Spans, finder, group

if TYPE_CHECKING:
    from concurrent.futures import Future

MAX_EVIDENCE = 5
PIECE_BYTES = 4 << 10
"""A block with more than ``FEW_CANDIDATES`` is cut into parts of about this size, and the
prefilter asked again for each part."""
FEW_CANDIDATES = 2

Window = tuple[int, int]
Piece = tuple[int, int, list[int], Optional[list[Window]]]
"""Where in a block (start, end) the prefilter names which patterns, and when it can say,
for each of them the lines its matches may lie on."""
Prepared = tuple[Block, list[Piece], int, list[int]]
"""A block made ready to match: its text, its pieces, its lines, its inserted line ends."""


PATTERN, SYMPTOM, CONTEXT = "pattern", "symptom", "context"


class Matcher:
    """A signature set compiled for scanning: a prefilter over all patterns, plus each pattern
    on its own (compiled when the prefilter first names it). ``observers`` (error-code
    finders, traceback and failure-line expressions) run in the same pass and fill
    ``ScanResult.findings``."""

    def __init__(
        self,
        catalogue: SignatureSet,
        *,
        engine: Optional[str] = None,
        cache_dir: Optional[Path] = None,
        observers: Sequence[Observer] = (),
        cached_only: bool = False,
    ) -> None:
        self.catalogue = catalogue
        self._owners: list[tuple[str, int, str]] = []
        self._patterns: list[bytes] = []
        for signature in catalogue.signatures:
            for index, pattern in enumerate(signature.finding):
                role = SYMPTOM if signature.is_symptom(index) else PATTERN
                self._patterns.append(pattern.encode("utf-8"))
                self._owners.append((signature.id, signature.specificity[index], role))
            for pattern in signature.record.context:
                self._patterns.append(pattern.encode("utf-8"))
                self._owners.append((signature.id, 0, CONTEXT))
        for observer in observers:
            self._patterns.append(observer.pattern.encode("utf-8"))
            self._owners.append((observer.owner, 0, observer.role))
        self._regexes: list[Any] = [None] * len(self._patterns)
        self._find: list[Find] = [_unused] * len(self._patterns)
        """Each pattern's matches as spans (``bringup.triage.spans``), set with its regex."""
        self._groups: list[tuple[tuple[str, int], ...]] = [()] * len(self._patterns)
        """Each pattern's named groups and their numbers, in ``groupdict`` order."""
        self._names: list[frozenset[str]] = [frozenset()] * len(self._patterns)
        """Each pattern's named groups: a match needs reading only while one is not
        captured yet."""
        self._single: list[Optional[tuple[str, int]]] = [None] * len(self._patterns)
        """The name and number of a pattern's only named group (observers have one)."""
        once = frozenset(i for i, owner in enumerate(self._owners) if owner[2] == FAILURE)
        self.prefilter = choose_prefilter(
            self._patterns, engine=engine, cache_dir=cache_dir, once=once, cached_only=cached_only
        )
        self._ends = getattr(self.prefilter, "ends", None)
        """Where patterns end in a block, when the prefilter can say (Hyperscan)."""
        self._stride = getattr(self.prefilter, "stride", 0)
        self._busy = False
        """Whether the last block asked had many candidates (see ``_asked_pieces``)."""

    @property
    def patterns(self) -> tuple[str, ...]:
        """Every expression the scan runs (signatures' patterns, symptoms and context, then
        the observers'), as the prefilter has them."""
        return tuple(p.decode("utf-8") for p in self._patterns)

    @property
    def engine(self) -> str:
        """Which prefilter runs: ``hyperscan X.Y`` or ``re2-set``."""
        return self.prefilter.name

    def _regex(self, index: int) -> Any:
        regex = self._regexes[index]
        if regex is None:
            import re2

            regex = self._regexes[index] = re2.compile(self._patterns[index], engine_options())
            names = {
                (name.decode() if isinstance(name, bytes) else name): number
                for name, number in regex.groupindex.items()
            }
            self._find[index] = finder(regex)
            self._groups[index] = tuple(names.items())
            self._names[index] = frozenset(names)
            self._single[index] = next(iter(names.items())) if len(names) == 1 else None
        return regex

    def scan(
        self,
        blocks: Iterable[Block],
        *,
        max_evidence: int = MAX_EVIDENCE,
        workers: Optional[int] = None,
    ) -> ScanResult:
        """Match every block; line numbers count from 1 across blocks.

        RE2 releases the GIL while it matches, so blocks are matched on ``workers`` threads
        (default: up to 4, one per CPU) and their results consumed in order; at most
        ``2 * workers`` blocks are in flight, which keeps memory bounded. A log of one block
        (most logs a user pastes) is matched here, without starting a thread."""
        result = ScanResult({}, 0, 0)
        self._busy = False
        stream = iter(blocks)
        head = list(itertools.islice(stream, 2))
        count = workers or min(4, os.cpu_count() or 1)
        if count == 1 or len(head) < 2:
            for raw in itertools.chain(head, stream):
                result.bytes += len(raw)
                self._consume(self._prepare(raw), result, max_evidence)
            return result
        from concurrent.futures import ThreadPoolExecutor

        pool = ThreadPoolExecutor(max_workers=count)
        pending: deque[Future[Prepared]] = deque()
        try:
            for raw in itertools.chain(head, stream):
                result.bytes += len(raw)
                pending.append(pool.submit(self._prepare, raw))
                if len(pending) >= 2 * count:
                    self._consume(pending.popleft().result(), result, max_evidence)
            while pending:
                self._consume(pending.popleft().result(), result, max_evidence)
        except BaseException:  # Ctrl-C: a join could wait on a worker that never ends
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        return result

    def _prepare(self, raw: Block) -> Prepared:
        """The per-block work that can run in parallel: normalise, split escaped messages
        into lines, the prefilter's passes, count lines."""
        block, inserted = split_escaped(normalise(raw))
        ends = self._ends(block) if self._ends is not None else None
        if ends is not None:
            pieces = self._located_pieces(block, ends) if ends else []
        else:
            pieces = self._asked_pieces(block)
        newlines = block.count(b"\n") - len(inserted) + (0 if block.endswith(b"\n") else 1)
        return block, pieces, newlines, inserted

    def _located_pieces(self, block: Block, ends: list[int]) -> list[Piece]:
        """``_pieces`` from where the prefilter's one pass saw each pattern end: a part's
        candidates are the patterns with an end inside it (the matches read are those
        inside a part, whose ends the pass reports), so no part is scanned again."""
        stride = self._stride
        found = {packed % stride for packed in ends}
        if len(found) <= FEW_CANDIDATES or len(block) <= PIECE_BYTES:
            return [(0, len(block), *self._windows(block, 0, len(block), ends))]
        pieces: list[Piece] = []
        start = low = 0
        while start < len(block):
            end = block.find(b"\n", start + PIECE_BYTES) + 1 or len(block)
            high = bisect.bisect_left(ends, (end + 1) * stride, low)
            if high > low:
                pieces.append((start, end, *self._windows(block, start, end, ends[low:high])))
            start, low = end, high
        return pieces

    def _windows(
        self, block: Block, start: int, end: int, reports: list[int]
    ) -> tuple[list[int], list[Window]]:
        """The patterns with an end among ``reports`` (the sorted packed ends inside
        ``block[start:end]``) and for each the lines from that of its first end to that of
        its last: the pass reports the end of every match a pattern may have there, and no
        match holds a line end, so a pattern's matches (and RE2's choice among them) are
        all inside, and it is run on those lines instead of the whole part."""
        stride = self._stride
        last = {packed % stride: packed // stride for packed in reports}
        first = {packed % stride: packed // stride for packed in reversed(reports)}
        candidates = sorted(last)
        windows: list[Window] = []
        for index in candidates:
            low = block.rfind(b"\n", start, first[index]) + 1 or start
            newline = block.find(b"\n", last[index], end)
            windows.append((low, end if newline == -1 else newline + 1))
        return candidates, windows

    def _asked_pieces(self, block: Block) -> list[Piece]:
        """``_pieces`` from a prefilter that names patterns but not where (an RE2 set). A
        block after a busy one (a real failure log is busy from end to end) is asked part by
        part at once: the parts' answers make up the block's, so asking the whole block
        first would only scan it twice."""
        if self._busy and len(block) > PIECE_BYTES:
            pieces = self._pieces(block, None)
            named = {index for _, _, candidates, _ in pieces for index in candidates}
            self._busy = len(named) > FEW_CANDIDATES
            return pieces
        found = self.prefilter.candidates(block)
        self._busy = len(found) > FEW_CANDIDATES
        return self._pieces(block, found) if found else []

    def _pieces(self, block: Block, found: Optional[list[int]]) -> list[Piece]:
        """The parts of ``block`` and the patterns that may match in each: the whole block
        when it has few candidates, else parts of about ``PIECE_BYTES`` (whole lines), each
        asked again (``found`` None: the block was not asked)."""
        if found is not None and (len(found) <= FEW_CANDIDATES or len(block) <= PIECE_BYTES):
            return [(0, len(block), found, None)]
        view = memoryview(block)
        allowed = None if found is None else set(found)
        likely = getattr(self.prefilter, "likely", None)
        pieces: list[Piece] = []
        start = 0
        while start < len(block):
            end = block.find(b"\n", start + PIECE_BYTES) + 1 or len(block)
            part = view[start:end]
            named = likely(part) if likely is not None else self.prefilter.candidates(part)
            if allowed is not None:
                named = [i for i in named if i in allowed]
            if named:
                pieces.append((start, end, named, None))
            start = end
        return pieces

    def _consume(self, prepared: Prepared, result: ScanResult, max_evidence: int) -> None:
        block, pieces, newlines, inserted = prepared
        if pieces:
            self._locate(block, pieces, result, max_evidence, inserted)
        result.lines += newlines
        if len(block) >= FRAMES_WINDOW:
            result.tail = bytes(block[-FRAMES_WINDOW:])
        else:
            result.tail = (result.tail + bytes(block))[-FRAMES_WINDOW:]

    def _locate(
        self,
        block: Block,
        pieces: list[Piece],
        result: ScanResult,
        max_evidence: int,
        inserted: Sequence[int] = (),
    ) -> None:
        """Find the lines of ``block`` that the candidates of each piece match (line numbers
        continue from the ``result.lines`` already counted; the ``inserted`` line ends, of
        escaped messages split, are not counted)."""
        hits = result.hits
        spans = []
        lines_decided = result.findings.explains_without_lines()
        failures_read = result.findings.failures_done()
        for start, end, candidates, windows in pieces:
            for number, index in enumerate(candidates):
                if self._skipped(index, lines_decided, failures_read):
                    continue
                role = self._owners[index][2]
                first, stop = (start, end) if windows is None else windows[number]
                if role == FAILURE:
                    # the prefilter reports its first match in a block only: read the rest
                    first, stop, failures_read = start, len(block), True
                self._regex(index)
                for found in self._find[index](block, first, stop):
                    spans.append((found[0][0], index, found))
        spans.sort(key=lambda item: (item[0], item[1]))
        position = 0
        line = result.lines + 1
        bounds = LineText(block)
        for start, index, found in spans:
            line += block.count(b"\n", position, start)
            if inserted:
                line -= bisect.bisect_left(inserted, start) - bisect.bisect_left(inserted, position)
            position = start
            signature_id, specificity, role = self._owners[index]
            if role == CONTEXT:
                result.context[signature_id] = result.context.get(signature_id, 0) + 1
                continue
            if role in OBSERVER_ROLES:
                if self._counted(result.findings, index, block, found):
                    continue
                groups = {}
                for name, number in self._groups[index]:
                    value = group(block, found, number)
                    if value is not None:
                        groups[name] = value.decode("utf-8", "replace")
                text = bounds.text(start, found[0][1])
                at = (block, start, result.tail)
                result.findings.note(
                    role,
                    signature_id,
                    groups,
                    line,
                    text,
                    traceback=functools.partial(traceback, *at),
                    following=functools.partial(following, *at),
                )
                continue
            record = hits.setdefault(signature_id, SignatureHits(first_line=line))
            record.specificity = max(record.specificity, specificity)
            record.direct = record.direct or role == PATTERN
            if not self._names[index] <= record.captures.keys():
                for name, number in self._groups[index]:
                    value = group(block, found, number)
                    if value is not None and name not in record.captures:
                        record.captures[name] = value.decode("utf-8", "replace")
            if record.last_line == line:
                continue
            record.last_line = line
            record.matches += 1
            if len(record.evidence) < max_evidence:
                record.quoted(line, *bounds.quote(start, found[0][1]))

    def _skipped(self, index: int, lines_decided: bool, failures_read: bool) -> bool:
        """Whether an observer need not be matched any more: a line rule once the fallback
        explains the log without lines (``Findings.explains_without_lines``; not a class rule's),
        the failure lines once enough are read."""
        owner, _, role = self._owners[index]
        if role == FAILURE:
            return failures_read
        return role == LINE and lines_decided and not owner.startswith(STATED_PREFIX)

    def _counted(self, findings: Findings, index: int, block: Block, found: Spans) -> bool:
        """Whether an observer's match only counts (``Findings.counted``): read for observers
        with one named group, the common case, without building its groups and line."""
        single = self._single[index]
        value = group(block, found, single[1]) if single is not None else None
        if single is None or value is None:
            return False
        owner, _, role = self._owners[index]
        return findings.counted(role, owner, single[0], value.decode("utf-8", "replace"))


def _unused(text: Block, pos: int, endpos: int) -> list[Spans]:
    raise AssertionError("a pattern is searched before it is compiled")
