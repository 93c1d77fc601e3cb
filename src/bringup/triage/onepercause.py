"""One diagnosis per cause: what ``bringup.triage.ranking`` leaves out of its ranked list (a
lesser reading of a failure already explained above it, an echo of a code already explained,
a wrapper code beside the code of the call it wraps)."""

from __future__ import annotations

from bringup.model.diagnosis import Diagnosis
from bringup.triage import tiers


def one_per_cause(
    diagnoses: list[Diagnosis], secondary: set[str], generic: set[str]
) -> list[Diagnosis]:
    """Leave out a ``secondary`` (knowledge or fallback) diagnosis whose first evidence line is
    already the evidence of a diagnosis ranked above it (the same failure, explained better);
    an echo of a code already explained above: a ``secondary`` or catch-all (``generic``)
    diagnosis that captured the same code (a runtime's "... error code is N" under the
    catalogued code N); and a wrapper code (a "call <api> failed" code) within a few lines of
    a code another diagnosis captured, ranked above it or not (torch_npu's "ERR00100 PTA call
    acl api failed" under the catch-all "NPU function error: ..., error code is 507899": the
    wrapper says only that the call whose code is there failed); and a vendor's catch-all fault
    below a diagnosis of its layer (``_said_above``)."""
    kept: list[Diagnosis] = []
    covered: set[int] = set()
    codes: set[str] = set()
    code_lines = {
        evidence.line
        for diagnosis in diagnoses
        if "code" in diagnosis.captures and not is_wrapper(diagnosis)
        for evidence in diagnosis.evidence
    }
    for diagnosis in diagnoses:
        lines = {evidence.line for evidence in diagnosis.evidence}
        first = diagnosis.evidence[0].line if diagnosis.evidence else 0
        lesser = diagnosis.signature_id in secondary or diagnosis.signature_id in generic
        code = diagnosis.captures.get("code")
        wrapper = is_wrapper(diagnosis)
        near = range(first - tiers.SAME_FAILURE, first + tiers.SAME_FAILURE + 1)
        if diagnosis.signature_id in secondary and first in covered:
            continue
        if _said_above(diagnosis, secondary, generic, kept):
            continue
        if lesser and (code in codes or (wrapper and any(line in code_lines for line in near))):
            continue
        covered |= lines
        if code is not None:
            codes.add(code)
        kept.append(diagnosis)
    return kept


def is_wrapper(diagnosis: Diagnosis) -> bool:
    """A wrapper code's diagnosis: a code that says only that a call failed."""
    return diagnosis.score in (
        tiers.FALLBACK_SCORES["wrapper"],
        tiers.FALLBACK_SCORES["footer"],
    )


def _said_above(
    diagnosis: Diagnosis, secondary: set[str], generic: set[str], above: list[Diagnosis]
) -> bool:
    """Whether ``diagnosis`` is a vendor's catch-all fault (knowledge found by words printed
    under any failure of its kind, ``generic`` and ``secondary``) ranked below a diagnosis of
    its own layer: it names no cause that one has not (outsider47 D3: FaultDiag's "memory-related
    fault pattern", whose English text is a log line's format, under EL0004's own diagnosis)."""
    lesser = diagnosis.signature_id in secondary and diagnosis.signature_id in generic
    return lesser and any(d.layer == diagnosis.layer for d in above)
