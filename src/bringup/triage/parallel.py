"""Large log files scanned by several processes, one byte range each.

Stripping colour codes and counting lines hold the GIL, so threads cannot spread a scan over
cores. For a file on disk (the common case, and the
only one that can be split) each process takes a range that starts and ends on a line
boundary, scans it like any stream, and the results are merged in order, line numbers shifted
by the lines before each range. Workers are forked, so they inherit the compiled matcher; the
parent scans the first range meanwhile. Memory stays bounded per process; small files are
scanned in-process (without importing ``multiprocessing``, a few milliseconds of every
start-up).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Optional, Union

from bringup.model.diagnosis import Evidence
from bringup.textbytes import SNIFF_BYTES, log_codec
from bringup.triage.blocks import BLOCK_BYTES, MAX_LINE_BYTES, Cut, iter_blocks
from bringup.triage.explain import builtin_matcher
from bringup.triage.findings import Findings
from bringup.triage.scanner import MAX_EVIDENCE, Matcher
from bringup.triage.scanresult import ScanResult, SignatureHits

PARALLEL_MIN_BYTES = 64 << 20
MAX_PROCESSES = 8


class _RangeReader:
    """``read``/``readinto`` over ``[start, end)`` of an open binary file."""

    def __init__(self, path: Path, start: int, end: int) -> None:
        self._file = path.open("rb")
        self._file.seek(start)
        self._left = end - start

    def read(self, size: int) -> bytes:
        data = self._file.read(min(size, self._left))
        self._left -= len(data)
        return data

    def readinto(self, buffer: memoryview) -> int:
        view = buffer[: min(len(buffer), self._left)]
        got = self._file.readinto(view) or 0
        self._left -= got
        return got

    def close(self) -> None:
        self._file.close()


def line_ranges(path: Path, parts: int) -> list[tuple[int, int]]:
    """``parts`` byte ranges covering the file, each starting at the beginning of a line."""
    size = path.stat().st_size
    starts = [0]
    with path.open("rb") as handle:
        for index in range(1, parts):
            position = _next_line(handle, max(size * index // parts, starts[-1]), size)
            if position < size and position > starts[-1]:
                starts.append(position)
    ends = [*starts[1:], size]
    return list(zip(starts, ends))


def _next_line(handle: IO[bytes], offset: int, size: int, chunk: int = 1 << 16) -> int:
    """The offset just after the first newline at or after ``offset`` (``size`` if none),
    read a chunk at a time so a file without newlines is not read into memory."""
    handle.seek(offset)
    while offset < size:
        data = handle.read(chunk)
        newline = data.find(b"\n")
        if newline != -1:
            return offset + newline + 1
        offset += len(data)
    return size


@dataclass(frozen=True)
class _Job:
    """What every range of one scan shares."""

    path: Path
    block_bytes: int
    max_line_bytes: int


_FORKED: dict[str, Matcher] = {}
"""The matcher forked workers inherit, set just before they are forked."""


def _scan_range(matcher: Matcher, job: _Job, start: int, end: int) -> ScanResult:
    reader = _RangeReader(job.path, start, end)
    try:
        cuts: list[Cut] = []
        blocks = iter_blocks(
            reader, block_bytes=job.block_bytes, max_line_bytes=job.max_line_bytes, cuts=cuts
        )
        result = matcher.scan(blocks, workers=1)
        result.cut = tuple(cuts)
        return result
    finally:
        reader.close()


def _scan_forked(job: _Job, start: int, end: int) -> ScanResult:
    return _scan_range(_FORKED["matcher"], job, start, end)


def merge(results: Sequence[ScanResult], max_evidence: int = MAX_EVIDENCE) -> ScanResult:
    """Results of consecutive ranges as one: counts add up, line numbers are shifted."""
    hits: dict[str, SignatureHits] = {}
    context: dict[str, int] = {}
    findings = Findings()
    lines = 0
    size = 0
    cut: list[Cut] = []
    for result in results:
        findings.extend(result.findings, lines)
        cut.extend(Cut(c.line + lines, c.skipped) for c in result.cut)
        for signature_id, count in result.context.items():
            context[signature_id] = context.get(signature_id, 0) + count
        for signature_id, part in result.hits.items():
            shifted = [Evidence(line=e.line + lines, text=e.text) for e in part.evidence]
            whole = hits.get(signature_id)
            if whole is None:
                hits[signature_id] = SignatureHits(
                    matches=part.matches,
                    evidence=shifted[:max_evidence],
                    captures=dict(part.captures),
                    first_line=part.first_line + lines,
                    specificity=part.specificity,
                    last_line=part.last_line + lines,
                    direct=part.direct,
                    heads=part.heads[:max_evidence],
                )
                continue
            whole.matches += part.matches
            room = max_evidence - len(whole.evidence)
            whole.evidence.extend(shifted[:room])
            whole.heads.extend(part.heads[:room])
            for name, value in part.captures.items():
                whole.captures.setdefault(name, value)
            whole.specificity = max(whole.specificity, part.specificity)
            whole.last_line = part.last_line + lines
            whole.direct = whole.direct or part.direct
        lines += result.lines
        size += result.bytes
    tail = results[-1].tail if results else b""
    return ScanResult(hits, lines, size, context, findings, tail, tuple(cut))


def cpu_count() -> int:
    """CPUs this process may run on (its affinity, as set by taskset or a container)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


def can_fork() -> bool:
    """Forked workers inherit the compiled matcher instead of loading and compiling it again;
    forking is safe only while this process runs a single thread."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def scan_file(
    path: Union[str, Path],
    *,
    matcher: Optional[Matcher] = None,
    processes: Optional[int] = None,
    block_bytes: int = BLOCK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
    parallel_min_bytes: int = PARALLEL_MIN_BYTES,
) -> ScanResult:
    """Scan a log file; a large one in line-aligned ranges, this process scanning the first
    while forked workers scan the others (``processes``: default one per CPU, at most 8).
    ``matcher`` defaults to the built-in signatures."""
    path = Path(path)
    engine = matcher or builtin_matcher()
    job = _Job(path, block_bytes, max_line_bytes)
    size = path.stat().st_size
    count = processes or min(MAX_PROCESSES, cpu_count())
    with path.open("rb") as handle:
        # decoded as it streams (UTF-16, GBK...): one range, in the codec its start decides
        whole = log_codec(handle.read(SNIFF_BYTES)) is not None
    split = count > 1 and size >= parallel_min_bytes and not whole
    ranges = line_ranges(path, count) if split else []
    if len(ranges) < 2 or not can_fork():
        return _scan_range(engine, job, 0, size)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    warm = getattr(engine.prefilter, "warm", None)
    if warm is not None:
        warm()
    _FORKED["matcher"] = engine
    context = multiprocessing.get_context("fork")
    try:
        with ProcessPoolExecutor(max_workers=len(ranges) - 1, mp_context=context) as pool:
            futures = [pool.submit(_scan_forked, job, start, end) for start, end in ranges[1:]]
            first = _scan_range(engine, job, *ranges[0])
            return merge([first, *(future.result() for future in futures)])
    finally:
        _FORKED.clear()
