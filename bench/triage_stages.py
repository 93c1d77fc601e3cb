"""Where the CPU time of ``bringup explain`` goes on a log, stage by stage, in one process.

``bench/triage.py`` times whole commands against ``grep -E -f``; this script says what the
engine's quiet path (``Matcher._prepare``: every block of a long log that matches nothing)
spends that time on: reading blocks, removing ANSI sequences (only in blocks holding an ESC
byte), the prefilter's pass (an RE2 set or Hyperscan), and counting lines. It also times the
same blocks through an RE2 set of one literal that never matches: the least any RE2 pass over
the log costs, whatever its patterns, so a prefilter built on RE2 cannot go below it.

    .venv/bin/python bench/triage.py --corpus synthetic --size 128M --prepare
    BRINGUP_TRIAGE_ENGINE=re2 .venv/bin/python bench/triage_stages.py LOG [--repeat 3]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Optional, TypeVar

from bringup.triage.blocks import Block, iter_blocks, normalise
from bringup.triage.explain import builtin_matcher
from bringup.triage.prefilter import Re2SetPrefilter

T = TypeVar("T")
FLOOR = "(RE2 floor: set of one literal)"

FLOOR_PATTERN = b"\x00never\x00"
"""A literal no log line holds: the RE2 set of it reports nothing, as a quiet block does."""


def _timed(stages: dict[str, float], name: str, work: Callable[[], T]) -> T:
    started = time.process_time()
    value = work()
    stages[name] = stages.get(name, 0.0) + time.process_time() - started
    return value


def run_stages(log: Path) -> tuple[dict[str, float], int, int, str]:
    """CPU seconds per stage over ``log``, its size, its blocks, and the engine's name."""
    stages: dict[str, float] = {}
    prefilter = _timed(stages, "load and compile", builtin_matcher).prefilter
    floor = Re2SetPrefilter([FLOOR_PATTERN])
    size = blocks = 0
    with log.open("rb") as source:
        stream = iter_blocks(source)
        while True:
            raw: Optional[Block] = _timed(stages, "read blocks", lambda: next(stream, None))
            if raw is None:
                break
            size += len(raw)
            blocks += 1
            block = _timed(stages, "remove ANSI", functools.partial(normalise, raw))
            _timed(stages, "prefilter pass", functools.partial(prefilter.candidates, block))
            _timed(stages, "count lines", functools.partial(block.count, b"\n"))
            _timed(
                stages,
                FLOOR,
                functools.partial(floor.candidates, block),
            )
    return stages, size, blocks, prefilter.name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--repeat", type=int, default=3, help="runs; medians are printed")
    args = parser.parse_args()
    runs = [run_stages(args.log) for _ in range(max(1, args.repeat))]
    _, size, blocks, engine = runs[0]
    print(f"log: {size / 1e6:.1f} MB in {blocks} blocks; engine {engine}; {len(runs)} runs")
    per = (64 << 20) / max(size, 1)
    names = list(runs[0][0])
    medians = {name: statistics.median(run[0].get(name, 0.0) for run in runs) for name in names}
    medians["load and compile"] = runs[0][0]["load and compile"]  # cached after the first run
    total = sum(v for name, v in medians.items() if not name.startswith("("))
    for name, value in medians.items():
        share = "" if name.startswith("(") else f"  {100 * value / total:5.1f} %"
        print(f"{name:<34} {value:7.3f} s  {value * per:6.3f} s per 64 MiB{share}")
    print(f"{'total (without the floor)':<34} {total:7.3f} s  {total * per:6.3f} s per 64 MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
