"""CPU seconds of a first ``bringup explain LOG`` (an empty cache: a fresh container, a CI job,
a user's first try) and of a later one (the cache filled by the first).

Each cold run gets its own empty ``XDG_CACHE_HOME``; the warm runs share one filled by a run
before them. Cold and warm runs alternate, so a machine that slows down slows both. CPU is
the child's user + system time (``resource.getrusage``), steadier than wall time on a loaded
machine. Run: ``.venv/bin/python bench/explain_cold.py [LOG] [--runs N]`` (default LOG: a real
vLLM-Ascend HCCL failure of tests/fixtures/logs); ``BRINGUP_TRIAGE_ENGINE`` picks the engine.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = (
    Path(__file__).parent.parent / "tests/fixtures/logs/ascend.hccl.hccl-error/vllm-ascend-397.log"
)


def run_once(log: Path, cache_home: str) -> tuple[float, float]:
    """One whole ``bringup explain`` process: its CPU and wall seconds."""
    env = {**os.environ, "XDG_CACHE_HOME": cache_home}
    argv = [sys.executable, "-m", "bringup", "explain", str(log)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", nargs="?", type=Path, default=LOG)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cold: list[tuple[float, float]] = []
    warm: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as scratch:
        warm_home = os.path.join(scratch, "warm")
        run_once(args.log, warm_home)  # fills the warm cache
        for number in range(args.runs):
            cold.append(run_once(args.log, os.path.join(scratch, f"cold{number}")))
            warm.append(run_once(args.log, warm_home))
    engine = os.environ.get("BRINGUP_TRIAGE_ENGINE", "auto")
    print(f"bringup explain {args.log.name} ({args.log.stat().st_size} bytes), engine {engine}")
    print(f"{'':<24}{'CPU s':>8}{'wall s':>8}   (medians of {args.runs}, interleaved)")
    for name, samples in (("cold (empty cache)", cold), ("warm (cache filled)", warm)):
        cpu = statistics.median(sample[0] for sample in samples)
        wall = statistics.median(sample[1] for sample in samples)
        print(f"{name:<24}{cpu:>8.2f}{wall:>8.2f}")


if __name__ == "__main__":
    main()
