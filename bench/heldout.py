"""Held-out totals of the evaluation sets: scan recall/precision and triage cause/layer.

Triage also counts the confidently wrong (``wrong: cause N``: a specific cause named first that
is not the expected one; ``strict`` the same with a code counted whatever the confidence it is
told with; of the N, those on logs labelled ``expected = []``: wrong answers until the log is
relabelled) and the logs given a wrong layer, as ``bench/triage_eval.py`` judges them: a change
that turns "unknown" into wrong causes shows there, not in top-1. ``--against REF_SRC`` scores
the same cases with the ``bringup`` of ``REF_SRC`` in a child process and prints how many cases
moved between the two (``generic->wrong``, ``right->wrong``, ``wrong->other wrong``, a
confidence change only, a layer gained or lost): totals only, per half (``triage_moves.py``).

The split is data (``tests/data/heldout.toml``, each set's rule beside the README line it comes
from). By default only the HELD-OUT half is scored and only its totals are printed: never a
held-out case, repo or truth line. ``--tuning`` adds the tuning half's totals, the scan's per-kind
lines and the triage per-corpus figures of that half; ``--misses [KIND ...]`` adds the tuning
half's per-repo scan misses (of those kinds; ``triage`` for its missed cases). ``--kinds`` adds
each scored half's per-kind scan counts (truth, found, missed; tool, correct, false): counts of
a kind over all the half's repos, never a repo or a line, so precision work on the held-out half
can see which kind moved.

The ``bringup`` scored is the one on ``PYTHONPATH`` (the scan runs as ``python -m bringup`` in a
subprocess, triage in this process), so one copy of this script scores any worktree:

    PYTHONPATH=WORKTREE/src python bench/heldout.py [--data WORKTREE/tests/data] [--src DIR]
        [--tuning] [--kinds] [--misses [KIND ...]] [--part scan|triage] [--against REF_SRC]

``--src`` holds the scan's checkouts as ``SRC/scan_evalN/NAME`` (NAME = the truth file's stem);
a missing checkout is named and left out of the totals.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scan_eval  # its folder is put on the path first: tests load this file by path
import triage_moves

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "tests" / "data"
SPLIT = DATA / "heldout.toml"
SRC = Path("/work/eval/src")
SCAN_KINDS = [*scan_eval.KINDS, "python_package", "cmake_package"]
_CASE_NUMBER = re.compile(r"^[A-Za-z]+([0-9]+)")


def load_split(path: Path = SPLIT) -> dict[str, Any]:
    """The split file as parsed TOML."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def triage_half(file_name: str) -> str:
    """``held_out`` when the number in a case's id (``a02`` of ``a02-x.log``) is even."""
    number = _CASE_NUMBER.match(file_name)
    if number is None:
        raise ValueError(f"{file_name}: no case id (letters then a number) to split on")
    return "held_out" if int(number.group(1)) % 2 == 0 else "tuning"


@dataclass
class Tally:
    """Counts of one half; ``notes`` name what could not be scored."""

    scan: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    repos: int = 0
    triage: Counter[str] = field(default_factory=Counter)
    corpora: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    notes: list[str] = field(default_factory=list)


Found = list[tuple[str, tuple[str, ...], str, str]]


def package_digest() -> str:
    """A digest of every file of the ``bringup`` package on the path: the scans are cached under
    it, so a package unchanged since the last run (work on triage only) is not scanned again."""
    spec = importlib.util.find_spec("bringup")
    if spec is None or spec.origin is None:
        raise SystemExit("no bringup package on the path (set PYTHONPATH=WORKTREE/src)")
    root = Path(spec.origin).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(f"{path.relative_to(root)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def _scan_one(checkout: Path, cache: Path | None) -> Found | str:
    """The scan's requirements of one checkout (from ``cache`` when it holds them), or why
    there are none."""
    if not checkout.is_dir():
        return "no checkout"
    stored = cache / checkout.parent.name / f"{checkout.name}.json" if cache else None
    if stored is not None and stored.is_file():
        return [(s, tuple(p), spec, t) for s, p, spec, t in json.loads(stored.read_text())]
    try:
        found = scan_eval.scanned(checkout)
    except (ValueError, KeyError) as error:  # the scan printed no JSON report
        return f"scan failed ({type(error).__name__})"
    if stored is not None:
        stored.parent.mkdir(parents=True, exist_ok=True)
        partial = stored.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(found))
        partial.replace(stored)
    return found


