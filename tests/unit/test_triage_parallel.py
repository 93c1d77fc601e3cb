"""Large files split by line-aligned byte ranges over processes give the same result as one
sequential scan."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bringup.triage import ScanResult, parallel, scan_file, scan_log
from bringup.triage.parallel import line_ranges, merge
from bringup.triage.scanner import Matcher

GLIBCXX = (
    b"ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)"
)
NOISE = b"2024-05-21 11:57:54 INFO step 12 loss 0.731 lr 3e-4 tokens/s 51234"
OOM = b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"


def _log(tmp_path: Path) -> Path:
    lines = [NOISE] * 3000
    lines[10] = GLIBCXX
    lines[1500] = OOM
    lines[2999] = GLIBCXX
    path = tmp_path / "big.log"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


@pytest.mark.parametrize("parts", [1, 2, 3, 7, 50])
def test_line_ranges_cover_the_file_and_start_on_lines(tmp_path: Path, parts: int) -> None:
    path = _log(tmp_path)
    data = path.read_bytes()
    ranges = line_ranges(path, parts)
    assert ranges[0][0] == 0
    assert ranges[-1][1] == len(data)
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    assert all(data[start - 1 : start] == b"\n" for start, _ in ranges[1:])


def test_line_ranges_of_one_long_line_is_one_range(tmp_path: Path) -> None:
    path = tmp_path / "one.log"
    path.write_bytes(b"x" * 10_000)
    assert line_ranges(path, 4) == [(0, 10_000)]


def test_merge_shifts_line_numbers_like_a_sequential_scan(tmp_path: Path) -> None:
    path = _log(tmp_path)
    data = path.read_bytes()
    whole = scan_log(data)
    cut = data.index(b"\n", len(data) // 2) + 1
    merged = merge([scan_log(data[:cut]), scan_log(data[cut:])])
    assert merged == whole


def test_scan_file_over_processes_equals_sequential(tmp_path: Path) -> None:
    path = _log(tmp_path)
    parallel = scan_file(path, processes=2, parallel_min_bytes=0)
    assert parallel == scan_log(path.read_bytes())
    assert [e.line for e in parallel.hits["toolchain.glibcxx-not-found"].evidence] == [11, 3000]


def test_scan_file_small_files_stay_in_process(tmp_path: Path) -> None:
    path = _log(tmp_path)
    assert scan_file(path) == scan_log(path.read_bytes())


def _join_other_threads(timeout_s: float = 10.0) -> None:
    for thread in threading.enumerate():
        if thread is not threading.current_thread():
            thread.join(timeout_s)


def test_large_files_are_scanned_by_forked_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _log(tmp_path)
    scanned: list[tuple[int, int]] = []
    original = parallel._scan_range

    def spy(matcher: Matcher, job: object, start: int, end: int) -> ScanResult:
        scanned.append((start, end))  # in the worker processes, to their own copy
        return original(matcher, job, start, end)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "_scan_range", spy)
    _join_other_threads()  # threads an earlier test left winding down would forbid forking
    assert parallel.can_fork()
    result = scan_file(path, processes=3, parallel_min_bytes=0)
    assert scanned == [line_ranges(path, 3)[0]]  # this process scanned the first third only
    assert result == scan_log(path.read_bytes())


def test_a_file_without_line_ends_is_one_range_read_in_chunks(tmp_path: Path) -> None:
    path = tmp_path / "one.log"
    path.write_bytes(b"y" * 300_000)
    assert line_ranges(path, 3) == [(0, 300_000)]
