"""A job that hid the devices itself and still failed for want of one: its code's defect.

A reporter who runs a command with the visible-devices variable set empty
(``CUDA_VISIBLE_DEVICES= python3 -c "import flashinfer.gdn_decode"``, flashinfer-ai/flashinfer
#3293; ``CUDA_VISIBLE_DEVICES="" UNSLOTH_ALLOW_CPU=1 python3 -c "import unsloth"``,
unslothai/unsloth#8653) checks that the code works with no device. When the log then fails
because no device is visible, making one visible is not the fix: the code asked for a device
on a path that should not need one (a device queried at import, at module scope), and the fix
is the project's own (both threads above: the query moved behind a guard). The failure stays
where it happened, the device's start-up, told as class.code.project-bug. The command is the
fallback rules' ``devices_hidden`` expression, noted as a mark (``Findings.marks``).
"""

from __future__ import annotations

import re
from typing import Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage.fallbackrules import Rules, builtin_rules
from bringup.triage.findings import Findings

DEVICES_HIDDEN = "devices-hidden"
"""The mark's owner: the job's own command set the visible-devices variable empty."""
PROJECT_BUG = "class.code.project-bug"
_NO_DEVICE = re.compile(
    r"\bNo CUDA GPUs are available\b|\bno (?:CUDA|ROCm)-capable device is detected\b"
)
"""The runtimes' words for "no device is visible": torch's lazy CUDA initialisation
(c10/cuda/CUDAFunctions.cpp, "No CUDA GPUs are available"), cudaErrorNoDevice's ("no
CUDA-capable device is detected", CUDA Runtime API, cudaError) and HIP's hipErrorNoDevice
("no ROCm-capable device is detected", hip_runtime_api.h)."""


def read_in(
    diagnoses: list[Diagnosis], findings: Findings, rules: Optional[Rules] = None
) -> list[Diagnosis]:
    """``diagnoses`` with class.code.project-bug first, in the place of the first reading,
    when the job hid the devices itself and that reading is that no device is visible."""
    if not diagnoses or DEVICES_HIDDEN not in findings.marks:
        return diagnoses
    rules = builtin_rules() if rules is None else rules
    first = diagnoses[0]
    said = " ".join(e.text for e in first.evidence)
    rule = next((r for r in rules.exceptions if r.id == PROJECT_BUG), None)
    if rule is None or first.layer != "device_init" or not _NO_DEVICE.search(said):
        return diagnoses
    hidden = findings.marks[DEVICES_HIDDEN]
    told = msgspec.structs.replace(
        first,
        signature_id=rule.id,
        title=rule.title,
        kind=rule.kind,
        cause=(
            f"The job hid the devices itself (line {hidden.line}: {hidden.text.strip()}) and "
            f"its code still asked for one. {rule.cause}"
        ),
        fix=rule.next,
        source=rule.source,
        captures={},
        confirmation="unknown",
        confirmed_by=(),
        see_also=(),
        confidence="low" if first.confidence == "low" else "medium",
    )
    return [told, *(d for d in diagnoses if d.signature_id != PROJECT_BUG)]