def score_scan(
    split: dict[str, Any],
    data: Path,
    src: Path,
    halves: dict[str, Tally],
    listing: list[str] | None,
    *,
    jobs: int,
    cache: Path | None,
) -> None:
    """Scan every repo of the wanted halves (``jobs`` at once; scans kept under ``cache``, per
    package digest); ``listing`` collects the tuning half's misses."""
    keep = cache / package_digest() if cache else None
    work: list[tuple[str, str, Path, Path]] = []
    for entry in split["scan"]:
        truth_dir = data / entry["set"] / "truth"
        for half in halves:
            for name in entry[half]:
                work.append((half, entry["set"], truth_dir / f"{name}.toml", src / entry["set"]))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda w: _scan_one(w[3] / w[2].stem, keep), work))
    for (half, set_name, truth_file, _), found in zip(work, results):
        tally = halves[half]
        label = f"{set_name}/{truth_file.stem}"
        if not truth_file.is_file():
            tally.notes.append(f"{label}: no truth file")
            continue
        if isinstance(found, str):
            tally.notes.append(f"{label}: {found}, left out")
            continue
        truth = tomllib.loads(truth_file.read_text(encoding="utf-8"))
        counts, lines = scan_eval.score_repo(truth, found)
        tally.repos += 1
        for kind_name, count in counts.items():
            tally.scan[kind_name].update(count)
        if listing is not None and half == "tuning":
            listing.extend(f"{label}: {line.strip()}" for line in sorted(lines))


def score_triage(
    split: dict[str, Any],
    data: Path,
    halves: dict[str, Tally],
    listing: list[str] | None,
    states: dict[str, list[Any]] | None = None,
) -> None:
    """Explain every case of the wanted halves; ``listing`` collects the tuning half's misses,
    ``states`` each case's state for ``triage_moves`` (keyed ``half/corpus/file``). Imported
    here: the ``bringup`` scored is the one on the path, and the scan needs none."""
    from bringup.triage import explain_text
    from bringup.triage.retired import current_id
    from triage_eval import judge
    from triage_moves import case_state

    triage = split["triage"]
    for corpus in triage["corpora"]:
        name = corpus["name"]
        cases_file = data / name / "cases.toml"
        if not cases_file.is_file():
            for tally in halves.values():
                tally.notes.append(f"{name}: no cases.toml")
            continue
        for case in tomllib.loads(cases_file.read_text(encoding="utf-8"))["case"]:
            half = triage_half(case["file"])
            if half not in halves:
                continue
            expected = {current_id(item) for item in case["expected"]}
            diagnoses = explain_text((data / name / case["file"]).read_bytes())
            ranked = [d.signature_id for d in diagnoses]
            layer = diagnoses[0].layer if diagnoses else None
            outcome = judge(expected, case["layer"], diagnoses)
            for counts in (halves[half].triage, halves[half].corpora[name]):
                counts.update(
                    cases=1,
                    cause=outcome.cause,
                    layer=outcome.layer,
                    wrong=outcome.wrong,
                    wrong_strict=outcome.wrong_strict,
                    wrong_unlabelled=outcome.wrong and not expected,
                    layer_wrong=outcome.layer_wrong,
                )
            if states is not None:
                states[f"{half}/{name}/{case['file']}"] = case_state(outcome, diagnoses)
            if listing is not None and half == "tuning" and not (outcome.cause and outcome.layer):
                mark = "layer" if outcome.cause else ("WRONG" if outcome.wrong else "MISS ")
                listing.append(
                    f"  {mark} {name}/{case['file']}"
                    f"  expected {sorted(expected) or '[]'} layer {case['layer']}"
                    f"\n        got {ranked[:3] or '[]'} layer {layer}"
                )


def _ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.1%}" if whole else f"{part}/0"


def summary(name: str, tally: Tally, scan: bool, triage: bool) -> list[str]:
    """The totals lines of one half."""
    lines = []
    if scan:
        overall: Counter[str] = Counter()
        for counts in tally.scan.values():
            overall.update(counts)
        lines.append(
            f"{name:8} scan   recall {_ratio(overall['found'], overall['truth'])}  "
            f"precision {_ratio(overall['correct'], overall['tool'])}  "
            f"({tally.repos} repos)"
        )
    if triage:
        cases = tally.triage["cases"]
        lines.append(
            f"{name:8} triage cause {_ratio(tally.triage['cause'], cases)}  "
            f"layer {_ratio(tally.triage['layer'], cases)}  "
            f"wrong: cause {tally.triage['wrong']}, strict {tally.triage['wrong_strict']}, "
            f"of the {tally.triage['wrong']} {tally.triage['wrong_unlabelled']} on logs labelled "
            f"no entry (relabel before discounting); layer {tally.triage['layer_wrong']}"
        )
    return lines


