"""The operator an Ascend log names, said in the answer that sends the reader to find it.

torch_npu names the operator whose call failed: "call aclnnSparseFlashAttention failed"
(OpParamMaker.cpp, vllm-project/vllm-ascend#11531) and "the current working operator name is
RopeOperation" (vllm-project/vllm-ascend#8494). An operator-execution diagnosis of the
Ascend stack that tells the reader to find the failing operator in the plog says which one the
log already names (outsider47 D5); one that names it already is left as it is."""

from __future__ import annotations

import re
from typing import Optional

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis
from bringup.triage.vendors import vendor_of

CALLED = re.compile(
    r"\bcall (aclnn[A-Z]\w{0,120}) failed\b"
    r"|\bcurrent working operator name is (\w{1,120})"
)


def operator_named(diagnoses: list[Diagnosis]) -> Optional[str]:
    """The first operator the evidence of ``diagnoses`` names as the one whose call failed."""
    for diagnosis in diagnoses:
        for evidence in diagnosis.evidence:
            found = CALLED.search(evidence.text)
            if found:
                return found.group(1) or found.group(2)
    return None


def said(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """``diagnoses`` with the operator the log names added to each Ascend operator-execution
    diagnosis that does not name it."""
    name = operator_named(diagnoses)
    if name is None:
        return diagnoses
    return [
        msgspec.structs.replace(d, cause=f"{d.cause} The log names the operator: {name}.")
        if _sends_to_find(d, name)
        else d
        for d in diagnoses
    ]


def _sends_to_find(diagnosis: Diagnosis, name: str) -> bool:
    return (
        diagnosis.layer == KERNEL_LAYER
        and vendor_of(diagnosis.signature_id) == "ascend"
        and name not in diagnosis.cause
        and name not in diagnosis.fix
    )
