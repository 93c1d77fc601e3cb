"""The cause a log states ranks above where the failure surfaced. An error code (ACL's
561103, CANN's EZ9999/E90003, torch_npu's ERR01003) or a FaultDiag fault found by a keyword of
the line that reports the failure says where it surfaced; an operator's own check printed
beside it ("do tiling failed", "bfloat16 of tbe.dsl.transdata is not supported") says why, and
is told as the class it is (class.operator.npu-kernel-refuses-inputs), first, with the code
below it or its line merged into it. Real lines, each cited."""

from __future__ import annotations

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackranks import stated_over_knowledge
from bringup.triage.findings import STATED_PREFIX
from bringup.triage.tiers import FALLBACK_SCORES

REFUSES_NPU = "class.operator.npu-kernel-refuses-inputs"

# https://github.com/vllm-project/vllm-ascend/issues/11092: CausalConv1d's tiling refuses the
# call; the RuntimeError says only that the call failed with EZ9999 "Inner Error".
CAUSAL_CONV_TILING = """\
(Worker_TP7_EP7 pid=584) ERROR 06-22 11:12:13 [multiproc_executor.py:962] RuntimeError: call aclnnCausalConv1d failed, detail:EZ9999: Inner Error!
(Worker_TP7_EP7 pid=584) ERROR 06-22 11:12:13 [multiproc_executor.py:962] EZ9999[PID: 584] 2026-06-22-11:12:13.398.186 AclNN_Inner_Error(EZ9999):  CausalConv1d do tiling failed, ret is -1.
(Worker_TP7_EP7 pid=584) ERROR 06-22 11:12:13 [multiproc_executor.py:962]         TraceBack (most recent call last):
(Worker_TP7_EP7 pid=584) ERROR 06-22 11:12:13 [multiproc_executor.py:962]        Check NnopbaseExecutorDoTiling(executor) failed
"""  # noqa: E501

# https://github.com/shirwy/vllm-ascend-910a/issues/4: TBE's TransData has no bfloat16 kernel
# on Ascend 910A; E90003 says only that compiling the operator failed.
TRANSDATA_BF16_910A = """\
[rank0]: RuntimeError: The Inner error is reported as above. The process exits for this inner error, and the current working operator name is Identity.
[rank0]: Since the operator is called asynchronously, the stacktrace may be inaccurate. If you want to get the accurate stacktrace, pleace set the environment variable ASCEND_LAUNCH_BLOCKING=1.
[rank0]: [ERROR] 2025-09-28-03:43:47 (PID:9038, Device:0, RankID:-1) ERR00100 PTA call acl api failed.
[rank0]: E90003: [PID: 9038] 2025-09-28-03:43:47.761.546 Compile operator failed, cause: Template constraint, detailed information: bfloat16 of tbe.dsl.transdata is not supported.
"""  # noqa: E501

# https://github.com/Ascend/pytorch/issues/148: the same refusal on a line of its own.
TRANSDATA_BF16_OWN_LINE = """\
  E90003: Compile operator failed
  bfloat16 of tbe.dsl.transdata is not supported.
  optype: [TransData]
"""

# https://github.com/flashserve/flash-linear-attention-npu/issues/132: CausalConv1dBwd's tiling
# function refuses the input layout; the class reads that line (the refusal, and its tiling
# source as FaultDiag's "Operator specification constraints" did) above the EE1003 code of the
# launch.
TILING_LAYOUT = """\
[rank0]: [ERROR] 2026-07-04-17:27:10 (PID:312701, Device:0, RankID:0) ERR00100 PTA call acl api failed.
[rank0]: [PID: 312701] 2026-07-04-17:27:10.618.062 Invalid_Argument(EE1003): LaunchKernelV2 failed because value 0 for parameter blockDim is invalid. Expected value: not equal to 0.
[rank0]:         TraceBack (most recent call last):
[rank0]:         unsupported inputLayout , expect BSND/TND/BNSD/NTD[FUNC:CausalConv1dBwdTilingFunc][FILE:causal_conv1d_bwd_tiling.cpp][LINE:100]
[rank0]:         CausalConv1dBwd do tiling failed, ret is -1.
"""  # noqa: E501

# HCCL refusing HCCL_IF_IP as it reads it (Ascend/DrivingSDK's FAQ, 6.4, quoted in
# kb/data/faults/additions.toml): FaultDiag's AISW_CANN_HCCL_001, read on its own line.
HCCL_IF_IP = 'Environment variable [HCCL_IF_IP] is invalid. Reason: it should be "ip[%ifname]".\n'

# https://github.com/flashserve/flash-linear-attention-npu/issues/174: the operator's tiling
# compile info is missing (how the package registered it), no refusal of its inputs.
TILING_INFO_MISSING = """\
[rank6]: RuntimeError: InnerRunOpApi:../torch_npu/csrc/framework/OpParamMaker.cpp:287 OPS function error: aclnnRecomputeWUFwd, error code is 561000
[rank6]: [ERROR] (PID:360123, Device:6, RankID:6) ERR01100 OPS call acl api failed.
[rank6]: AclNN_Runtime_Error(EZ9903): InitTilingParseCtx failed
op[RecomputeWUFwd], compile info not contain [_pattern][FUNC:ParseAutoTilingRun][FILE:auto_tiling_rt2.cc][LINE:120]
Op [RecomputeWUFwd] tiling compile info parse failed
"""  # noqa: E501

