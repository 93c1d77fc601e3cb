"""Time `bringup check` as a whole process (start-up, imports, probe, scan, solve, print),
interleaved with a baseline: the same command from another tree's interpreter.

    .venv/bin/python bench/check.py [--runs 7] [--cwd DIR] [--baseline PYTHON] [PATH ...]

PATH defaults to examples/six-repos. This tree's command is ``sys.executable -m bringup
check PATH...``; ``--baseline`` names the Python of another checkout (a previous release's
virtual environment), whose ``-m bringup`` is that tree. The two run in turn (this, baseline,
this, baseline ...) so a drift in the machine's speed touches both; it prints each one's
median, min and max wall and CPU seconds (CPU counts the probe's subprocesses), its exit
code and output lines, and the ratio of the medians. ``--cwd`` runs both from that
directory (a stack of checkouts side by side: ``--cwd CHECKOUTS op-plugin torchair ...``).

Compile the trees' bytecode first (``python -m compileall -q src``): where
``PYTHONDONTWRITEBYTECODE`` is set, nothing is cached and every run compiles every module.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional


class Runs:
    """The wall and CPU seconds of each run of one command, its exit code and its lines."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.argv, self.cwd = argv, cwd
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.code = 0
        self.lines = 0

    def once(self) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(self.argv, cwd=self.cwd, capture_output=True, check=False)
        self.wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        self.code, self.lines = done.returncode, done.stdout.count(b"\n")

    def row(self, name: str) -> str:
        wall, cpu = self.wall, self.cpu
        return (
            f"{name:9} wall {statistics.median(wall):6.3f} s ({min(wall):.3f}-{max(wall):.3f})"
            f"  cpu {statistics.median(cpu):6.3f} s ({min(cpu):.3f}-{max(cpu):.3f})"
            f"  exit {self.code}  {self.lines} lines"
        )


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["examples/six-repos"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cwd", type=Path, default=Path.cwd())
    parser.add_argument("--baseline", help="the Python of another tree's environment")
    args = parser.parse_args(argv)
    command = ["-m", "bringup", "check", *args.paths]
    pairs = [("this tree", Runs([sys.executable, *command], args.cwd))]
    if args.baseline:
        pairs.append(("baseline", Runs([args.baseline, *command], args.cwd)))
    for _, runs in pairs:  # a warm-up each: the page cache, not the figures
        runs.once()
        runs.wall.clear()
        runs.cpu.clear()
    for _ in range(args.runs):
        for _, runs in pairs:
            runs.once()
    print(f"bringup check {' '.join(args.paths)} (in {args.cwd}), {args.runs} runs each")
    for name, runs in pairs:
        print(runs.row(name))
    if len(pairs) == 2:
        ours, theirs = pairs[0][1], pairs[1][1]
        wall = statistics.median(ours.wall) / statistics.median(theirs.wall)
        cpu = statistics.median(ours.cpu) / statistics.median(theirs.cpu)
        print(f"this tree / baseline: wall {wall:.2f}x, cpu {cpu:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
