"""bench/triage_stages.py: every block of the log is read and goes through each stage once."""

from __future__ import annotations

from pathlib import Path

from bench_modules import bench_module


def test_stages_cover_the_whole_log(tmp_path: Path) -> None:
    stages_bench = bench_module("triage_stages")
    line = b"\x1b[32mINFO\x1b[0m step 1 loss=0.5\n"
    log = tmp_path / "quiet.log"
    log.write_bytes(line * 20_000)
    stages, size, blocks, engine = stages_bench.run_stages(log)
    assert size == len(line) * 20_000
    assert blocks > 1  # several blocks, each through every stage
    assert {"read blocks", "remove ANSI", "prefilter pass", "count lines"} <= set(stages)
    assert engine