# https://github.com/flashserve/flash-linear-attention-npu/issues/429 (tests/data/triage_sixth
# 19): GetWorkspaceSize failed with an inner error (561103: no kernel binary), no refusal.
WORKSPACE_INNER = """\
OpName:[aclnnRecurrentGatedDeltaRule_*_RecurrentGatedDeltaRule]
Cannot find bin of op RecurrentGatedDeltaRule, integral key

RuntimeError:
aclnnRecurrentGatedDeltaRuleGetWorkspaceSize failed with aclnnStatus=561103.
"""

# Ascend/op-plugin@8ec50a95 (tests/data/triage_twentysecond d03): the meta function's check of
# npu_fused_infer_attention_score_v2 refuses the quantisation mode; torch_npu appends ERR01003.
OPS_INVALID_VALUE = "".join(
    "E0701 18:17:41.098000 252793 site-packages/torch/_subclasses/fake_tensor.py:2431] [0/0] "
    + line
    + "\n"
    for line in (
        "RuntimeError: GQA FP8 Fullquant(Qurey/Key Per-Token-Head, Value PerHead) only supports "
        "path 0.",
        "[ERROR] 2026-07-01-18:17:41 (PID:252793, Device:0, RankID:-1) ERR01003 OPS invalid value",
    )
)

# tests/data/triage_twentysecond/b07-ops-nn-addmm-nz-format-161002.log (hicann/ops-nn@33b30e51):
# the call's line and the check's own message are one refusal.
ADDMM_FORMAT = """\
aclnnAddmmGetWorkspaceSize failed! error code: 161002
ACL Error Details:
[PID: 266065] 2026-02-10-22:33:44.135.053 AclNN_Parameter_Error(EZ1001): The formats of self and mat1 should be ND and ND, but the actual formats are [FRACTAL_NZ] and [FRACTAL_NZ]
"""  # noqa: E501


def _ranked(log: str) -> list[tuple[str, int]]:
    return [(d.signature_id, d.evidence[0].line) for d in explain_text(log)]


def test_a_tiling_refusal_ranks_above_the_inner_error_it_surfaced_as() -> None:
    ranked = _ranked(CAUSAL_CONV_TILING)
    assert ranked[0] == (REFUSES_NPU, 2)
    assert ("ascend.runtime.cann-inner-error", 1) in ranked[1:]


def test_a_dtype_the_operator_has_no_kernel_for_ranks_above_its_compile_code() -> None:
    assert _ranked(TRANSDATA_BF16_910A)[0] == (REFUSES_NPU, 4)
    assert _ranked(TRANSDATA_BF16_OWN_LINE)[:2] == [(REFUSES_NPU, 2), ("code.cann.e90003", 1)]


def test_the_refusals_own_line_is_read_above_the_code() -> None:
    ranked = _ranked(TILING_LAYOUT)
    assert ranked[0] == (REFUSES_NPU, 4)
    assert ranked.index(("code.cann.ee1003", 2)) > 0
    said = [d for d in diagnose(scan_log(TILING_LAYOUT).findings) if d.signature_id == REFUSES_NPU]
    assert [d.evidence[0].line for d in said] == [4]


def test_a_failure_that_is_no_refusal_is_not_told_as_one() -> None:
    for log in (TILING_INFO_MISSING, WORKSPACE_INNER):
        assert REFUSES_NPU not in [d.signature_id for d in diagnose(scan_log(log).findings)]


def test_torch_npus_parameter_codes_are_the_operator_refusing_its_inputs() -> None:
    (top, *_) = explain_text(OPS_INVALID_VALUE)
    assert (top.signature_id, top.captures["code"]) == (REFUSES_NPU, "ERR01003")
    assert top.score == FALLBACK_SCORES["class"]


def test_one_refusal_keeps_the_lines_that_state_it() -> None:
    (top, *rest) = explain_text(ADDMM_FORMAT)
    assert top.signature_id == REFUSES_NPU
    assert [e.line for e in top.evidence] == [1, 3]
    assert all(d.signature_id != REFUSES_NPU for d in rest)


def _read_at(fault: Diagnosis, line: int) -> Diagnosis:
    """``fault`` as if its keyword were read on ``line`` of the log."""
    evidence = msgspec.structs.replace(fault.evidence[0], line=line)
    return msgspec.structs.replace(fault, evidence=(evidence,))


def test_a_fault_read_on_another_message_ranks_below_the_stated_class() -> None:
    """A vendor's fault read where the failure surfaced, away from the refusal's message (an
    errno line further down), ranks below the class the log states; one read beside it keeps
    its rank."""
    (said,) = [d for d in explain_text(TRANSDATA_BF16_910A) if d.signature_id == REFUSES_NPU]
    (fault,) = [d for d in explain_text(HCCL_IF_IP) if d.signature_id.startswith("faultdiag.")]
    assert said.signature_id.startswith(STATED_PREFIX)
    assert fault.score > said.score
    knowledge = {fault.signature_id}
    (_, lowered) = stated_over_knowledge([said, _read_at(fault, 40)], knowledge)
    assert lowered.score < said.score
    (_, kept) = stated_over_knowledge([said, _read_at(fault, 6)], knowledge)
    assert kept.score == fault.score


def test_a_tiling_warning_of_a_run_that_goes_on_is_no_failure() -> None:
    # https://github.com/tile-ai/tilelang-ascend/issues/587: two kernels' tiling structs share
    # a name; the run goes on.
    log = (
        "[Warning]: tiling struct [ReduceOpTilingDataV2] is conflict with one in file "
        "lp_norm_reduce.cc, line 41\n"
        "init successful!\n"
    )
    assert explain_text(log) == []
