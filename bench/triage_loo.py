"""Triage scored as if no entry had been written from the log's own thread (leave own out).

Many catalogue entries were written from a tuning case's thread: the entry cites it (``source``,
``see_also``, or the comment above the entry), and on that case the tool is right because it has
seen the wording. On the held-out half it has not. This bench scores every case of the wanted
half with the entries that cite the case's own thread taken out, a proxy for "a wording nobody
signed" with the whole tuning half to learn from: a rule that helps here helps because it reads
a class, not because it was written from the case.

An entry is taken out of one case only, its hits dropped before ranking (so what it outranked
ranks as it would without it) and its diagnoses dropped after (the fallback's rules too). Codes
and the vendors' catalogues cite no threads and stay. Threads compare as in the corpora's own
test: scheme, query, fragment and a trailing slash aside, lower case; ``OWNER/REPO#N`` in a
comment is that repository's issue or pull request N; a GitHub ``blob`` URL is its repository's
path at any commit.

    PYTHONPATH=WORKTREE/src python bench/triage_loo.py [--data WORKTREE/tests/data]
        [--held-out] [--misses] [--moved]

By default only the TUNING half is scored (its cases, misses and moves may be read); with
``--held-out`` the held-out half's TOTALS are printed beside it, never a case.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import heldout
from triage_eval import judge

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

_URL = re.compile(r"https?://[^\s\"'<>)`\]]+")
_SHORT_REF = re.compile(r"(?<![\w/.-])([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)#([0-9]+)\b")
_HEADER = re.compile(r"^\[\[[a-z_.]+\]\][ \t]*$", re.MULTILINE)
_ID = re.compile(r'^id\s*=\s*"([^"]+)"', re.MULTILINE)
_BLOB = re.compile(r"^(github\.com/[^/]+/[^/]+)/(?:blob|tree|raw)/[^/]+/(.+)$")


def thread(url: str) -> str:
    """A URL reduced to the thread it names (``""`` for text that only looks like one)."""
    try:
        parts = urlsplit(url.rstrip(".,;:"))
    except ValueError:
        return ""
    key = (parts.netloc + parts.path).rstrip("/").lower()
    key = re.sub(r"^www\.", "", key)
    blob = _BLOB.match(key)
    if blob:
        return f"{blob.group(1)}/*/{blob.group(2)}"
    issue = re.match(r"^(github\.com/[^/]+/[^/]+)/(?:issues|pull)/([0-9]+)", key)
    if issue:
        return f"{issue.group(1)}/#{issue.group(2)}"
    return key


def threads_in(text: str) -> set[str]:
    """Every thread a piece of catalogue text cites, as URL or as ``OWNER/REPO#N``."""
    found = {thread(url) for url in _URL.findall(text)}
    found.update(
        f"github.com/{repo.lower()}/#{number}" for repo, number in _SHORT_REF.findall(text)
    )
    found.discard("")
    return found


def _trailing_comments(chunk: str) -> str:
    """The comment block a chunk ends in (blank lines after it aside): the prose right above
    the next entry's header, not a file's preamble a blank line parts from it."""
    lines = chunk.rstrip().split("\n")
    kept: list[str] = []
    for line in reversed(lines):
        if not line.lstrip().startswith("#"):
            break
        kept.append(line)
    return "\n".join(reversed(kept))


