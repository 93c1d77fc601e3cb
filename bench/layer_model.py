"""An experiment (lay32, issue 15): can a small learned layer reading, trained only on labelled
logs outside the held-out half, place a failure's layer where the hand-written evidence is
weakest (a generic top-1 diagnosis) better than the hand-written rules do?

The model is a multinomial naive Bayes over the six layers (add-one smoothing, priors from the
logs per layer), over the words of a log's failure: the words of the lines the scan found as
failures (failure lines, the lines of its codes and line rules, the exceptions' messages, the
first diagnoses' evidence), the exception's type (``exc:``), the packages of its frames
(``pkg:``) and the codes' catalogues and families (``code:``), each word once per log.

Training logs: every triage corpus's cases with a ``layer`` (``tests/data/triage*/cases.toml``,
the log beside it or in its ``logs/``), but in a corpus the split names
(``tests/data/heldout.toml``) only the tuning half (odd case ids): a held-out case's log is never
opened. ``cv`` reads each corpus's logs by a model counted from the other corpora only
(leave-one-corpus-out) and sets it against the rules' top-1 layer on the same logs, alone and
combined (the model's layer over a generic top-1 diagnosis's when its margin, the natural log of
the odds over the next layer, is at least M).

    PYTHONPATH=src python bench/layer_model.py cv [--rows ROWS.json] [--min-logs N]

(give it a private ``BRINGUP_CACHE_DIR`` where several run at once).

Result at main 3fd25224 (742 logs of 33 corpora): NO. The rules' top-1 layer 669/742 (90.2 %,
in-sample: they were tuned on these logs); the model alone 530/742 (71.4 %); over the 376 generic
top-1 diagnoses the rules 321, the model 236; combined, at every margin from 0 to 8 the model's
overrides break more than they fix (margin 4: 0 fixed, 16 broken; 8: 0, 4). A logistic model,
per-word margins, whole-log words and the rules' layer as a feature fared no better. Wired into
the ranking as a probe, the held-out layer went 296 -> 292 at margin 4 (7 right, 11 wrong moves)
and stayed 296 at margin 8 (5 and 5).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))

from heldout import load_split, triage_half

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
GENERIC_BELOW = -150.0
"""A top-1 diagnosis scored below the vendors' knowledge (``tiers.KNOWLEDGE_FROM``) is generic:
a catch-all, a code, a class of failure, an exception type, a failure line's words."""
MARGINS = (0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{2,23}")
_STOP = frozenset(
    {
        *("the", "and", "for", "with", "from", "that", "this", "not", "are", "was", "has"),
        *("have", "but", "you", "your", "can", "will", "its", "into", "line", "file", "error"),
        *("failed", "failure"),
    }
)
"""Words every failure line says."""
MAX_TEXT = 600
"""The characters of one line read: a wrapped paste's 50 KB line says no more than its start."""


def training_cases(data: Path = DATA) -> list[tuple[str, str, str, Path]]:
    """(corpus, file, layer, log path) of every labelled case outside the held-out half; the
    split is applied to the case's id before its path is formed."""
    split = {c["name"] for c in load_split(data / "heldout.toml")["triage"]["corpora"]}
    found = []
    for cases_file in sorted(data.glob("triage*/cases.toml")):
        corpus = cases_file.parent.name
        for case in tomllib.loads(cases_file.read_text(encoding="utf-8")).get("case", []):
            if "layer" not in case:
                continue
            if corpus in split and triage_half(case["file"]) != "tuning":
                continue
            log = cases_file.parent / case["file"]
            if not log.is_file():
                log = cases_file.parent / "logs" / case["file"]
            found.append((corpus, case["file"], case["layer"], log))
    return found


def words(text: str) -> set[str]:
    """The lower-cased words of one line, less the stop words."""
    return {w.lower() for w in _WORD.findall(text[:MAX_TEXT])} - _STOP


def log_words(findings: Any, diagnoses: Sequence[Any]) -> list[str]:
    """The words of a log's failure (the module's docstring), sorted."""
    found: set[str] = set()
    texts = [f.text for f in findings.failures]
    texts.extend(line.text for line in findings.lines.values())
    for sighting in findings.codes.values():
        texts.append(sighting.text)
        found.add(f"code:{sighting.catalogue}")
        found.add(f"code:{sighting.catalogue}:{sighting.value[:2].lower()}")
    for exception in findings.all_exceptions():
        texts.append(exception.message)
        found.add("exc:" + exception.name.rsplit(".", 1)[-1].lower())
        found.update("pkg:" + package.lower() for package in exception.packages if package)
    texts.extend(e.text for d in diagnoses[:3] for e in d.evidence[:2])
    for text in texts:
        found.update(words(text))
    return sorted(found)


def extract(data: Path = DATA) -> list[dict[str, Any]]:
    """Each training log's label, the rules' ranking (id, layer, score) and its failure's words."""
    from bringup.triage.explain import builtin_matcher, scan_log
    from bringup.triage.ranking import rank

    matcher = builtin_matcher()
    rows = []
    for corpus, name, layer, log in training_cases(data):
        result = scan_log(log.read_bytes(), matcher=matcher)
        diagnoses = rank(result, matcher.catalogue)
        rows.append(
            {
                "corpus": corpus,
                "file": name,
                "layer": layer,
                "words": log_words(result.findings, diagnoses),
                "ranked": [[d.signature_id, d.layer, d.score] for d in diagnoses[:6]],
            }
        )
    return rows


class Reading(NamedTuple):
    layer: str
    margin: float


class Model:
    """Multinomial naive Bayes: per word, the logs of each layer that have it."""

    def __init__(self, rows: Iterable[Mapping[str, Any]], min_logs: int):
        logs: Counter[str] = Counter()
        seen: dict[str, Counter[str]] = defaultdict(Counter)
        for row in rows:
            logs[row["layer"]] += 1
            for word in row["words"]:
                seen[word][row["layer"]] += 1
        self.words = {w: c for w, c in seen.items() if sum(c.values()) >= min_logs}
        self.layers = sorted(logs)
        total = sum(logs.values())
        self.prior = {layer: math.log(logs[layer] / total) for layer in self.layers}
        sums = {layer: sum(c[layer] for c in self.words.values()) for layer in self.layers}
        self.norm = {layer: math.log(sums[layer] + len(self.words)) for layer in self.layers}

    def read(self, found: Iterable[str]) -> Optional[Reading]:
        """The layer the words point to and its margin over the next; None when none is known."""
        known = [w for w in set(found) if w in self.words]
        if not known:
            return None
        scores = {
            layer: self.prior[layer]
            + sum(math.log(self.words[w][layer] + 1) - self.norm[layer] for w in known)
            for layer in self.layers
        }
        best, second = sorted(self.layers, key=lambda layer: -scores[layer])[:2]
        return Reading(best, scores[best] - scores[second])


def _rules(row: Mapping[str, Any]) -> Optional[str]:
    return row["ranked"][0][1] if row["ranked"] else None


def _generic(row: Mapping[str, Any]) -> bool:
    return not row["ranked"] or row["ranked"][0][2] < GENERIC_BELOW


def readings(rows: list[dict[str, Any]], min_logs: int) -> list[Optional[Reading]]:
    """Each row read by a model of the other corpora's rows."""
    models = {
        corpus: Model((r for r in rows if r["corpus"] != corpus), min_logs)
        for corpus in sorted({r["corpus"] for r in rows})
    }
    return [models[row["corpus"]].read(row["words"]) for row in rows]


def report(rows: list[dict[str, Any]], min_logs: int) -> list[str]:
    """The leave-one-corpus-out figures, as lines."""
    read = readings(rows, min_logs)
    n = len(rows)
    rules = sum(_rules(r) == r["layer"] for r in rows)
    alone = sum(x is not None and x.layer == r["layer"] for r, x in zip(rows, read))
    generic = [(r, x) for r, x in zip(rows, read) if _generic(r)]
    g_rules = sum(_rules(r) == r["layer"] for r, _ in generic)
    g_model = sum(x is not None and x.layer == r["layer"] for r, x in generic)
    lines = [
        f"logs {n}, corpora {len({r['corpus'] for r in rows})}, min_logs {min_logs}",
        f"rules top-1 layer {rules}/{n}; model alone (leave-one-corpus-out) {alone}/{n}",
        f"generic top-1 logs {len(generic)}: rules {g_rules}, model {g_model}",
    ]
    for margin in MARGINS:
        moved: Counter[str] = Counter()
        for row, reading in generic:
            if reading is None or reading.margin < margin or reading.layer == _rules(row):
                continue
            if reading.layer == row["layer"]:
                moved["fixed"] += 1
            elif _rules(row) == row["layer"]:
                moved["broken"] += 1
        total = rules + moved["fixed"] - moved["broken"]
        lines.append(
            f"  combined, margin >= {margin:3.1f}: {total}/{n}"
            f" (fixed {moved['fixed']}, broken {moved['broken']})"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["cv", "extract"])
    parser.add_argument("--rows", type=Path, help="read (extract: write) the rows as JSON here")
    parser.add_argument("--min-logs", type=int, default=3, help="words in fewer logs left out")
    args = parser.parse_args()
    if args.action == "cv" and args.rows is not None and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
    else:
        rows = extract()
    if args.action == "extract":
        (args.rows or Path("layer_rows.json")).write_text(json.dumps(rows), encoding="utf-8")
    else:
        print(*report(rows, args.min_logs), sep="\n")


if __name__ == "__main__":
    main()
