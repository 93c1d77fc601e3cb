"""Outsider 21's explain defects (session 40, tests/data/outsider40): each log's thread in
logs/README.md, the class its message belongs to read from torch_npu's own source."""

from __future__ import annotations

from pathlib import Path

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider40" / "logs"


def _first(name: str) -> Diagnosis:
    return explain_text((LOGS / name).read_text(encoding="utf-8"))[0]


def test_an_operator_missing_from_a_newer_cann_is_said_both_ways() -> None:
    # D8: vllm-ascend#7095, whose fix (PR #8382) calls aclnnAddRmsNorm: the newer CANN ops
    # package dropped aclnnAddRmsNormBias. The cause said only "CANN older than the caller".
    first = _first("L1-vllm-ascend-7095-aclnnAddRmsNormBias.log")
    assert first.signature_id == "ascend.install.aclnn-op-missing"
    assert "older than" in first.cause
    assert "newer than it and no longer ship aclnnAddRmsNormBias" in first.cause


def test_an_aclop_under_graph_capture_is_named_with_torch_npus_advice() -> None:
    # D10: xpu_graph#304, an nd2nz pattern's aclop during ACL graph capture; torch_npu's own
    # message (Ascend/pytorch NPUGraphsUtils.h assertNotCapturingAclop) advises
    # allow_internal_format = False.
    first = _first("L2-xpu-graph-304-aclop-graph-capture.log")
    assert first.signature_id == "ascend.runtime.aclgraph-capture-unsupported"
    assert "aclop" in first.cause
    assert "allow_internal_format = False" in first.fix


def test_the_workspace_allocators_out_of_memory_is_an_npu_oom() -> None:
    # D9: Ascend/sglang#617. The workspace allocator's form ("NPUWorkspaceAllocator tried to
    # allocate 216.00 MiB(NPU 0; 61.27 GiB total capacity; 90.23 MiB free)") matched no OOM
    # signature and fell to a FaultDiag entry whose cause is a log-format description.
    first = _first("L3-ascend-sglang-617-npu-workspace-oom.log")
    assert (first.signature_id, first.layer) == ("ascend.runtime.npu-workspace-oom", "memory")
    assert "216.00 MiB" in first.cause
    assert "90.23 MiB of 61.27 GiB" in first.cause
