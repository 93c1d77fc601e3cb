"""A kernel compiled while the job runs fails in the job, not in the project's build.

torch.compile (TorchDynamo, Inductor), Triton's JIT, NVRTC, cupy and torch's JIT extensions
compile code at first use, inside the running program: a compiler error there is a failure of
the operation being run (``operator_execution``), whatever compiler words it is written in and
whichever build signature reads them. ``build`` is the project's own build (setup.py, CMake,
make, a wheel, an offline model conversion). The lines that show such a compile are the fallback
rules' ``runtime_compile`` expression, noted as a mark (``Findings.marks``); those of the
project's own build are ``project_build``'s, and keep ``build``: a failed build prints lines that
look like a running compile too (a setup.py's compiler probe on a temporary file). The other
way round, a failure that only the fallback places (by its words, its exception's type or its
class) in a log that shows the project's own build is the build's: the
package being built fails while it is compiled, linked or set up, whatever words its error is
written in; except a module the build imports that the environment lacks (a setup.py importing
torch under pip's build isolation): that is the install's.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis
from bringup.triage.evidence import rule_diagnosis
from bringup.triage.fallbackrules import Rules
from bringup.triage.findings import Findings

RUNTIME_COMPILE = "runtime-compile"
"""The mark's owner: the log shows a kernel compiled while the job ran."""
PROJECT_BUILD = "project-build"
"""The mark's owner: the log shows the project's own build (pip, setup.py, CMake, make) or an
offline model converter (ATC, trtexec, a converter script)."""


def compiled_in_the_job(findings: Findings) -> bool:
    """Whether the log shows a kernel compiled while the job ran, and not the project's own
    build (whose failures print lines that look like a running compile too)."""
    return RUNTIME_COMPILE in findings.marks and PROJECT_BUILD not in findings.marks


def in_the_job(diagnoses: list[Diagnosis], findings: Findings) -> list[Diagnosis]:
    """``diagnoses`` with the layer ``build`` read as ``operator_execution`` when the log shows
    a compile made while the job ran, and not the project's own build."""
    if not compiled_in_the_job(findings):
        return diagnoses
    return [
        msgspec.structs.replace(d, layer=KERNEL_LAYER) if d.layer == "build" else d
        for d in diagnoses
    ]


MISSING_MODULE = frozenset(
    {
        "traceback.install.module-not-found",
        "line.install.module-missing",
        "class.install.build-requirement-undeclared",
    }
)
"""The fallback's readings of a Python module that is not installed: in a build, a build
dependency missing from the environment (install), not the build's own failure."""


def in_the_build(
    diagnoses: list[Diagnosis], findings: Findings, placed: Collection[str]
) -> list[Diagnosis]:
    """``diagnoses`` with the layer ``install`` or ``operator_execution`` of one of ``placed``
    (the fallback's readings, which place a failure by its words or its exception) read as
    ``build`` when the log shows the project's own build."""
    if PROJECT_BUILD not in findings.marks:
        return diagnoses
    return [
        msgspec.structs.replace(d, layer="build")
        if d.signature_id in placed
        and d.signature_id not in MISSING_MODULE
        and d.layer in (KERNEL_LAYER, "install")
        else d
        for d in diagnoses
    ]


CODE_READINGS = ("evidence.operator.", "evidence.build.toolchain")
"""The readings that place a failure by its words alone at the operator or at a compile: a
memory, install, device or network reading names the environment's part, and keeps its place
(review37: a disk quota spent while triton wrote its cache was made the project's bug)."""


def compiled_code(diagnoses: list[Diagnosis], findings: Findings, rules: Rules) -> list[Diagnosis]:
    """``diagnoses`` led by ``rules.compiled_in_job``'s class when the log shows a kernel
    compiled while the job ran (not the project's own build) and only the words of its failure
    place it (an operator ``evidence.*`` reading first): no rule names the environment's part
    (a compiler or a header missing, a toolkit's version, memory, the disk), so the code the job
    compiled is at fault."""
    if not diagnoses or not compiled_in_the_job(findings):
        return diagnoses
    first = diagnoses[0]
    rule = next((r for r in rules.exceptions if r.id == rules.compiled_in_job), None)
    if rule is None or not first.signature_id.startswith(CODE_READINGS) or not first.evidence:
        return diagnoses
    named = rule_diagnosis(
        rule, first.evidence[0], matches=1, score=first.score, confidence="medium"
    )
    named = msgspec.structs.replace(named, layer=KERNEL_LAYER)
    return [named, *(d for d in diagnoses if d.signature_id != rule.id)]


WORD_READINGS = (*CODE_READINGS, "line.operator.", "line.build.")
"""The fallback's readings of a failure line by its words alone (an operator or a compile
failed), which a signature that names the compile says better."""


def compile_named_first(
    diagnoses: list[Diagnosis], findings: Findings, rules: Rules, signed: Collection[str]
) -> list[Diagnosis]:
    """``diagnoses`` led by the first of ``signed`` (the catalogue's signatures found) whose line
    shows the kernel compiled while the job ran, when a reading by words alone leads: the words
    of a compile's log line ("ERROR ... bisheng --cce-aicore-only ...", the compiler's command
    echoed under the logger's level) say an operator failed on the device, where the signature
    says which compiler failed (outsider 20's L4, vllm-project/vllm-ascend#3219)."""
    if not diagnoses or not compiled_in_the_job(findings):
        return diagnoses
    first = diagnoses[0]
    if not rules.runtime_compile or not first.signature_id.startswith(WORD_READINGS):
        return diagnoses
    named = next(
        (
            d
            for d in diagnoses[1:]
            if d.signature_id in signed
            and any(re.search(rules.runtime_compile, e.text) for e in d.evidence)
        ),
        None,
    )
    if named is None:
        return diagnoses
    lead = msgspec.structs.replace(named, score=max(named.score, first.score))
    return [lead, *(d for d in diagnoses if d is not named)]
