"""How many triage cases moved between two ``bringup`` source trees, in totals only.

A change that fixes five logs and breaks five others leaves every total of ``heldout.py`` as it
was; one that only lowers the confidence a code is told with lowers the "wrong" count without
changing an answer. Both show here: each case's state (right, wrong, generic: a place-only
answer, or none; its first id, confidence and whether its layer is right) is taken under each
tree, and the moves between them are counted: ``generic->wrong``, ``right->wrong``, ``wrong->
other wrong`` (another wrong id), ``confidence only`` (the same id told with another
confidence), ``layer right->wrong`` and the reverse. "wrong" is the strict count's
(``triage_eval.names_a_cause(strict=True)``).

The reference tree's states come from a child process (this file run with ``PYTHONPATH`` set to
that tree's ``src``) through a pipe, never a file, and only their totals are printed: the
held-out half's cases are never shown.

    PYTHONPATH=WORKTREE/src python bench/heldout.py --part triage --against REF/src [--tuning]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

State = list[Any]
"""[kind, first id, its confidence, layer right]: kind one of right, wrong, generic, none."""


def case_state(outcome: Any, diagnoses: Sequence[Any]) -> State:
    """One case's state from ``triage_eval.judge``'s outcome and the diagnoses it judged."""
    if outcome.cause:
        kind = "right"
    elif outcome.wrong_strict:
        kind = "wrong"
    else:
        kind = "generic" if diagnoses else "none"
    first = diagnoses[0] if diagnoses else None
    return [
        kind,
        first.signature_id if first else "",
        first.confidence if first else "",
        bool(outcome.layer),
    ]


def moves(before: dict[str, State], after: dict[str, State], half: str) -> Counter[str]:
    """The moves of ``half``'s cases from ``before`` to ``after`` (a case missing from
    ``before``, a corpus new since the reference, is counted ``new``)."""
    counted: Counter[str] = Counter()
    for key, now in after.items():
        if not key.startswith(f"{half}/"):
            continue
        was = before.get(key)
        if was is None:
            counted["new"] += 1
            continue
        if was[0] != now[0]:
            counted[f"{was[0]}->{now[0]}"] += 1
        elif was[0] == "wrong" and was[1] != now[1]:
            counted["wrong->other wrong"] += 1
        elif was[1] == now[1] and was[2] != now[2]:
            counted[f"confidence only ({was[2]}->{now[2]})"] += 1
        if was[3] != now[3]:
            counted["layer wrong->right" if now[3] else "layer right->wrong"] += 1
    return counted


def moves_line(
    half: str, reference: Path, before: dict[str, State], after: dict[str, State]
) -> str:
    """The totals of one half's moves, on one line."""
    counted = moves(before, after, half)
    listed = ", ".join(f"{name} {n}" for name, n in sorted(counted.items())) or "nothing moved"
    return f"{half:8} triage moves from {reference}: {listed}"


def reference_states(src: Path, split: Path, data: Path, halves: list[str]) -> dict[str, State]:
    """Each case's state under the ``bringup`` of ``src``, from a child process."""
    child = [sys.executable, str(Path(__file__).resolve()), "--split", str(split)]
    child += ["--data", str(data), *halves]
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    done = subprocess.run(child, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the reference tree {src} could not score the cases:\n{done.stderr}")
    states: dict[str, State] = json.loads(done.stdout)
    return states


def main() -> int:
    """The child: every state of the named halves, as JSON on stdout."""
    import heldout

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", type=Path, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("halves", nargs="+", choices=["held_out", "tuning"])
    args = parser.parse_args()
    halves = {half: heldout.Tally() for half in args.halves}
    states: dict[str, State] = {}
    heldout.score_triage(heldout.load_split(args.split), args.data, halves, None, states)
    json.dump(states, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
