"""How the triage rules that do not name one failure's own message fare, as a population.

With every specific signature removed the held-out layer barely moves (issue 15, session 28):
the layer is decided by the rules that read a failure's shape, not its wording: the ``class.*``
rules, the fallback's exception and line rules (``traceback.*``, ``line.*``, ``evidence.*``),
the catch-all signatures, the vendors' fault knowledge (``faultdiag.*``) and the codes
(``code.*``). Each was written against a few logs; this counts, over the TUNING half of every
triage corpus of ``tests/data/heldout.toml`` (never a held-out case), how many cases name each
as their cause, how often it comes first, how often its layer then is right and, where the case
names a cause, its cause; how often it is confidently wrong (``triage_eval.judge``), and how
often the highest-ranked place-only reading below it (a catch-all or a fallback reading: what
would come first without it) has the right layer. A class rule told from a refusal line (its
words alone, no exception type) is counted apart. A rule whose layer is right less often than
what it outranks, or that is wrong more often than right, is a candidate for a lower rank or a
narrower trigger; a rule that never comes first and no case names has no tuning support at all.

    PYTHONPATH=src python bench/triage_rule_audit.py [--data tests/data] [--all] [--show ID]
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
from bringup.triage.tiers import FALLBACK_SCORES
from heldout import DATA, load_split, triage_half
from triage_eval import PLACE_ONLY_TIERS, _tiers, judge

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

AUDITED = frozenset({"class", "fallback", "catch-all", "knowledge", "code"})
"""The tiers whose rules read a failure's shape rather than one failure's own message."""
CLASS_SCORE = FALLBACK_SCORES["class"]
COLUMNS = (
    "labelled",
    "fires",
    "layer",
    "cause_cases",
    "cause",
    "wrong",
    "below_layer",
    "layer_wrong",
)


def tier_of(signature_id: str) -> str:
    """The catalogue's tier of an id (``ID [line]``: its rule's); ``code`` for a code's."""
    signature_id = signature_id.removesuffix(" [line]")
    if signature_id.startswith("code."):
        return "code"
    return _tiers().get(signature_id, "signature")


def _form(diagnosis: Diagnosis) -> str:
    """The id a lead is counted under: a class rule told from a refusal printed outside an
    exception (``triage/refusals.py``: its words alone, at the rank of the failure line it
    replaces) is counted apart as ``ID [line]``, the trigger that reads no exception type."""
    line_form = tier_of(diagnosis.signature_id) == "class" and diagnosis.score != CLASS_SCORE
    return f"{diagnosis.signature_id} [line]" if line_form else diagnosis.signature_id


def _below(diagnoses: list[Diagnosis]) -> Diagnosis | None:
    """The highest-ranked place-only reading after the first: what would lead without it."""
    for diagnosis in diagnoses[1:]:
        if tier_of(diagnosis.signature_id) in PLACE_ONLY_TIERS:
            return diagnosis
    return None


def audit(data: Path, show: str | None = None) -> dict[str, Counter[str]]:
    """Each audited rule's counts over the tuning half of every triage corpus; the tuning cases
    where ``show`` leads are printed with what they expected."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for corpus in load_split(data / "heldout.toml")["triage"]["corpora"]:
        cases_file = data / corpus["name"] / "cases.toml"
        if not cases_file.is_file():
            continue
        for case in tomllib.loads(cases_file.read_text(encoding="utf-8"))["case"]:
            if triage_half(case["file"]) != "tuning":
                continue
            expected = {current_id(item) for item in case["expected"]}
            for item in expected:
                counts[item].update(labelled=1)
            diagnoses = explain_text((cases_file.parent / case["file"]).read_bytes())
            if not diagnoses or tier_of(diagnoses[0].signature_id) not in AUDITED:
                continue
            outcome = judge(expected, case["layer"], diagnoses)
            below = _below(diagnoses)
            if diagnoses[0].signature_id == show:
                got = [f"{d.signature_id} ({d.layer})" for d in diagnoses[:3]]
                print(f"{corpus['name']}/{case['file']} {sorted(expected)} {case['layer']}")
                print(f"    got {got}")
            counts[_form(diagnoses[0])].update(
                fires=1,
                layer=outcome.layer,
                cause_cases=bool(expected),
                cause=outcome.cause,
                wrong=outcome.wrong,
                layer_wrong=outcome.layer_wrong,
                below_layer=below is not None and below.layer == case["layer"],
            )
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the tests/data holding the split")
    parser.add_argument("--all", action="store_true", help="also list the rules that never lead")
    parser.add_argument("--show", metavar="ID", help="print the tuning cases where ID leads")
    args = parser.parse_args()
    counts = audit(args.data, args.show)
    led = {i: c for i, c in counts.items() if c["fires"]}
    order = sorted(led, key=lambda i: (-counts[i]["layer_wrong"] - counts[i]["wrong"], i))
    print(f"{'rule':<52} {'tier':<9} " + " ".join(f"{c:>11}" for c in COLUMNS))
    for rule in order:
        row = " ".join(f"{counts[rule][c]:>11}" for c in COLUMNS)
        flags = []
        if counts[rule]["layer"] < counts[rule]["below_layer"]:
            flags.append("LAYER<BELOW")
        if counts[rule]["wrong"] > counts[rule]["cause"]:
            flags.append("WRONG>RIGHT")
        print(f"{rule:<52} {tier_of(rule):<9} {row} {' '.join(flags)}")
    tiers: dict[str, Counter[str]] = defaultdict(Counter)
    for rule, rule_counts in led.items():
        tiers[tier_of(rule)].update(rule_counts)
        tiers["total"].update(rule_counts)
    for tier in sorted(tiers, key=lambda t: (t == "total", t)):
        print(f"{tier:<62} " + " ".join(f"{tiers[tier][c]:>11}" for c in COLUMNS))
    silent = sorted(i for i, tier in _tiers().items() if tier in AUDITED and i not in led)
    unsupported = [i for i in silent if i not in counts]
    print(f"audited rules never first on the tuning half: {len(silent)}, of which never")
    print(f"labelled expected either (no tuning support at all): {len(unsupported)}")
    if args.all:
        for rule in silent:
            mark = "no support" if rule in unsupported else f"labelled {counts[rule]['labelled']}"
            print(f"  {rule} ({tier_of(rule)}; {mark})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
