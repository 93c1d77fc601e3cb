"""Large log files scanned by several processes, one byte range each.

Threads already overlap RE2's matching (it releases the GIL), but stripping colour codes and
counting lines hold the GIL. For a file on disk — the common case, and the only one that can be
split — each process takes a range that starts and ends on a line boundary, scans it like any
stream, and the results are merged in order, line numbers shifted by the lines before each
range. Memory stays bounded per process; small files are scanned in-process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Union

from bringup.model.diagnosis import Evidence
from bringup.triage.blocks import BLOCK_BYTES, MAX_LINE_BYTES, iter_blocks
from bringup.triage.scanner import MAX_EVIDENCE, Matcher, ScanResult, SignatureHits
from bringup.triage.signatures import load_signatures

PARALLEL_MIN_BYTES = 64 << 20
MAX_PROCESSES = 8

Dirs = Optional[Sequence[Union[str, Path]]]


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
            handle.seek(max(size * index // parts, starts[-1]))
            handle.readline()
            position = handle.tell()
            if position < size and position > starts[-1]:
                starts.append(position)
    ends = [*starts[1:], size]
    return list(zip(starts, ends))


_MATCHERS: dict[Optional[tuple[str, ...]], Matcher] = {}


def _matcher(dirs: Optional[tuple[str, ...]]) -> Matcher:
    if dirs not in _MATCHERS:
        _MATCHERS[dirs] = Matcher(load_signatures(list(dirs) if dirs is not None else None))
    return _MATCHERS[dirs]


@dataclass(frozen=True)
class _Job:
    """One range to scan, as sent to a worker process."""

    path: str
    dirs: Optional[tuple[str, ...]]
    block_bytes: int
    max_line_bytes: int


def _scan_range(job: _Job, start: int, end: int) -> ScanResult:
    reader = _RangeReader(Path(job.path), start, end)
    try:
        blocks = iter_blocks(reader, block_bytes=job.block_bytes, max_line_bytes=job.max_line_bytes)
        return _matcher(job.dirs).scan(blocks, workers=1)
    finally:
        reader.close()


def merge(results: Sequence[ScanResult], max_evidence: int = MAX_EVIDENCE) -> ScanResult:
    """Results of consecutive ranges as one: counts add up, line numbers are shifted."""
    hits: dict[str, SignatureHits] = {}
    lines = 0
    size = 0
    for result in results:
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
                )
                continue
            whole.matches += part.matches
            whole.evidence.extend(shifted[: max_evidence - len(whole.evidence)])
            for name, value in part.captures.items():
                whole.captures.setdefault(name, value)
            whole.specificity = max(whole.specificity, part.specificity)
            whole.last_line = part.last_line + lines
        lines += result.lines
        size += result.bytes
    return ScanResult(hits, lines, size)


def scan_file(
    path: Union[str, Path],
    *,
    dirs: Dirs = None,
    processes: Optional[int] = None,
    block_bytes: int = BLOCK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
    parallel_min_bytes: int = PARALLEL_MIN_BYTES,
) -> ScanResult:
    """Scan a log file, over several processes when it is large (``processes``: default one
    per CPU, at most 8); ``dirs`` are the signature directories (default: built-in)."""
    path = Path(path)
    key = tuple(str(d) for d in dirs) if dirs is not None else None
    job = _Job(str(path), key, block_bytes, max_line_bytes)
    count = processes or min(MAX_PROCESSES, os.cpu_count() or 1)
    if count <= 1 or path.stat().st_size < parallel_min_bytes:
        return _scan_range(job, 0, path.stat().st_size)
    ranges = line_ranges(path, count)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=len(ranges), mp_context=context) as pool:
        futures = [pool.submit(_scan_range, job, start, end) for start, end in ranges]
        return merge([future.result() for future in futures])
