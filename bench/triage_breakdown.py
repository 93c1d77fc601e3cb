"""Where the triage misses lie, per half, as counts only: which lever a session should pull.

``heldout.py`` says how many logs are right; this says why the rest are not, in tallies that name
no case (the held-out half may be read only as totals): for each log whose label names an entry
and whose first diagnosis is not one of them, whether the first diagnosis claims a cause or only
places the failure, and whether an expected entry is anywhere in the list (a ranking miss) or
absent (a recognition miss), with the catalogue family of the absent entries; and the layer
confusions (the label's layer, the first diagnosis's layer). Session 36's breakdown of main
0afd5c94 showed 124 of 179 held-out labelled misses to be recognition misses under a place-only
first answer, and ``class.*`` rules the largest absent family (102 logs): recognition of the
recurring causes, not ranking, was the lever.

    PYTHONPATH=WORKTREE/src python bench/triage_breakdown.py [--data WORKTREE/tests/data]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text
from bringup.triage.retired import current_id
from heldout import DATA, SPLIT, load_split, triage_half
from triage_eval import names_a_cause

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib


def family(signature_id: str) -> str:
    """An id's catalogue family: its first dotted part (``class``, ``evidence``, ``ascend``)."""
    return signature_id.split(".", 1)[0]


def miss_kind(expected: set[str], diagnoses: list[Diagnosis]) -> str | None:
    """Why a labelled log is missed (None when its first diagnosis is expected): what the first
    answer is (none, a cause, a place) and where the expected entry stands in the list."""
    ids = [diagnosis.signature_id for diagnosis in diagnoses]
    if ids and ids[0] in expected:
        return None
    first = "no diagnosis" if not diagnoses else "cause" if names_a_cause(diagnoses[0]) else "place"
    position = next((n for n, item in enumerate(ids) if item in expected), None)
    standing = "absent" if position is None else "ranked below"
    return f"{first} first, expected {standing}"


def tally(data: Path, split: Path) -> dict[str, Counter[str]]:
    """The counts of both halves: ``cases``, ``unlabelled``, ``right``, each miss kind, each
    absent family (``absent: F``) and each layer confusion (``layer: LABEL -> GOT``)."""
    halves: dict[str, Counter[str]] = defaultdict(Counter)
    for corpus in load_split(split)["triage"]["corpora"]:
        folder = data / corpus["name"]
        for case in tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]:
            counts = halves[triage_half(case["file"])]
            expected = {current_id(item) for item in case["expected"]}
            diagnoses = explain_text((folder / case["file"]).read_bytes())
            counts["cases"] += 1
            got = diagnoses[0].layer if diagnoses else None
            if got != case["layer"]:
                counts[f"layer: {case['layer']} -> {got}"] += 1
            if not expected:
                counts["unlabelled"] += 1
                continue
            kind = miss_kind(expected, diagnoses)
            counts[kind or "right"] += 1
            if kind is not None and kind.endswith("absent"):
                for name in sorted({family(item) for item in expected}):
                    counts[f"absent: {name}"] += 1
    return halves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the tests/data to read")
    parser.add_argument("--split", type=Path, default=SPLIT)
    args = parser.parse_args()
    for half, counts in sorted(tally(args.data, args.split).items()):
        print(half)
        for key, number in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"  {number:4}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
