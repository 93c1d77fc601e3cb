"""Draw agree38's sample: 60 cases from each half of the split triage corpora, seed 38.

Run from the repository root: ``.venv/bin/python tests/data/agree38/make.py OUT_DIR``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, "bench")

from heldout import load_split, triage_half

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

KEEP = ("file", "area", "source", "established_cause")


def block(corpus: str, case: dict[str, object]) -> str:
    """One case as the labellers see it: no layer, no ids, no note."""
    lines = ["[[case]]", f"corpus = {json.dumps(corpus)}"]
    lines += [f"{key} = {json.dumps(case[key], ensure_ascii=False)}" for key in KEEP if key in case]
    return "\n".join(lines) + "\n"


def main() -> None:
    out = Path(sys.argv[1])
    cases: list[tuple[str, dict[str, object]]] = []
    for corpus in load_split()["triage"]["corpora"]:
        name = corpus["name"]
        text = Path(f"tests/data/{name}/cases.toml").read_text(encoding="utf-8")
        cases += [(name, case) for case in tomllib.loads(text)["case"] if "layer" in case]
    rng = random.Random(38)
    held = [item for item in cases if triage_half(str(item[1]["file"])) == "held_out"]
    tuning = [item for item in cases if triage_half(str(item[1]["file"])) != "held_out"]
    pick = rng.sample(held, 60) + rng.sample(tuning, 60)
    rng.shuffle(pick)
    for part, chunk in (("a", pick[:60]), ("b", pick[60:])):
        text = "\n".join(block(name, case) for name, case in chunk)
        (out / f"cases-{part}.toml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
