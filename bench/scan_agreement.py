"""Two truth writers, and the scan, against the first truths: the agreement ceiling of issue 11.

Each file of SECOND (a second writer's blind truth, ``tests/data/scan_agree37/truth``) names its
repo and commit; the first truth of the same repo and commit is found among
``tests/data/scan_eval*/truth``. The second truth is scored as the scan is scored, in the scan's
place; with ``--src`` the scan of each checkout (``SRC/<set>/<name>``, the layout of
``bench/heldout.py``) is scored beside it, on the same repos. A repo of the held-out half
(``tests/data/heldout.toml``) is counted in the totals only, never printed by name:

    .venv/bin/python bench/scan_agreement.py [SECOND] [--src /work/eval/src]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scan_eval  # its folder is put on the path first: tests load this file by path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
SECOND = DATA / "scan_agree37" / "truth"


def held_out(data: Path) -> set[tuple[str, str]]:
    """The (set, repo) pairs of the scan's held-out half."""
    split = tomllib.loads((data / "heldout.toml").read_text(encoding="utf-8"))
    return {(entry["set"], name) for entry in split.get("scan", []) for name in entry["held_out"]}


def first_truths(data: Path) -> dict[tuple[str, str], Path]:
    """Every first truth file, keyed by its (repo, commit)."""
    found = {}
    for path in sorted(data.glob("scan_eval*/truth/*.toml")):
        head = tomllib.loads(path.read_text(encoding="utf-8"))
        found[(str(head.get("repo")), str(head.get("commit")))] = path
    return found


def totals(counts: dict[str, Counter[str]]) -> Counter[str]:
    """The counts of every kind added up."""
    out: Counter[str] = Counter()
    for count in counts.values():
        out.update(count)
    return out


def line(label: str, count: Counter[str]) -> str:
    recall = count["found"] / max(count["truth"], 1)
    precision = count["correct"] / max(count["tool"], 1)
    return (
        f"{label:28} recall {count['found']}/{count['truth']} = {recall:.1%}   "
        f"precision {count['correct']}/{count['tool']} = {precision:.1%}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("second", type=Path, nargs="?", default=SECOND)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--src", type=Path, help="score the scan of SRC/<set>/<name> beside")
    args = parser.parse_args()
    firsts = first_truths(args.data)
    hidden = held_out(args.data)
    unnamed = 0
    writer_all: Counter[str] = Counter()
    scan_all: Counter[str] = Counter()
    for path in sorted(args.second.glob("*.toml")):
        second = tomllib.loads(path.read_text(encoding="utf-8"))
        first_path = firsts.get((str(second.get("repo")), str(second.get("commit"))))
        if first_path is None:
            print(f"{path.name}: no first truth of {second.get('repo')} at that commit")
            continue
        first = tomllib.loads(first_path.read_text(encoding="utf-8"))
        shown = (first_path.parent.parent.name, first_path.stem) not in hidden
        unnamed += not shown
        writer = totals(scan_eval.score_repo(first, scan_eval.written(second))[0])
        writer_all.update(writer)
        if shown:
            print(line(f"{path.stem} (writer)", writer))
        if args.src is not None:
            checkout = args.src / first_path.parent.parent.name / first_path.stem
            scan = totals(scan_eval.score_repo(first, scan_eval.scanned(checkout))[0])
            scan_all.update(scan)
            if shown:
                print(line(f"{path.stem} (scan)", scan))
    if unnamed:
        print(f"{unnamed} held-out repos: in the totals only")
    print(line("ALL (second writer)", writer_all))
    if args.src is not None:
        print(line("ALL (scan)", scan_all))
    return 0


if __name__ == "__main__":
    sys.exit(main())
