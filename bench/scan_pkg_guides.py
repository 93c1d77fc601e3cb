"""Where the false python_package reports of guides, scripts, Dockerfiles and CI come from.

Session 40 measured guides and scripts as the forms with the most false reports held out (52
of 109, 51 of 121) and the best on the tuning half (79 % precise): a rule read off the tuning
reports' lines fits the tuning repos. This splits those reports finer, by the file's form
(a top-level guide, a guide under ``docs/``, one in a sub-folder, a script, a Dockerfile, CI)
and by the evidence the scan read (a ``pip install`` line, a table row or a sentence, a
clone, a module's import), and prints what dropping each sub-form would do: reports, correct
ones, false ones and truth entries found lost. On the held-out half only these totals are
printed. With ``--list`` (tuning half only) each report is printed, right or false, with its
section's headings and its line, to read what separates them:

    .venv/bin/python bench/scan_pkg_guides.py --cache DIR [--half tuning|held_out] [--list]

``DIR`` holds one scan per repo as ``bench/heldout.py --cache`` keeps them (``<set>/<repo>.json``,
the reports as ``scan_eval.scanned`` gives them); a repo without one is scanned here.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scan_eval  # its folder is put on the path first
from scan_pkg_forms import DATA

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

Report = tuple[str, tuple[str, ...], str, str]
_EVIDENCE = re.compile(
    r"(pip install|listed|requirements file in a guide|cloned|built from|table|import of|"
    r"the script|the build runs|find_package)"
)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)")
_FENCE = re.compile(r"^\s*(?:```|~~~)")


def headings(words: list[str], upto: int) -> list[str]:
    """The Markdown headings above line ``upto`` (1-based), outside code blocks, innermost
    last (a deeper heading replaces the one at its level and below)."""
    path: list[tuple[int, str]] = []
    fenced = False
    for line in words[: max(upto - 1, 0)]:
        if _FENCE.match(line):
            fenced = not fenced
            continue
        heading = None if fenced else _HEADING.match(line)
        if heading is not None:
            level = len(heading.group(1))
            path = [(n, t) for n, t in path if n < level] + [(level, heading.group(2))]
    return [t for _, t in path]


def form(path: str) -> str:
    """The form of the file a report cites, "" for a manifest, a requirements list or code."""
    lower = path.lower()
    name = lower.rsplit("/", 1)[-1]
    if lower.startswith((".github/", ".gitlab", ".ci/", "ci/")) or "jenkins" in lower:
        return "ci"
    if "dockerfile" in name:
        return "docker"
    if name.endswith((".sh", ".bash")) or name == "makefile":
        return "script"
    if name.endswith((".md", ".rst", ".mdx")):
        if "/" not in lower:
            return "guide-top"
        return "guide-docs" if lower.startswith(("docs/", "doc/")) else "guide-sub"
    return ""


def sub_form(report: Report) -> str:
    """``form:evidence`` of a python_package report of a guide, script, image or CI file."""
    subject, places, _, text = report
    where = form(places[0].rsplit(":", 1)[0]) if places else ""
    if scan_eval.kind(subject) != "python_package" or not where:
        return ""
    evidence = _EVIDENCE.match(text)
    return f"{where}:{evidence.group(1) if evidence else 'prose'}"


def found_of(cache: Path | None, set_name: str, repo: str, src: Path) -> list[Report]:
    stored = cache / set_name / f"{repo}.json" if cache else None
    if stored is not None and stored.is_file():
        return [(s, tuple(p), spec, t) for s, p, spec, t in json.loads(stored.read_text())]
    return scan_eval.scanned(src / set_name / repo)


def _python(counts: dict[str, Counter[str]]) -> Counter[str]:
    return counts.get("python_package", Counter())


def drops(truth: dict[str, Any], found: list[Report], tally: dict[str, Counter[str]]) -> None:
    """Add to ``tally`` what dropping each sub-form of ``found`` does to the repo's counts."""
    before = _python(scan_eval.score_repo(truth, found)[0])
    forms = {sub_form(r) for r in found} - {""}
    for name in sorted(forms | {f"{f.split(':')[0]}:all" for f in forms}):
        whole = name.endswith(":all")
        kept = [
            r
            for r in found
            if not (sub_form(r).startswith(name[:-3]) if whole else sub_form(r) == name)
            or not sub_form(r)
        ]
        after = _python(scan_eval.score_repo(truth, kept)[0])
        for key in ("tool", "correct", "found"):
            tally[name][key] += before[key] - after[key]


def listing(root: Path, truth: dict[str, Any], found: list[Report]) -> list[str]:
    """Each guide, script, image or CI report of one tuning repo: right or false, where, its
    headings and its line."""
    _, missed = scan_eval.score_repo(truth, found)
    false = Counter(line.split()[2] + " " + line.rsplit(None, 1)[-1] for line in missed)
    lines = []
    for subject, places, spec, text in found:
        name = sub_form((subject, places, spec, text))
        if not name:
            continue
        key = f"{subject} {places[0]}"
        right = false[key] == 0
        false[key] -= 0 if right else 1
        path, _, number = places[0].rpartition(":")
        words = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
        shown = words[int(number) - 1].strip()[:120] if number.isdigit() and words else ""
        heads = headings(words, int(number or 0))
        mark = "ok   " if right else "FALSE"
        lines.append(f"  {mark} {name:22} {places[0]}  {subject} {spec}")
        lines.append(f"        {' > '.join(h[:40] for h in heads[-3:])} | {shown}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=Path("/work/eval/src"))
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--cache", type=Path, help="scans kept by bench/heldout.py --cache")
    parser.add_argument("--half", choices=("tuning", "held_out"), default="tuning")
    parser.add_argument("--list", action="store_true", help="each report (tuning half only)")
    args = parser.parse_args()
    if args.list and args.half != "tuning":
        parser.error("--list reads the tuning half only")
    split = tomllib.loads((args.data / "heldout.toml").read_text(encoding="utf-8"))
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    for entry in split["scan"]:
        for repo in entry[args.half]:
            truth_file = args.data / entry["set"] / "truth" / f"{repo}.toml"
            if not truth_file.is_file() or not (args.src / entry["set"] / repo).is_dir():
                continue
            truth = tomllib.loads(truth_file.read_text(encoding="utf-8"))
            found = found_of(args.cache, entry["set"], repo, args.src)
            drops(truth, found, tally)
            if args.list:
                shown = listing(args.src / entry["set"] / repo, truth, found)
                print(f"{entry['set']}/{repo}", *shown, sep="\n")
    print(f"{args.half}: dropping each sub-form of python_package report")
    for name, counts in sorted(tally.items()):
        lost = counts["correct"]
        print(
            f"  {name:28} reports {counts['tool']:4}  correct {lost:4}  "
            f"false {counts['tool'] - lost:4}  found lost {counts['found']:4}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
