"""A FaultDiag fault found by its keywords alone comes after the fallback's reading of a failure
that only its shape places, and keeps its rank beside a code, a class or a signature
(``bringup.triage.faultrank``)."""

from __future__ import annotations

from bringup.triage import explain_text, faultrank
from bringup.triage.explain import builtin_matcher

# Ascend/pytorch@9e73e708 docs/zh/user_guide/troubleshooting/troubleshooting_cases/
# communication_operator_transfers_Non-contiguous_tensors.md: a non-contiguous tensor given to
# dist.all_reduce on HCCL, then torch_npu's code for it.
ALL_REDUCE_NON_CONTIGUOUS = (
    "RuntimeError: Tensors must be contiguous\n"
    "[ERROR] 2024-08-18-22:15:47 (PID:23232, Device:0, RankID:0) ERR02002 DIST invalid type\n"
)
# mindspore-lab/mindone#269: MindSpore's "Sync stream error!" (FaultDiag's
# AISW_MindSpore_Backend_Runtime_05), printed under whatever failed on the stream.
SYNC_STREAM = "RuntimeError: Sync stream error!\n"
# mindspore-lab/mindcv#504: the graph's run failed; the details are in another log.
RUN_TASK = (
    "RuntimeError: Run task for graph:kernel_graph_37 error! The details refer to "
    "'Ascend Error Message'.\n"
)


def test_a_fault_beside_a_code_keeps_its_rank() -> None:
    ids = [d.signature_id for d in explain_text(ALL_REDUCE_NON_CONTIGUOUS)]
    assert ids[0] == "faultdiag.aisw_pytorch_train_06"
    assert "code.cann.err02002" in ids


def test_a_fault_alone_in_the_log_is_the_answer() -> None:
    ids = [d.signature_id for d in explain_text(SYNC_STREAM)]
    assert ids[:1] == ["faultdiag.aisw_mindspore_backend_runtime_05"]


def test_a_fault_comes_after_a_reading_that_only_places_the_failure() -> None:
    fault = explain_text(SYNC_STREAM)[0]
    place = explain_text(RUN_TASK)[0]
    assert place.signature_id.startswith("traceback.")
    catalogue = builtin_matcher().catalogue
    found = {d.signature_id: catalogue.by_id(d.signature_id) for d in (fault, place)}
    ordered = faultrank.below_places([fault, place], found, [place])
    assert [d.signature_id for d in ordered] == [place.signature_id, fault.signature_id]
    named = explain_text(ALL_REDUCE_NON_CONTIGUOUS)
    code = next(d for d in named if d.signature_id.startswith("code."))
    assert faultrank.below_places([fault, code], found, [code]) == [fault, code]