def entry_threads(kb_data: Path) -> dict[str, set[str]]:
    """Each catalogue entry's id with the threads its text and the comment above it cite."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sorted(kb_data.rglob("*.toml")):
        text = path.read_text(encoding="utf-8")
        chunks = _HEADER.split(text)
        for before, body in zip(chunks, chunks[1:]):
            above = _trailing_comments(before)
            own = body.rstrip()[: len(body.rstrip()) - len(_trailing_comments(body))]
            match = _ID.search(own)
            if match:
                cited[match.group(1)] |= threads_in(above + "\n" + own)
    return dict(cited)


def by_thread(cited: dict[str, set[str]]) -> dict[str, set[str]]:
    """Thread → the ids of the entries that cite it."""
    index: dict[str, set[str]] = defaultdict(set)
    for entry_id, threads in cited.items():
        for name in threads:
            index[name].add(entry_id)
    return dict(index)


def explain_without(log: bytes, left_out: set[str]) -> list:  # type: ignore[type-arg]
    """The diagnoses of ``log`` with the entries ``left_out`` taken out of the catalogue."""
    from bringup.triage.explain import builtin_matcher, scan_log
    from bringup.triage.ranking import rank

    matcher = builtin_matcher()
    result = scan_log(log, matcher=matcher)
    if left_out:
        result = replace(
            result,
            hits={k: v for k, v in result.hits.items() if k not in left_out},
            context={k: v for k, v in result.context.items() if k not in left_out},
        )
    return [d for d in rank(result, matcher.catalogue) if d.signature_id not in left_out]


def score(
    data: Path, halves: set[str], misses: bool, moved: bool, unsigned: bool = False
) -> dict[str, Counter[str]]:
    """Each half's counts with own entries left out (and as it is, for the moves); with
    ``unsigned`` every specific signature is left out of every case."""
    from bringup.triage import explain_text
    from bringup.triage.retired import current_id
    from bringup.triage.signatures import BUILTIN_DIR
    from triage_eval import explain_unsigned

    index = by_thread(entry_threads(BUILTIN_DIR.parent))
    counts: dict[str, Counter[str]] = {half: Counter() for half in halves}
    split = heldout.load_split(data / "heldout.toml")
    for corpus in split["triage"]["corpora"]:
        name = corpus["name"]
        cases_file = data / name / "cases.toml"
        if not cases_file.is_file():
            continue
        for case in tomllib.loads(cases_file.read_text(encoding="utf-8"))["case"]:
            half = heldout.triage_half(case["file"])
            if half not in halves:
                continue
            expected = {current_id(item) for item in case["expected"]}
            left_out = index.get(thread(case["source"]), set())
            log = (data / name / case["file"]).read_bytes()
            diagnoses = explain_unsigned(log) if unsigned else explain_without(log, left_out)
            outcome = judge(expected, case["layer"], diagnoses)
            tally = counts[half]
            tally.update(
                cases=1,
                own=bool(left_out),
                cause=outcome.cause,
                layer=outcome.layer,
                wrong=outcome.wrong,
                layer_wrong=outcome.layer_wrong,
            )
            if left_out:
                before = judge(expected, case["layer"], explain_text(log))
                tally.update(
                    own_cause_before=before.cause,
                    own_layer_before=before.layer,
                    own_cause=outcome.cause,
                    own_layer=outcome.layer,
                )
                if (
                    moved
                    and half == "tuning"
                    and (before.cause, before.layer)
                    != (
                        outcome.cause,
                        outcome.layer,
                    )
                ):
                    print(
                        f"  moved {name}/{case['file']}: left out {sorted(left_out)}"
                        f" cause {before.cause}->{outcome.cause}"
                        f" layer {before.layer}->{outcome.layer}"
                    )
            if misses and half == "tuning" and not (outcome.cause and outcome.layer):
                got = [d.signature_id for d in diagnoses[:3]]
                layer = diagnoses[0].layer if diagnoses else None
                print(
                    f"  {'layer' if outcome.cause else 'MISS '} {name}/{case['file']}"
                    f" expected {sorted(expected) or '[]'} layer {case['layer']}"
                    f"\n        got {got or '[]'} layer {layer}"
                    + (f" (left out {sorted(left_out)})" if left_out else "")
                )
    return counts


def _line(half: str, tally: Counter[str]) -> str:
    cases = tally["cases"] or 1
    own = tally["own"]
    return (
        f"{half} leave-own-out: cause {tally['cause']}/{tally['cases']} = "
        f"{tally['cause'] / cases:.1%}, layer {tally['layer']}/{tally['cases']} = "
        f"{tally['layer'] / cases:.1%}, wrong {tally['wrong']}, layer wrong "
        f"{tally['layer_wrong']}; {own} cases cite-own (cause {tally['own_cause_before']} -> "
        f"{tally['own_cause']}, layer {tally['own_layer_before']} -> {tally['own_layer']})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=heldout.DATA)
    parser.add_argument("--held-out", action="store_true", help="add the held-out half's totals")
    parser.add_argument("--misses", action="store_true", help="list the tuning half's misses")
    parser.add_argument(
        "--moved", action="store_true", help="list the tuning cases leaving own out moved"
    )
    parser.add_argument(
        "--unsigned",
        action="store_true",
        help="leave out every specific signature (catch-alls, codes and the fallback read)",
    )
    args = parser.parse_args()
    halves = {"tuning", "held_out"} if args.held_out else {"tuning"}
    counts = score(args.data, halves, args.misses, args.moved, args.unsigned)
    mode = "unsigned" if args.unsigned else "leave-own-out"
    for half in ("tuning", "held_out"):
        if half in counts:
            print(_line(half, counts[half]).replace("leave-own-out", mode))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
