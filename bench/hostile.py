"""Time `bringup scan --json` on the hostile repos of ``tests/hostile_inputs.py``, each at two
sizes, so that a super-linear path shows as a ratio well over the sizes' ratio. Prints per
case the seconds (median of ``--runs``) at each size and their ratio.

    .venv/bin/python bench/hostile.py [--runs 3] [--case ranges ...] [--src DIR]

``--src`` times another checkout's bringup (``--src ../main/src``: the figures before a change).

Figures, issue 15's harden3 (``--runs 1`` on a loaded 2-core machine, main at ddd089b ->
harden3): ranges 2,000 5.66 -> 0.63 s, 4,000 20.30 -> 1.16 s; table 2,000 2.31 -> 0.49 s,
4,000 7.81 -> 0.80 s; one-line Chinese 150 KB 18.75 -> 1.87 s, 300 KB 46.65 -> 2.78 s; pins
300 KB 12.17 -> 1.17 s; code spans 300 KB 3.81 -> 2.28 s; deep tree 800 12.7 -> 2.1 s;
pins and ranges 2,000 73.8 -> 1.3 s, 4,000 (main not run) 3.0 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from hostile_inputs import (  # noqa: E402 (tests/ is put on the path first)
    deep_tree,
    one_line_readme,
    pins_and_ranges_readme,
    range_readme,
    remove_deep_tree,
    table_readme,
)


def _readme(text: Callable[[int], str]) -> Callable[[Path, int], Path]:
    def build(root: Path, size: int) -> Path:
        repo = root / "repo"
        repo.mkdir()
        (repo / "README.md").write_text(text(size), encoding="utf-8")
        return repo

    return build


CASES: dict[str, tuple[Callable[[Path, int], Path], tuple[int, int]]] = {
    "ranges": (_readme(range_readme), (2_000, 4_000)),
    "pins and ranges": (_readme(pins_and_ranges_readme), (2_000, 4_000)),
    "table": (_readme(table_readme), (2_000, 4_000)),
    "one-line prose": (_readme(one_line_readme), (500_000, 2_500_000)),
    "one-line chinese": (_readme(lambda n: one_line_readme(n, "chinese")), (150_000, 300_000)),
    "one-line pins": (_readme(lambda n: one_line_readme(n, "pins")), (150_000, 300_000)),
    "one-line code": (_readme(lambda n: one_line_readme(n, "code")), (150_000, 300_000)),
    "deep tree": (deep_tree, (400, 800)),
}


def _seconds(repo: Path, runs: int, src: Path) -> float | None:
    """The median time of ``runs`` scans of ``repo``; None when a scan failed (a scan that
    stops at once, a wrong ``--src``, would otherwise time as fast and "linear")."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    took = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "bringup", "scan", "--json", str(repo)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        if done.returncode != 0:
            return None
        took.append(time.perf_counter() - started)
    return statistics.median(took)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    args = parser.parse_args()
    failed = 0
    for name in args.case or list(CASES):
        build, sizes = CASES[name]
        figures = []
        for size in sizes:
            with tempfile.TemporaryDirectory() as work:
                repo = build(Path(work), size)
                figures.append(_seconds(repo, args.runs, args.src))
                if name == "deep tree":
                    remove_deep_tree(repo)
        if figures[0] is None or figures[1] is None:
            print(f"{name:18s} FAILED: the scan exited with an error", flush=True)
            failed += 1
            continue
        (small, large), ratio = sizes, figures[1] / max(figures[0], 1e-9)
        print(
            f"{name:18s} {small:>9,d}: {figures[0]:6.2f} s  {large:>9,d}: {figures[1]:6.2f} s"
            f"  ratio {ratio:4.1f} (sizes {large / small:.1f})",
            flush=True,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
