"""Dump ``bringup scan --json`` of every checkout in the evaluation sets into a folder, one file
per repo, so that a change meant to be about speed only can be checked for identical output:

    .venv/bin/python bench/scan_dump.py /tmp/before --set SRC [--set SRC ...]
    ... change ...
    .venv/bin/python bench/scan_dump.py /tmp/after --set SRC ... && diff -r /tmp/before /tmp/after

A set is a directory of checkouts (one repo a directory), such as the checkouts the evaluation
sets name (tests/data/scan_eval*/README.md say how to make them). Each file is named
``<the set's last three folders>--<repo>.json`` and holds the scan's stdout; its exit status,
when not 0 or 1, is written beside it (``.rc``) so a crash shows in the diff too.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def dump(repo: Path, out: Path) -> str:
    """Scan one checkout and write its JSON (and an unexpected exit status) under ``out``."""
    name = f"{'_'.join(repo.parent.resolve().parts[-3:])}--{repo.name}"
    argv = [sys.executable, "-m", "bringup", "scan", "--json", str(repo)]
    done = subprocess.run(argv, capture_output=True, check=False)
    (out / f"{name}.json").write_bytes(done.stdout)
    if done.returncode not in (0, 1):
        (out / f"{name}.rc").write_text(f"{done.returncode}\n{done.stderr.decode()[-2000:]}")
    return name


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path, help="folder to write into (created)")
    parser.add_argument(
        "--set", action="append", type=Path, required=True, help="a directory of checkouts"
    )
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    repos = [repo for s in args.set for repo in sorted(s.iterdir()) if repo.is_dir()]
    with ThreadPoolExecutor(args.jobs) as pool:
        for name in pool.map(lambda repo: dump(repo, args.out), repos):
            print(name, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
