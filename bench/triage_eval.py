"""Top-1 and top-3 accuracy of ``bringup explain`` over the evaluation corpus.

The corpus (``tests/data/triage/cases.toml``) holds real failure logs from public threads whose
cause the thread established, each mapped to the signature that names that cause. The logs are
distinct from the per-signature sample logs the unit tests use (a test enforces it).

    .venv/bin/python bench/triage_eval.py [--verbose]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bringup.triage import explain_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "triage"
GOALS = {"top-1": 0.80, "top-3": 0.90}


def evaluate(verbose: bool) -> dict[str, float]:
    cases = tomllib.loads((CORPUS / "cases.toml").read_text(encoding="utf-8"))["case"]
    top1 = top3 = 0
    started = time.perf_counter()
    for case in cases:
        ranked = [
            d.signature_id for d in explain_text((CORPUS / "logs" / case["log"]).read_bytes())
        ]
        hit1 = ranked[:1] == [case["expected"]]
        hit3 = case["expected"] in ranked[:3]
        top1 += hit1
        top3 += hit3
        if verbose or not hit1:
            mark = "ok  " if hit1 else ("top3" if hit3 else "MISS")
            print(f"{mark} {case['log']:<36} expected {case['expected']:<44} got {ranked[:3]}")
    elapsed = time.perf_counter() - started
    total = len(cases)
    scores = {"top-1": top1 / total, "top-3": top3 / total}
    print(f"cases: {total}  ({elapsed * 1000:.0f} ms for all)")
    for name, value in scores.items():
        print(f"{name}: {value:.1%}  (goal >= {GOALS[name]:.0%})")
    return scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every case")
    scores = evaluate(parser.parse_args().verbose)
    return 0 if all(scores[k] >= goal for k, goal in GOALS.items()) else 1


if __name__ == "__main__":
    sys.exit(main())
