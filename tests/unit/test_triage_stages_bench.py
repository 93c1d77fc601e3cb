"""bench/triage_stages.py: every block of the log is read and goes through each stage once."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_stages_cover_the_whole_log(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "triage_stages", ROOT / "bench" / "triage_stages.py"
    )
    assert spec is not None
    assert spec.loader is not None
    stages_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stages_bench)
    line = b"\x1b[32mINFO\x1b[0m step 1 loss=0.5\n"
    log = tmp_path / "quiet.log"
    log.write_bytes(line * 20_000)
    stages, size, blocks, engine = stages_bench.run_stages(log)
    assert size == len(line) * 20_000
    assert blocks > 1  # several blocks, each through every stage
    assert {"read blocks", "remove ANSI", "prefilter pass", "count lines"} <= set(stages)
    assert engine
