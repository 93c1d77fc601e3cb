"""A kernel compiled while the job runs fails in the job, not in the project's build.

torch.compile (TorchDynamo, Inductor), Triton's JIT, NVRTC, cupy and torch's JIT extensions
compile code at first use, inside the running program: a compiler error there is a failure of
the operation being run (``operator_execution``), whatever compiler words it is written in and
whichever build signature reads them. ``build`` is the project's own build (setup.py, CMake,
make, a wheel, an offline model conversion). The lines that show such a compile are the fallback
rules' ``runtime_compile`` expression, noted as a mark (``Findings.marks``); those of the
project's own build are ``project_build``'s, and keep ``build``: a failed build prints lines that
look like a running compile too (a setup.py's compiler probe on a temporary file).
"""

from __future__ import annotations

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis
from bringup.triage.findings import Findings

RUNTIME_COMPILE = "runtime-compile"
"""The mark's owner: the log shows a kernel compiled while the job ran."""
PROJECT_BUILD = "project-build"
"""The mark's owner: the log shows the project's own build (pip, setup.py, CMake, make)."""


def in_the_job(diagnoses: list[Diagnosis], findings: Findings) -> list[Diagnosis]:
    """``diagnoses`` with the layer ``build`` read as ``operator_execution`` when the log shows
    a compile made while the job ran, and not the project's own build."""
    if RUNTIME_COMPILE not in findings.marks or PROJECT_BUILD in findings.marks:
        return diagnoses
    return [
        msgspec.structs.replace(d, layer=KERNEL_LAYER) if d.layer == "build" else d
        for d in diagnoses
    ]
