"""An error a CANN plog line reports from an operator's tiling source (``[FUNC:<check>]
[FILE:<op>_tiling.cpp]``) is the operator refusing its inputs' shapes or layout (the class that
FaultDiag's AISW_CANN_TBE_ALL_002, "Operator specification constraints", is retired into),
whatever words the check prints; a tiling check that one of bringup's own signatures names
still ranks above it. Each line is real, quoted from a tuning corpus's log (named beside it;
the corpora cite the threads)."""

from __future__ import annotations

from bringup.triage import explain_text

TBE_SHAPE = "class.operator.npu-kernel-refuses-inputs"

# tests/data/triage_eighth/a14-vllm-omni-qwen3tts-npu-rope-bnsd-constraint.log: short decode
# steps break the RotaryPositionEmbedding fusion operator's BNSD constraint (the fix falls back
# to BSND).
ROPE_BNSD = (
    "(StageEngineCoreProc_stage1_replica0 pid=4713) EZ9999[PID: 4713] "
    "2026-07-30-08:45:37.996.394 (EZ9999):  when input is BNSD layout and  B * N is large or D "
    "is not aligned, please do not use RotaryPositionEmbedding fusion operator."
    "[FUNC:DoRotateHalfTiling][FILE:rope_rotate_half_tiling.cpp][LINE:549]\n"
)

# tests/data/triage_eighth/a19-vllm-ascend-fia-tnd-head-dim-256-unsupported.log:
# FusedInferAttentionScore with layout TND refuses head_dim 256 (the workaround: fall back to
# scaled_dot_product_attention).
FIA_TND = """\
RuntimeError: npu_fused_infer_attention_score_symint:third_party/op-plugin/op_plugin/ops/opapi/\
FusedInferAttentionScoreKernelNpuOpApi.cpp:415 NPU function error: call \
aclnnFusedInferAttentionScoreV3 failed, error code is 561002
ERR00100 PTA call acl api failed.
E89999: Inner Error!
E89999[PID: 11276] 2026-05-26-16:53:01.891.272 (E89999): When layout is TND, queryD(256), \
keyD(256) and valueD(256) must be same equal 192/128/64, or queryD and keyD equal 192 and valueD \
equal 128.[FUNC:CheckInputShapeWhenLayoutIsTND][FILE:prompt_flash_attention_tiling.cpp][LINE:3682]
"""

# tests/data/triage_sixth/05-vllm-ascend-moe-dispatch-hccl-buffsize-too-small.log:
# MoeDistributeCombineV2's tiling check of the HCCL window (HCCL_BUFFSIZE 256 MB, 600 MB needed).
MOE_WINDOW = """\
        HCCL_BUFFSIZE_EP is too SMALL, maxBs = 64, h = 6144,NEEDED_HCCL_BUFFSIZE_HIERARCHY((\
moeExpertNum * maxBs * (h * MAX_OUT_DTYPE_SIZE + (3 * (k + 7) / 8 * 8) *sizeof(uint32_t) + 64) + \
404 * 1024 * 1024)) = 600MB, HCCL_BUFFSIZE=256MB.[FUNC:CheckActualWinSize]\
[FILE:moe_distribute_combine_v2_tiling.cpp][LINE:104]
        Tiling check actual window size failed.[FUNC:CheckWinSize]\
[FILE:moe_distribute_combine_v2_tiling.cpp][LINE:165]
"""


def test_a_check_in_an_operators_tiling_source_is_its_shape_constraint() -> None:
    for log in (ROPE_BNSD, FIA_TND):
        top = explain_text(log)[0]
        assert top.signature_id == TBE_SHAPE
        assert top.layer == "operator_execution"
        assert "scaled_dot_product_attention" in top.fix


def test_a_tiling_check_an_own_signature_names_ranks_above_the_fault() -> None:
    ranked = [d.signature_id for d in explain_text(MOE_WINDOW)]
    assert ranked[0] == "ascend.hccl.buffsize-too-small"
    assert TBE_SHAPE not in ranked[:1]


def test_a_tiling_file_named_outside_a_plog_location_is_not_the_fault() -> None:
    # A build line names a tiling source without the plog's [FUNC:..][FILE:..] location.
    log = "[ 42%] Building CXX object op_host/CMakeFiles/rope_rotate_half_tiling.cpp.o\n"
    assert TBE_SHAPE not in [d.signature_id for d in explain_text(log)]
