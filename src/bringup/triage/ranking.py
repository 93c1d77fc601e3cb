"""From matched signatures to ranked diagnoses.

Order, strongest first:
1. what the snapshot confirms (every ``when`` condition holds) ranks above what it cannot
   judge, which ranks above what it contradicts;
2. catch-all signatures (``generic``, such as "NPU function error ... error code is N"), and
   signatures found only through a symptom that other causes share, rank below every
   signature found through its own patterns; a symptom is lifted when one of the signature's
   ``context`` patterns occurs in the log (the log itself says which cause it is);
3. a signature that ``outranks`` another one also found in the log ranks above it (a warning
   that names the cause before the error it leads to);
4. context: a signature whose context patterns occur in the log ranks above one whose do not;
5. specificity: the literal characters of the most specific pattern that matched;
6. tie-break in the order experts check: versions, then environment, then hardware, then
   code; then the earliest line.
The score encodes 1-5 so that each step outweighs all the steps below it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Optional

from bringup.model.diagnosis import CauseKind, Confirmation, Diagnosis
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.triage.predicates import PREDICATES, PredicateArg
from bringup.triage.scanner import ScanResult, SignatureHits
from bringup.triage.signatures import Signature, SignatureSet
from bringup.triage.templates import render

KIND_ORDER: tuple[CauseKind, ...] = ("version", "environment", "hardware", "code")
CONFIRMATION_WEIGHT = {"confirmed": 1000, "unknown": 0, "contradicted": -1000}
GENERIC_PENALTY = 300
SYMPTOM_PENALTY = 300
OUTRANK_BONUS = 150
CONTEXT_BONUS = 70
SPECIFICITY_CAP = 60


def rank(
    result: ScanResult,
    catalogue: SignatureSet,
    snapshot: Optional[Snapshot] = None,
    top: Optional[int] = None,
) -> list[Diagnosis]:
    """Diagnoses for the signatures ``result`` found, best first, at most ``top``."""
    found = {sid: catalogue.by_id(sid) for sid in result.hits}
    diagnoses = []
    for signature_id, hits in result.hits.items():
        signature = found[signature_id]
        if signature is None:
            continue
        confirmation, facts = _confirm(signature, hits.captures, snapshot)
        outranked = sum(1 for other in signature.record.outranks if other in result.hits)
        in_context = result.context.get(signature_id, 0) > 0
        score = (
            CONFIRMATION_WEIGHT[confirmation]
            - (GENERIC_PENALTY if signature.record.generic else 0)
            - (SYMPTOM_PENALTY if not hits.direct and not in_context else 0)
            + OUTRANK_BONUS * outranked
            + (CONTEXT_BONUS if in_context else 0)
            + min(hits.specificity, SPECIFICITY_CAP)
        )
        diagnoses.append(
            _diagnosis(
                signature,
                hits,
                catalogue=catalogue,
                snapshot=snapshot,
                confirmation=confirmation,
                facts=facts,
                score=float(score),
            )
        )
    diagnoses.sort(
        key=lambda d: (-d.score, KIND_ORDER.index(d.kind), d.evidence[0].line if d.evidence else 0)
    )
    return diagnoses if top is None else diagnoses[:top]


def _confirm(
    signature: Signature, captures: Mapping[str, str], snapshot: Optional[Snapshot]
) -> tuple[Confirmation, tuple[Fact, ...]]:
    """What the snapshot says about every ``when`` condition, and the facts it read."""
    if snapshot is None or not signature.record.when:
        return "unknown", ()
    outcomes: list[Optional[bool]] = []
    facts: list[Fact] = []
    for name, raw in signature.record.when.items():
        arg = _bind(raw, captures)
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


def _bind(raw: PredicateArg, captures: Mapping[str, str]) -> Optional[PredicateArg]:
    """The predicate argument with ``{group}`` replaced by captured values; None if one is
    missing from this log."""
    if not isinstance(raw, str):
        return raw
    missing = [name for name in re.findall(r"\{([^{}]*)\}", raw) if name not in captures]
    if missing:
        return None
    return re.sub(r"\{([^{}]*)\}", lambda m: captures[m.group(1)], raw)


def _diagnosis(
    signature: Signature,
    hits: SignatureHits,
    *,
    catalogue: SignatureSet,
    snapshot: Optional[Snapshot],
    confirmation: Confirmation,
    facts: tuple[Fact, ...],
    score: float,
) -> Diagnosis:
    def fact_value(key: str) -> Optional[str]:
        value = snapshot.value(key) if snapshot is not None else None
        return None if value is None else str(value)

    record = signature.record
    return Diagnosis(
        signature_id=record.id,
        title=record.title,
        layer=record.layer,
        kind=record.kind,
        cause=render(record.cause, hits.captures, fact_value, catalogue.tables),
        fix=render(record.fix, hits.captures, fact_value, catalogue.tables),
        source=record.source,
        evidence=tuple(hits.evidence),
        matches=hits.matches,
        score=score,
        confirmation=confirmation,
        confirmed_by=facts,
        captures=dict(hits.captures),
        see_also=tuple(record.see_also),
    )
