"""Time the contradiction check of one repo on N GCC mentions in one README (each a
different minimum) against one in CMake: the case that took 2.2 / 9.2 / 33 s for 1,000 /
2,000 / 4,000 mentions in a whole scan when every statement was checked against every probe.

    .venv/bin/python bench/contradictions.py [--mentions 1000 2000 4000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bringup.model import Requirement, file_source
from bringup.scan.contradictions import find_contradictions


def _gcc(spec: str, ref: str, line: int) -> Requirement:
    return Requirement(
        subject="gcc",
        spec=spec,
        component="",
        source=file_source(ref, line),
        confidence="high",
        hard=True,
        text=f"GCC {spec}",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mentions", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for count in args.mentions:
        mentions = [_gcc(f">={7 + n // 100}.{n % 100}", "r/README.md", n + 1) for n in range(count)]
        mentions.append(_gcc(">=9", "r/CMakeLists.txt", 1))
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            find_contradictions(mentions, {}, "r")
            times.append(time.perf_counter() - started)
        print(f"{count:6d} mentions: median {statistics.median(times) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
