"""How far two labellers of one triage corpus agree: the ceiling ``bench/triage_eval.py``'s
figures are read against.

Both files are labelled ``cases.toml`` files of the same cases (matched by ``file``), each
labelled blind from the thread's established cause with ``layer`` and ``expected``. A case
scores for cause only when the FIRST file's ``expected`` is not empty, as the tool is scored:

* *layer*: the two layers are the same;
* *cause, first id*: the second labeller's first id is one of the first labeller's ids (what
  the tool's top-1 is held to);
* *cause, any id*: the two id lists share an id.

With ``--by half`` the counts are per half of the held-out split (``tests/data/heldout.toml``)
instead of per area: totals only, so a held-out case is never named.

Retired ids are read as the id that carries their cause now. A second labelling whose cases carry
no ``expected`` at all (a layer-only relabel, such as ``tests/data/layer_second34``) is compared
on layer only.

    .venv/bin/python bench/label_agreement.py --second SECOND/cases.toml FIRST/cases.toml [...]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bringup.triage.retired import current_id
from heldout import triage_half

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib


def labels(path: Path) -> dict[str, dict[str, object]]:
    """The labelled cases of one file by log name."""
    cases = tomllib.loads(path.read_text(encoding="utf-8")).get("case", [])
    return {str(case["file"]): case for case in cases if "layer" in case}


def _ids(case: dict[str, object]) -> list[str]:
    listed = case.get("expected", [])
    return [current_id(str(i)) for i in listed] if isinstance(listed, list) else []


def by_area(name: str, case: dict[str, object]) -> str:
    """The group of a case: its area (ascend, cuda, ...)."""
    return str(case.get("area", "?"))


def by_half(name: str, case: dict[str, object]) -> str:
    """The group of a case: the half of the held-out split it lies in."""
    return triage_half(name)


def agreement(
    first: dict[str, dict[str, object]],
    second: dict[str, dict[str, object]],
    group: Callable[[str, dict[str, object]], str] = by_area,
) -> dict[str, Counter[str]]:
    """Counts per group (area unless told, and ``all``) of the cases both files label."""
    counts: dict[str, Counter[str]] = {}
    for name in sorted(first.keys() & second.keys()):
        one, two = first[name], second[name]
        for area in (group(name, one), "all"):
            tally = counts.setdefault(area, Counter())
            tally["cases"] += 1
            tally["layer"] += one.get("layer") == two.get("layer")
            if "expected" not in two:
                continue
            ids_one, ids_two = _ids(one), _ids(two)
            if not ids_one:
                tally["first empty"] += 1
                tally["both empty"] += not ids_two
                continue
            tally["scored"] += 1
            tally["first id"] += bool(ids_two) and ids_two[0] in ids_one
            tally["any id"] += bool(set(ids_one) & set(ids_two))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, nargs="+", help="the first labelling's files")
    parser.add_argument("--second", type=Path, required=True, help="the second labelling")
    parser.add_argument(
        "--by", choices=("area", "half"), default="area", help="how to group the counts"
    )
    args = parser.parse_args()
    first: dict[str, dict[str, object]] = {}
    for path in args.first:
        first.update(labels(path))
    group = by_half if args.by == "half" else by_area
    counts = agreement(first, labels(args.second), group)
    for area, tally in sorted(counts.items(), key=lambda item: item[0] == "all"):
        scored = max(tally["scored"], 1)
        print(
            f"{area:10} cases {tally['cases']:3}  layer {tally['layer']:3} "
            f"({tally['layer'] / max(tally['cases'], 1):6.1%})  cause scored {tally['scored']:3}: "
            f"first id {tally['first id']:3} ({tally['first id'] / scored:6.1%}), "
            f"any id {tally['any id']:3} ({tally['any id'] / scored:6.1%})  "
            f"first empty {tally['first empty']:3} (second empty too {tally['both empty']:3})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
