"""Where the fallback's readings of a log (its codes, the classes a line states) rank beside
the signatures found (``ranking``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage import tiers
from bringup.triage.findings import STATED_PREFIX
from bringup.triage.signatures import Signature, SignatureSet
from bringup.triage.vendors import vendor_of

NAMED_CODE_SCORE = tiers.NAMED_CODE_SCORE


def not_signed(extra: list[Diagnosis], signed: list[Diagnosis]) -> list[Diagnosis]:
    """The fallback's diagnoses but those of a line a signature already explains; a code
    known exactly stays unless that signature captured the code itself (its meaning says
    more than a catch-all signature that only matched the line), and a code told as the
    signature or class its meaning is (``same_as``) stays: it names the cause; and so does a
    class the line states (``STATED_PREFIX``): the catch-all or the vendor's fault read a
    keyword of that line, the class the reason it gives (``stated_over_knowledge``)."""
    captured: dict[int, set[str]] = {}
    for diagnosis in signed:
        for evidence in diagnosis.evidence:
            captured.setdefault(evidence.line, set()).update(diagnosis.captures.values())
    kept = []
    for d in extra:
        values = captured.get(d.evidence[0].line)
        exact = d.score == tiers.FALLBACK_SCORES["code"]
        named = not d.signature_id.startswith("code.")
        stated = d.signature_id.startswith(STATED_PREFIX)
        if values is None or stated or (exact and (named or d.captures.get("code") not in values)):
            kept.append(d)
    return kept


def named_codes(extra: list[Diagnosis], catalogue: SignatureSet) -> list[Diagnosis]:
    """``extra`` with each code told as one of bringup's own signatures (the code's documented
    meaning is that signature's cause: ``same_as``) ranked as that signature found directly, at
    the lowest score such a one gets: the vendor's code names the cause as surely as the
    signature's own wording would, so it ranks above the vendor fault knowledge and the
    catch-alls that matched the code's line, not between them."""
    return [
        msgspec.structs.replace(d, score=NAMED_CODE_SCORE)
        if d.score == tiers.FALLBACK_SCORES["code"] and specific(catalogue.by_id(d.signature_id))
        else d
        for d in extra
    ]


def told_as_own(
    extra: list[Diagnosis], catalogue: SignatureSet, signed: Sequence[Diagnosis]
) -> list[Diagnosis]:
    """The codes of ``extra`` told as one of bringup's own signatures (``named_codes``),
    ranked as that signature found directly, that are not of a failure a specific signature
    of ``signed`` already explains (their lines within ``tiers.SAME_FAILURE`` of its evidence)."""
    near = {
        evidence.line + offset
        for d in signed
        for evidence in d.evidence
        for offset in range(-tiers.SAME_FAILURE, tiers.SAME_FAILURE + 1)
    }
    named = named_codes(extra, catalogue)
    return [
        d
        for d, was in zip(named, extra)
        if d is not was and not near.intersection(e.line for e in d.evidence)
    ]


def told_or_apart(
    extra: list[Diagnosis], catalogue: SignatureSet, signed: Sequence[Diagnosis]
) -> list[Diagnosis]:
    """The codes of ``extra`` told as own signatures (``told_as_own``), then those of another
    device kind's failure (``codes_apart``) not among them."""
    told = told_as_own(extra, catalogue, signed)
    ids = {d.signature_id for d in told}
    return [*told, *(d for d in codes_apart(extra, signed) if d.signature_id not in ids)]


def codes_apart(extra: list[Diagnosis], signed: Sequence[Diagnosis]) -> list[Diagnosis]:
    """The codes of ``extra`` (``code.*``: a vendor's documented code) of another device kind's
    failure than the specific signatures of ``signed`` explain (a vendor none of them is of,
    their lines beyond ``tiers.SAME_FAILURE`` of its evidence): a failure of another kind pasted
    into the same file keeps the codes it gets on its own (outsider47 D3: a CUDA fault glued
    above an NPU log took 207001 from the NPU's lines)."""
    near = {
        evidence.line + offset
        for d in signed
        for evidence in d.evidence
        for offset in range(-tiers.SAME_FAILURE, tiers.SAME_FAILURE + 1)
    }
    kinds = {vendor_of(d.signature_id) for d in signed}
    return [
        d
        for d in extra
        if d.signature_id.startswith("code.")
        and vendor_of(d.signature_id) not in kinds
        and not near.intersection(e.line for e in d.evidence)
    ]


def first_report_over_inner_codes(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """``diagnoses`` with a code known by its family or module only (``family`` tier: the
    driver's DRV_ERROR_NO_PROCESS under aclrtGetDeviceInfo's 507899) ranked below each report
    of a code in the same layer printed before it: the first failure in time, over the inner
    detail printed after it (issue 15)."""
    reports = [(d.evidence[0].line, d.layer, d.score) for d in diagnoses if "code" in d.captures]
    ranked = []
    for d in diagnoses:
        inner = d.score == tiers.FALLBACK_SCORES["family"] and d.signature_id.startswith("code.")
        line = d.evidence[0].line if d.evidence else 0
        earlier = [score for at, layer, score in reports if at < line and layer == d.layer]
        below = min(d.score, min(earlier) - 1) if inner and earlier else d.score
        ranked.append(msgspec.structs.replace(d, score=below) if below != d.score else d)
    return ranked


def stated_over_knowledge(diagnoses: list[Diagnosis], knowledge: set[str]) -> list[Diagnosis]:
    """``diagnoses`` with the vendors' knowledge ranked below the cause class the log states
    (``class.*``: the fallback's class rules, and a code told as its class) when it read
    another message: a FaultDiag fault or a FAQ entry found by a keyword of the line where the
    failure surfaced (an errno, "Inner Error", the advice printed under every asynchronous
    failure) says where, the class's line says why (the operator's check: "The dtype of x is
    not supported"), which a reader reads first. A fault that read the class's own message
    (its line, or one ``tiers.SAME_FAILURE`` lines around it: "Tensor scale not implemented for
    DT_FLOAT16," / "should be in dtype support list") explains that refusal in the vendor's
    words and keeps its rank (the class gives way to it on a shared line: ``onepercause``)."""
    stated = [d for d in diagnoses if d.signature_id.startswith(STATED_PREFIX)]
    if not stated:
        return diagnoses
    below = max(d.score for d in stated) - 1
    said = {
        evidence.line + offset
        for d in stated
        for evidence in d.evidence
        for offset in range(-tiers.SAME_FAILURE, tiers.SAME_FAILURE + 1)
    }
    return [
        msgspec.structs.replace(d, score=min(d.score, below))
        if d.signature_id in knowledge and not said.intersection(e.line for e in d.evidence)
        else d
        for d in diagnoses
    ]


def specific(signature: Optional[Signature]) -> bool:
    """One of bringup's own signatures, not a catch-all."""
    return signature is not None and signature.tier == "signature" and not signature.record.generic
