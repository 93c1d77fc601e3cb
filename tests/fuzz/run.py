"""``make fuzz``: the long run. N mutated real inputs per entry point, each run in-process;
prints per entry point the inputs tried, exceptions (goal 0), runs slower than 5 s (goal 0)
and invalid JSON envelopes (goal 0), with the first few of each.

    .venv/bin/python tests/fuzz/run.py [--inputs 10000] [--seconds S] [--seed 17] [--entry scan ...]
        [--keep DIR]

``--keep`` copies each input that crashed, was slow or gave an invalid envelope into DIR and
prints the command that reruns it (the mutated file is the one differing from ``examples/``).

``--seconds`` bounds each entry point's run on a shared machine: it stops at ``--inputs`` or
after that many seconds, whichever comes first, and the table says how many inputs it reached.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz_harness import ENTRY_POINTS, SLOW_S, Tally, run_one


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--entry", action="append", choices=sorted(ENTRY_POINTS))
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    failed = False
    for name in args.entry or sorted(ENTRY_POINTS):
        tally = Tally()
        rng = random.Random(f"{args.seed}:{name}")
        stop = None if args.seconds is None else time.monotonic() + args.seconds
        for _ in range(args.inputs):
            if stop is not None and time.monotonic() > stop:
                break
            with tempfile.TemporaryDirectory() as work:
                argv = ENTRY_POINTS[name](Path(work), rng)
                crash, invalid, took = run_one(argv)
                bad = crash is not None or invalid is not None or took > SLOW_S
                kept = _keep(work, argv, args.keep, f"{name}-{tally.inputs}") if bad else ""
            tally.inputs += 1
            if crash is not None:
                tally.exceptions.append(f"{crash[:200]}{kept}")
            if invalid is not None:
                tally.invalid.append(f"{invalid[:200]}{kept}")
            if took > SLOW_S:
                tally.slow.append(f"{took:.1f} s{kept}")
        print(
            f"{name:18s} inputs {tally.inputs:6d}  exceptions {len(tally.exceptions):4d}  "
            f"slow>{SLOW_S:.0f}s {len(tally.slow):4d}  invalid envelopes {len(tally.invalid):4d}",
            flush=True,
        )
        for problem in (tally.exceptions + tally.invalid + tally.slow)[:5]:
            print(f"    {problem}", flush=True)
        failed = failed or bool(tally.exceptions or tally.invalid or tally.slow)
    return 1 if failed else 0


def _keep(work: str, argv: list[str], keep: Path | None, label: str) -> str:
    """Copy the input under ``work`` to ``keep``; the rerun command, or "" without ``keep``."""
    if keep is None:
        return ""
    kept = keep / label.replace(" ", "_")
    shutil.copytree(work, kept)
    rerun = " ".join(arg.replace(work, str(kept)) for arg in argv)
    return f"  (rerun: bringup {rerun})"


if __name__ == "__main__":
    sys.exit(main())