def kind_table(tally: Tally) -> list[str]:
    """scan_eval's per-kind lines for one half."""
    header = ("kind", "truth", "found", "recall", "tool", "correct", "prec", "dup")
    lines = ["{:16} {:>5} {:>5} {:>7} {:>5} {:>7} {:>6} {:>4}".format(*header)]
    for name in SCAN_KINDS:
        counts = tally.scan[name]
        recall = counts["found"] / counts["truth"] if counts["truth"] else 0.0
        precision = counts["correct"] / counts["tool"] if counts["tool"] else 0.0
        lines.append(
            f"{name:16} {counts['truth']:5} {counts['found']:5} {recall:7.1%} "
            f"{counts['tool']:5} {counts['correct']:7} {precision:6.1%} {counts['duplicate']:4}"
        )
    return lines


def kind_counts(name: str, tally: Tally) -> list[str]:
    """One line per scan kind of a half: counts only (truth, found, missed; tool, correct,
    false, of the false the duplicates), each line led by the half's name, so the held-out
    half's kinds can be read without naming a repo or a truth line."""
    lines = []
    for kind_name in SCAN_KINDS:
        c = tally.scan[kind_name]
        lines.append(
            f"{name:8} kind {kind_name:16} truth {c['truth']:4} found {c['found']:4} "
            f"missed {c['truth'] - c['found']:4}  tool {c['tool']:4} correct {c['correct']:4} "
            f"false {c['tool'] - c['correct']:4} (dup {c['duplicate']})"
        )
    return lines


def unscored(half: str, notes: list[str]) -> list[str]:
    """What could not be scored: each repo or corpus of the tuning half by name, the held-out
    half's only counted by why (its repos are no output of the gate)."""
    if half != "held_out":
        return [f"not scored ({half}): {note}" for note in notes]
    why = Counter(note.split(": ", 1)[-1] for note in notes)
    return [f"not scored (held-out): {n} x {reason}" for reason, n in sorted(why.items())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=SRC, help="SRC/scan_evalN/NAME checkouts")
    parser.add_argument("--data", type=Path, default=DATA, help="the tests/data to score")
    parser.add_argument("--split", type=Path, default=SPLIT)
    parser.add_argument("--part", choices=["scan", "triage"], help="score only this part")
    parser.add_argument("--tuning", action="store_true", help="add the tuning half's figures")
    parser.add_argument(
        "--misses",
        nargs="*",
        choices=[*SCAN_KINDS, "triage"],
        help="list the tuning half's misses (of these kinds; all when none is named)",
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="REF_SRC",
        help="triage: count the cases that moved from the bringup of REF_SRC (a src folder)",
    )
    parser.add_argument(
        "--kinds",
        action="store_true",
        help="add each half's per-kind scan counts (found, missed, false): totals only",
    )
    parser.add_argument("--jobs", type=int, default=2, help="scans run at once")
    parser.add_argument(
        "--cache", type=Path, help="keep each scan here, per digest of the bringup package"
    )
    args = parser.parse_args()
    split = load_split(args.split)
    scan, triage = args.part in (None, "scan"), args.part in (None, "triage")
    halves = {"held_out": Tally()}
    if args.tuning or args.misses is not None:
        halves["tuning"] = Tally()
    wanted = set(args.misses or [*SCAN_KINDS, "triage"])
    scan_misses: list[str] | None = [] if args.misses is not None else None
    triage_misses: list[str] | None = [] if args.misses is not None else None
    if scan:
        score_scan(
            split, args.data, args.src, halves, scan_misses, jobs=args.jobs, cache=args.cache
        )
    states: dict[str, list[Any]] | None = {} if args.against and triage else None
    if triage:
        score_triage(split, args.data, halves, triage_misses, states)
    if "tuning" in halves:
        tuning = halves["tuning"]
        if scan:
            print("tuning half, scan per kind:", *kind_table(tuning), sep="\n")
        if triage:
            print("tuning half, triage per corpus (cause, layer of cases; wrong cause, layer):")
            for name, counts in tuning.corpora.items():
                print(
                    f"  {name:24} {counts['cause']:3} {counts['layer']:3} of {counts['cases']:3}"
                    f"  wrong {counts['wrong']:3} {counts['layer_wrong']:3}"
                )
        if scan_misses and wanted - {"triage"}:
            print("tuning half, scan misses:")
            print(*(line for line in scan_misses if line.split()[2] in wanted), sep="\n")
        if triage_misses and "triage" in wanted:
            print("tuning half, triage cases missed (cause or layer):", *triage_misses, sep="\n")
        print(*summary("tuning", tuning, scan, triage), sep="\n")
    for name, tally in halves.items():
        for line in unscored(name, tally.notes):
            print(line)
    if scan and args.kinds:
        for name, tally in halves.items():
            print(*kind_counts(name.replace("_", "-"), tally), sep="\n")
    print(*summary("held-out", halves["held_out"], scan, triage), sep="\n")
    if states is not None and args.against is not None:
        before = triage_moves.reference_states(args.against, args.split, args.data, list(halves))
        for half in halves:
            print(triage_moves.moves_line(half, args.against, before, states))
    return 0


if __name__ == "__main__":
    sys.exit(main())
