"""What a snapshot says of a signature's ``when`` conditions: each names a predicate
(``bringup.triage.predicates``) and its argument, in which ``{group}`` stands for what the
signature's pattern captured in this log. All hold: confirmed; one fails: contradicted; else
unknown (a condition on a value this log did not capture is not judged)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Optional

from bringup.model.diagnosis import Confirmation
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.triage.predicates import PREDICATES, PredicateArg
from bringup.triage.signatures import Signature


def confirm(
    signature: Signature, captures: Mapping[str, str], snapshot: Optional[Snapshot]
) -> tuple[Confirmation, tuple[Fact, ...]]:
    """What the snapshot says about every ``when`` condition, and the facts it read."""
    if snapshot is None or not signature.record.when:
        return "unknown", ()
    outcomes: list[Optional[bool]] = []
    facts: list[Fact] = []
    for name, raw in signature.record.when.items():
        arg = bind(raw, captures)
        if arg is None:
            outcomes.append(None)
            continue
        holds, used = PREDICATES[name].check(snapshot, arg)
        outcomes.append(holds)
        facts.extend(used)
    if any(outcome is False for outcome in outcomes):
        return "contradicted", tuple(facts)
    if outcomes and all(outcome is True for outcome in outcomes):
        return "confirmed", tuple(facts)
    return "unknown", tuple(facts)


def bind(raw: PredicateArg, captures: Mapping[str, str]) -> Optional[PredicateArg]:
    """The predicate argument with ``{group}`` replaced by captured values; None if one is
    missing from this log."""
    if not isinstance(raw, str):
        return raw
    missing = [name for name in re.findall(r"\{([^{}]*)\}", raw) if name not in captures]
    if missing:
        return None
    return re.sub(r"\{([^{}]*)\}", lambda m: captures[m.group(1)], raw)
