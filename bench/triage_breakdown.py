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

``--features`` adds, per group of labelled misses (by the expected entry's family; a label's
install layer answered in operator execution) and per contrast group (logs answered with a place
whose label names another entry or none; logs answered right), the counts of the logs'
structural features (``triage_features.py``): which structure a family's misses share, and how
often the same structure stands under another label (what a rule keyed on it would get wrong).
Counts only, for both halves; ``--list GROUP`` names the TUNING half's logs of a group (the
held-out half is never listed). ``--match REGEX`` counts, per half, the logs whose text the
expression finds by their label's layer and the layer answered (``match: label L answered G``):
the contrast count of a rule keyed on those words, before it is written. ``--focus ID`` counts
the misses of another entry as a group of its own (by default only three class rules are, the
rest lumped as ``class.*``): session 42 (main b5a001c5, the gate's labels), held-out / tuning
misses, class.code.project-bug 52 / 23, class.build.source-out-of-step 13 / 3,
class.operator.npu-kernel-refuses-inputs 7 / 2, class.code.unsupported-configuration 6 / 7,
class.install.npu-plugin-out-of-step 4 / 1, the other class entries 21 / 10.

    PYTHONPATH=WORKTREE/src python bench/triage_breakdown.py [--data WORKTREE/tests/data]
        [--features [--answer ID_PREFIX ...]] [--list GROUP [--answer ID_PREFIX ...]]
        [--focus ID ...] [--match REGEX] [--bare] [--reach]

``--bare`` counts, per half, the logs that hold no word of the layer rule's first rungs and no
traceback (``triage_features.py``'s ``rung words: none`` and ``traceback: none``) by the kind of
first answer (a cause, a place, none), its layer and the label's layer (``bare: place answer in
G, label L``): which layer the labels give a log the tool can read no rung from, before a rule
gives such logs a layer. Session 39 (main 8efe9be7), held-out / tuning: the place answers in
operator_execution on such logs are labelled operator_execution 40 of 59 / 22 of 26 (install 6 /
0), the cause answers in operator_execution 44 of 64 / 92 of 101 (install 15 / 5), the logs told
nothing install 5 of 8 / 0 of 1: the catch-all's operator reading is the labels' own answer there,
and a layer for a log told nothing has one tuning log to be chosen on.

``--reach`` counts, per half, where the label's layer first stands in the ranked list of a log
answered in another layer (at N, with the families of the first answer and of the one in the
label's layer; absent; no answer), and for a log answered in its layer the first answer of
another layer below it: what a ranking change could gain and what it would lose. Session 41
(main 9169aadb, the gate's labels), held-out / tuning: of 109 / 38 logs answered in another layer
or none, the label's layer is absent from the list in 89 / 32 and nothing is told in 11 / 3;
it ranks second or third in 9 / 3, spread over 8 / 3 pairs of families (none above 2 logs):
no ranking swap reaches more than 2 held-out logs.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text
from bringup.triage.retired import current_id
from heldout import DATA, SPLIT, load_split, triage_half
from triage_eval import names_a_cause
from triage_features import features

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


FOCUS = (
    "class.code.project-bug",
    "class.build.source-out-of-step",
    "class.operator.npu-kernel-refuses-inputs",
)
"""The class rules whose absence the gate counts most (session 36's held-out breakdown)."""


def expected_group(signature_id: str, focus: Sequence[str] = FOCUS) -> str:
    """A missed entry's group: a focus class rule by its id, any other by its family."""
    return signature_id if signature_id in focus else f"{family(signature_id)}.*"


def answer_groups(
    expected: set[str],
    layer: str,
    diagnoses: list[Diagnosis],
    prefixes: Sequence[str],
    focus: Sequence[str] = FOCUS,
) -> set[str]:
    """For a log whose first answer's id starts with one of ``prefixes``: that answer split by
    the label (each focus entry it names, another entry, none), and by the label's layer
    against the answer's: what a rule that turned the answer into a cause, or moved its
    layer, would gain and lose."""
    if not diagnoses:
        return set()
    first = diagnoses[0]
    found: set[str] = set()
    for prefix in (item for item in prefixes if first.signature_id.startswith(item)):
        named = [item for item in focus if item in expected]
        right = first.signature_id in expected
        labels = named or (["right"] if right else ["another entry"] if expected else ["no entry"])
        found.update(f"answer {prefix}*, label {label}" for label in labels)
        found.add(f"answer {prefix}* in {first.layer}, label's layer {layer}")
    return found


def groups(
    expected: set[str], layer: str, diagnoses: list[Diagnosis], focus: Sequence[str] = FOCUS
) -> set[str]:
    """The groups one log counts in for ``--features``: each expected entry's group when the log
    is missed, the label's layer answered in another (``layer: LABEL answered GOT``), a place
    answer under another label or none (the contrast: where a rule keyed on a miss's structure
    would land), right."""
    first = diagnoses[0] if diagnoses else None
    found: set[str] = set()
    if expected and first is not None and first.signature_id in expected:
        found.add("contrast: right")
    elif expected:
        found.update(f"miss: {expected_group(item, focus)}" for item in expected)
    got = first.layer if first is not None else None
    if got != layer:
        found.add(f"layer: {layer} answered {got}")
    if first is not None and not names_a_cause(first) and first.signature_id not in expected:
        for item in focus:
            if item not in expected:
                found.add(f"contrast: place answer, label not {item}")
        if not expected:
            found.add("contrast: place answer, no entry")
    return found


def matched(
    pattern: re.Pattern[str] | None, layer: str, log: bytes, diagnoses: list[Diagnosis]
) -> set[str]:
    """``match: label L answered G`` for a log whose text ``pattern`` finds, else nothing."""
    if pattern is None or not pattern.search(log.decode("utf-8", errors="replace")):
        return set()
    got = diagnoses[0].layer if diagnoses else None
    return {f"match: label {layer} answered {got}"}


def bare(layer: str, log: bytes, diagnoses: list[Diagnosis]) -> set[str]:
    """``bare: KIND answer in GOT, label LAYER`` for a log with no rung word and no traceback,
    else nothing: the labels' layer where the log itself names no rung."""
    read = features(log)
    if "rung words: none" not in read or "traceback: none" not in read:
        return set()
    first = diagnoses[0] if diagnoses else None
    kind = "no" if first is None else "cause" if names_a_cause(first) else "place"
    got = first.layer if first is not None else None
    return {f"bare: {kind} answer in {got}, label {layer}"}


def reach(layer: str, diagnoses: list[Diagnosis]) -> set[str]:
    """Where the label's layer first stands in the ranked list: for a log answered in another
    layer, ``reach: label's layer at N, FIRST above SECOND`` (the families of the first answer
    and of the first in the label's layer: what a ranking swap would gain) or ``reach: label's
    layer absent``; for a log answered in its layer, ``reach contrast: FIRST above SECOND of
    another layer`` for the first answer in another layer below it (what the swap would lose)."""
    if not diagnoses:
        return {"reach: no answer"}
    first = diagnoses[0]
    if first.layer == layer:
        other = next((d for d in diagnoses if d.layer != layer), None)
        if other is None:
            return set()
        pair = f"{family(first.signature_id)} above {family(other.signature_id)}"
        return {f"reach contrast: {pair} of another layer"}
    position = next((n for n, d in enumerate(diagnoses) if d.layer == layer), None)
    if position is None:
        return {"reach: label's layer absent"}
    pair = f"{family(first.signature_id)} above {family(diagnoses[position].signature_id)}"
    return {f"reach: label's layer at {position + 1}, {pair}"}


def tally(
    data: Path,
    split: Path,
    with_features: bool = False,
    answers: Sequence[str] = (),
    match: re.Pattern[str] | None = None,
    *,
    with_bare: bool = False,
    with_reach: bool = False,
    focus: Sequence[str] = FOCUS,
) -> dict[str, Counter[str]]:
    """The counts of both halves: ``cases``, ``unlabelled``, ``right``, each miss kind, each
    absent family (``absent: F``), each layer confusion (``layer: LABEL -> GOT``) and the logs
    ``match`` finds (``matched``), with ``with_bare`` the logs naming no rung (``bare``); with
    ``with_features``, each group's logs (``GROUP | logs``) and features (``GROUP | FEATURE``),
    the entries of ``focus`` each a group of its own."""
    halves: dict[str, Counter[str]] = defaultdict(Counter)
    for half, _name, case, log, diagnoses in _cases(data, split):
        counts = halves[half]
        expected = {current_id(item) for item in case["expected"]}
        if with_features:
            named = groups(expected, case["layer"], diagnoses, focus)
            named |= answer_groups(expected, case["layer"], diagnoses, answers, focus)
            _count_features(counts, named, log, diagnoses)
        counts["cases"] += 1
        counts.update(matched(match, case["layer"], log, diagnoses))
        if with_bare:
            counts.update(bare(case["layer"], log, diagnoses))
        if with_reach:
            counts.update(reach(case["layer"], diagnoses))
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


def _cases(
    data: Path, split: Path, only: str | None = None
) -> Iterator[tuple[str, str, dict[str, Any], bytes, list[Diagnosis]]]:
    """Each case of the split's corpora (of half ``only`` when given) with its half, its
    corpus's name, its log and the diagnoses of that log."""
    for corpus in load_split(split)["triage"]["corpora"]:
        folder = data / corpus["name"]
        for case in tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]:
            half = triage_half(case["file"])
            if only is None or half == only:
                log = (folder / case["file"]).read_bytes()
                yield half, corpus["name"], case, log, explain_text(log)


def tuning_members(
    data: Path,
    split: Path,
    group: str,
    answers: Sequence[str] = (),
    match: re.Pattern[str] | None = None,
    *,
    with_bare: bool = False,
    focus: Sequence[str] = FOCUS,
) -> Iterator[str]:
    """The TUNING half's logs in the groups whose name contains ``group`` (a held-out case is
    never read here), each with its labels and its first answers."""
    for _half, name, case, log, diagnoses in _cases(data, split, only="tuning"):
        expected = {current_id(item) for item in case["expected"]}
        named = groups(expected, case["layer"], diagnoses, focus)
        named |= answer_groups(expected, case["layer"], diagnoses, answers, focus)
        named |= matched(match, case["layer"], log, diagnoses)
        if with_bare:
            named |= bare(case["layer"], log, diagnoses)
        if any(group in item for item in named):
            got = [f"{d.signature_id} [{d.layer}]" for d in diagnoses[:2]]
            yield f"  {name}/{case['file']} expected {sorted(expected)} [{case['layer']}] got {got}"


def _count_features(
    counts: Counter[str], named: set[str], log: bytes, diagnoses: list[Diagnosis]
) -> None:
    """Add one log's features (and its first answer's id when that is a place) to its groups."""
    read = features(log)
    if diagnoses:
        kind = "cause" if names_a_cause(diagnoses[0]) else "place"
        read.append(f"first answer ({kind}): {diagnoses[0].signature_id} [{diagnoses[0].layer}]")
    for group in named:
        counts[f"{group} | logs"] += 1
        for feature in read:
            counts[f"{group} | {feature}"] += 1


def feature_table(counts: Counter[str]) -> list[str]:
    """One half's feature counts, a group at a time, a feature's values on one line."""
    table: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for key, number in counts.items():
        if " | " in key and not key.endswith(" | logs"):
            group, feature = key.split(" | ", 1)
            name, value = feature.split(": ", 1)
            table[group][name][value] += number
    lines = []
    for group in sorted(table):
        lines.append(f"  {group} ({counts[group + ' | logs']} logs)")
        for name, values in sorted(table[group].items()):
            listed = ", ".join(f"{value} {n}" for value, n in values.most_common())
            lines.append(f"      {name}: {listed}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the tests/data to read")
    parser.add_argument("--split", type=Path, default=SPLIT)
    parser.add_argument("--features", action="store_true", help="add the groups' feature counts")
    parser.add_argument(
        "--answer",
        action="append",
        default=[],
        help="with --features: split the logs answered by ids with this prefix by label",
    )
    parser.add_argument(
        "--focus",
        action="append",
        default=[],
        metavar="ID",
        help="count the misses of this entry (a class.* id) as a group of its own too",
    )
    parser.add_argument(
        "--list", metavar="GROUP", help="list the TUNING half's logs of the groups named so"
    )
    parser.add_argument(
        "--match",
        type=re.compile,
        metavar="REGEX",
        help="count the logs whose text this finds by label's layer and layer answered",
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help="count the logs with no rung word and no traceback by answer and label's layer",
    )
    parser.add_argument(
        "--reach",
        action="store_true",
        help="count where the label's layer stands in the ranked list of a log answered in another",
    )
    args = parser.parse_args()
    focus = FOCUS + tuple(item for item in args.focus if item not in FOCUS)
    if args.list:
        listed = tuning_members(
            args.data,
            args.split,
            args.list,
            args.answer,
            args.match,
            with_bare=args.bare,
            focus=focus,
        )
        print("\n".join(listed))
        return 0
    halves = tally(
        args.data,
        args.split,
        args.features,
        args.answer,
        args.match,
        with_bare=args.bare,
        with_reach=args.reach,
        focus=focus,
    )
    for half, counts in sorted(halves.items()):
        print(half)
        for key, number in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if " | " not in key:
                print(f"  {number:4}  {key}")
        if args.features:
            print("\n".join(feature_table(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
