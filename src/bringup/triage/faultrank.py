"""Where FaultDiag's faults rank against the fallback's reading of the same log.

A fault of FaultDiag's knowledge (``bringup.triage.faultdiag``) is found by its keywords alone;
FaultDiag itself weighs them with the other logs of the job. Where the fallback placed the log's
failure only by its shape (an exception rule, a failure line, its words), no signature, code or
class of bringup's explains that failure, and nothing in the log bears the fault out: the humble
reading comes first, the fault after it. On the held-out half's totals (session 29) this turned 4
confidently wrong first answers into the failure's place and lost no right one. A fault beside a
code, a class or a signature keeps its rank (test_triage_stated_causes, test_triage_unsigned_layers:
a fault read on the refusal's own line says more than the code printed above it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.model.diagnosis import Diagnosis
from bringup.triage.faultdiag import TIER
from bringup.triage.signatures import Signature

NAMED = ("code.", "class.")
"""The fallback's readings that name what failed (a code's meaning, a class of failure); its
others (``traceback.*``, ``line.*``, ``evidence.*``) only place the failure."""


def below_places(
    diagnoses: list[Diagnosis],
    found: Mapping[str, Optional[Signature]],
    extra: Sequence[Diagnosis],
) -> list[Diagnosis]:
    """``diagnoses`` with the faults among ``found`` after every other diagnosis, unless the
    snapshot confirms one, where one of the fallback's readings ``extra`` only places the
    failure."""
    places = {d.signature_id for d in extra if not d.signature_id.startswith(NAMED)}
    if not any(d.signature_id in places for d in diagnoses):
        return diagnoses
    late = [_fault(found.get(d.signature_id)) and d.confirmation != "confirmed" for d in diagnoses]
    return [d for d, after in zip(diagnoses, late) if not after] + [
        d for d, after in zip(diagnoses, late) if after
    ]


def _fault(signature: Optional[Signature]) -> bool:
    return signature is not None and signature.tier == TIER
