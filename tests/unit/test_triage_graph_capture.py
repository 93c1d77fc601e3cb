"""A device graph capture refuses an operation in EPERM's words ("operation not permitted when
stream is capturing"), yet the job's operations failed while it ran: operator_execution, not a
permission of the installation (issue 15, layer review of 2026-12-03)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import by_words
from bringup.triage.fallbackrules import builtin_rules


def _words(text: str) -> str:
    said = by_words((text,), builtin_rules().evidence)
    return said.id if said is not None else ""


@pytest.mark.parametrize(
    "line",
    [
        # pytorch/pytorch:torch/optim/adam.py, the comment in _single_tensor_adam on why the
        # capturable step uses torch.pow (cudaErrorStreamCaptureUnsupported)
        "RuntimeError: CUDA error: operation not permitted when stream is capturing",
        # vllm-project/vllm-ascend#6002 (ACL's runtime during an ACL graph capture)
        "rtMemcpy:ErrCode=107030, desc=[the current capture mode does not support this operation]",
    ],
)
def test_a_graph_capture_refusal_is_the_operation_not_the_install(line: str) -> None:
    assert _words(line) == "evidence.operator.graph-capture"
    assert explain_text(f"{line}\n")[0].layer == "operator_execution"
