"""Signatures read on warning lines alone: a warning names no failure, so in a log that shows
one elsewhere such a signature ranks below it (``bringup.triage.ranking``), and the cause class
the log states beside it is said too."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage.findings import STATED_PREFIX
from bringup.triage.scanresult import SignatureHits
from bringup.triage.signatures import Signature

WARNING_LINE = re.compile(
    r"\b(?:INFO|DEBUG|WARN(?:ING)?)\b|\[[IDW]\]|^\s*\[W[ \d]|\bWarning:"
    r"|^\s*(?:\([^()\n]{0,80}\)\s*)*(?:\[rank\d{1,6}\]:)?[IW]\d{4} \d\d:\d\d:\d\d"
)
"""A line that only warns or informs: the log levels, glog's and c10's ``[W file.cpp:51]``
prefix (torch's ``TORCH_WARN``), ``Warning:``, and glog's ``Lmmdd hh:mm:ss.uuuuuu thread
file:line]`` prefix at levels I and W, which torch's logging writes too ("W1207
13:12:28.058000 7561 torch/utils/cpp_extension.py:183] No CUDA runtime is found", outsider22's
corr build log, D11), also behind the launchers' process names and torch's rank prefix
(``[rank{N}]:``, torch/_logging/_internal.py ``rankprefix``): "(EngineCore_DP0 pid=4039410)
W1007 17:36:26.725000 4039410 torch/utils/cpp_extension.py:2425]" (vllm-project/vllm#26381),
"(APIServer pid=5332) (DPEngineCoreActor pid=5862) [rank0]:W0112 06:15:00.560000 5862 ...
torch/_inductor/utils.py:1436]" (ray-project/kuberay#4366)."""
WARNED_PENALTY = 400
"""A signature read on warning lines alone, in a log that shows a failure elsewhere: below the
failure's own signatures and its catch-alls (300 + the first-failure bonus + specificity)."""


def below_failures(
    diagnoses: list[Diagnosis],
    found: Mapping[str, Optional[Signature]],
    warned: set[str],
    failed: bool,
) -> tuple[list[Diagnosis], set[str]]:
    """A signature whose every line is a warning (``warned``) ranks below what the log shows
    failing (a signature on an error line, an exception or code the fallback read): on the
    Atlas 800T A2 log of hiyouga/LlamaFactory#4836, torch_npu's "[W VariableFallbackKernel.cpp:51]
    Warning: CAUTION: The operator 'aten::isin...' ... will fall back to run on the CPU"
    ranked above the EZ9999 aivec exception that stopped the job. Not a warning that names
    the cause of the error it leads to (one of its ``outranks`` found in the same log; a
    signature that could outrank one not found leads to nothing here). With the ids so ranked
    below."""
    below_ids = {d.signature_id for d in diagnoses if d.evidence and d.signature_id in warned}
    failing = failed or len(below_ids) < len([d for d in diagnoses if d.evidence])
    if not below_ids or not failing:
        return diagnoses, set()
    below_ids -= {
        sid for sid, s in found.items() if s is not None and set(s.record.outranks) & found.keys()
    }
    return [
        msgspec.structs.replace(d, score=d.score - WARNED_PENALTY)
        if d.signature_id in below_ids
        else d
        for d in diagnoses
    ], below_ids


def warning_only(hits: SignatureHits) -> bool:
    """Whether every line a signature matched only warns or informs, read from the line's start
    where its quote was cut from inside a long line (``SignatureHits.heads``): a signature read
    there names no failure, and vendor fault knowledge, read from a log's error lines, has
    keywords that also occur in lines that report none."""
    heads = [*hits.heads, *([""] * (len(hits.evidence) - len(hits.heads)))]
    return bool(hits.evidence) and all(
        WARNING_LINE.search(f"{head} {e.text}" if head else e.text)
        for head, e in zip(heads, hits.evidence)
    )


def stated(extra: list[Diagnosis]) -> list[Diagnosis]:
    """The cause classes of ``extra`` that the log states in its own words (``STATED_PREFIX``),
    beside own signatures read on warning lines alone: the class names the failure the log
    shows (the photo-translator-ascend ATC log of outsider12 #1: "E10040: As the
    [--dynamic_batch_size] ... argument is included", under a dlopen warning of the empty
    custom-operator directory 4,300 lines before)."""
    return [d for d in extra if d.signature_id.startswith(STATED_PREFIX)]
