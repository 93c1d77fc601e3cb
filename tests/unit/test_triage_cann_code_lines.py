"""CANN's error-code lines read by their structure: a line that carries a CANN code
(``EZ9999[PID: N] ...``, ``Get_Socket_Timeout(EI0006): ...``, ``EI0002: [PID: N] ...``) reports a
failure whatever words its reason uses, so the words of that reason place it; and an
inner-error code (EZ9999, "Inner Error": it says only that the operator module failed inside)
is placed by those words, as a code known by its family only is. Real lines, each with its
source (the eighth corpus on is cited by its corpus file, as tests/unit/test_triage_corpora.py
asks)."""

from __future__ import annotations

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text, fallback
from bringup.triage.catalogues import builtin_catalogues
from bringup.triage.explain import compile_matcher, scan_log
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.faultdiag import faultdiag_signatures
from bringup.triage.findings import Findings
from bringup.triage.loader import load_signatures
from bringup.triage.ranking import rank
from bringup.triage.signatures import SignatureSet


def findings(log: str) -> Findings:
    return scan_log(log).findings


def failure_lines(log: str) -> list[int]:
    return [failure.line for failure in findings(log).failures]


def code_diagnosis(log: str, code: str) -> Diagnosis:
    found = fallback.diagnose(findings(log))
    return next(d for d in found if d.captures.get("code") == code)


# tests/data/triage_eleventh/a15-hccl-buffsize-too-small-moe-dispatch.log (the reason names no
# failure word: "is too SMALL"); MoeDistributeDispatchV2's tiling check of HCCL_BUFFSIZE.
BUFFSIZE_BARE = (
    "EZ9999[PID: 25038] 2026-03-17-08:21:12.001.372 (EZ9999):  HCCL_BUFFSIZE is too SMALL, "
    "maxBs = 256, h = 2048, \n"
    "epWorldSize = 2, localMoeExpertNum = 64, sharedExpertNum = 0, tokenNeedSizeDispatch = 4608, "
    "tokenNeedSizeCombine \n"
)

# https://github.com/vllm-project/vllm-ascend/issues/5461 (HCCL's socket timeout, printed with
# its module's error name before the code).
SOCKET_TIMEOUT = (
    "[PID: 749] 2025-12-29-03:16:15.787.356 Get_Socket_Timeout(EI0006): Getting socket times out."
    " Reason: 1. The remote does not initiate a connect request. some NPUs in the cluster are "
    "abnormal.\n"
)

# tests/data/triage_eighth/a14-vllm-omni-qwen3tts-npu-rope-bnsd-constraint.log
ROPE_BNSD = (
    "(StageEngineCoreProc_stage1_replica0 pid=4713) EZ9999[PID: 4713] "
    "2026-07-30-08:45:37.996.394 (EZ9999):  when input is BNSD layout and  B * N is large or D "
    "is not aligned, please do not use RotaryPositionEmbedding fusion operator."
    "[FUNC:DoRotateHalfTiling][FILE:rope_rotate_half_tiling.cpp][LINE:549]\n"
)

# https://github.com/vllm-project/vllm-ascend/issues/4051: the same tiling check on vLLM's
# worker log, the reason and its TraceBack block after the code.
BUFFSIZE_WORKER = """\
(Worker_TP0_EP0 pid=940663) ERROR 11-07 06:32:37 [multiproc_executor.py:671] EZ9999[PID: 940663] \
2025-11-07-06:32:37.914.373 (EZ9999):  HCCL_BUFFSIZE is too SMALL, maxBs = 64, h = 2048, \
epWorldSize = 4, localMoeExpertNum = 128, sharedExpertNum = 0, tokenNeedSizeDispatch = 4608
(Worker_TP0_EP0 pid=940663) ERROR 11-07 06:32:37 [multiproc_executor.py:671]         TraceBack \
(most recent call last):
(Worker_TP0_EP0 pid=940663) ERROR 11-07 06:32:37 [multiproc_executor.py:671]        \
MoeDistributeDispatchV2 do tiling failed, ret is -1.
"""

# https://github.com/hiyouga/LlamaFactory/issues/4610: an operator's kernel config that cannot
# be parsed, reported by the operator's call with EZ9999.
CAST_KERNEL = """\
RuntimeError: call aclnnCast failed, detail:EZ9999: Inner Error!
EZ9999: 2024-06-28-13:05:55.631.066  Parse dynamic kernel config fail.
        TraceBack (most recent call last):
        AclOpKernelInit failed opType
"""


def test_a_cann_code_line_is_a_failure_line_whatever_its_reason_says() -> None:
    assert failure_lines(BUFFSIZE_BARE) == [1]
    assert failure_lines(SOCKET_TIMEOUT) == [1]
    assert failure_lines(ROPE_BNSD) == [1]


def test_the_words_of_a_cann_code_line_place_it() -> None:
    rules = builtin_rules()
    assert fallback.word_layer(findings(BUFFSIZE_BARE), 1, rules) == "communication"
    assert fallback.word_layer(findings(SOCKET_TIMEOUT), 1, rules) == "communication"
    assert fallback.word_layer(findings(ROPE_BNSD), 1, rules) == "operator_execution"


def test_a_code_shaped_word_that_is_no_cann_code_is_no_failure() -> None:
    """Not the code's syntax: a build id, a hex-like token, a lint code of five characters."""
    assert failure_lines("model EA12345 loaded in 3 s\n") == []
    assert failure_lines("E1101 Instance of 'Foo' has no member\n") == []


def test_an_inner_error_code_is_placed_by_the_words_of_its_reason() -> None:
    """EZ9999 names only the module; HCCL's buffer in its reason makes it communication, an
    operator's kernel config keeps it operator_execution; its meaning stays the code's."""
    buffsize = code_diagnosis(BUFFSIZE_WORKER, "EZ9999")
    assert buffsize.signature_id == "code.cann.ez9999"
    assert buffsize.layer == "communication"
    assert code_diagnosis(BUFFSIZE_BARE, "EZ9999").layer == "communication"
    assert code_diagnosis(CAST_KERNEL, "EZ9999").layer == "operator_execution"
    assert code_diagnosis(ROPE_BNSD, "EZ9999").layer == "operator_execution"


def unsigned(log: str) -> list[Diagnosis]:
    """The log as if no specific signature knew its wording (catch-alls, vendor fault knowledge
    and the fallback only), as tests/unit/test_triage_unsigned_layers.py reads logs."""
    catalogue = load_signatures()
    catch_alls = tuple(s for s in catalogue.signatures if s.record.generic)
    matcher = compile_matcher(SignatureSet(catch_alls, catalogue.tables), knowledge=True)
    return rank(scan_log(log, matcher=matcher), matcher.catalogue)


# https://github.com/open-mmlab/mmcv/issues/3203 (an AI CPU kernel's task error, torch_npu's
# message with CANN's TraceBack on one line).
AICPU_TORCH_NPU = (
    "RuntimeError: Run:/usr1/workspace/FPTA_Daily_Plugin_open_date/Plugin/torch_npu/csrc/"
    "framework/OpParamMaker.cpp:128 NPU error,NPU error code is:100000 EZ9999: Inner Error, Please"
    " contact support engineer! EZ9999 Kernel task happen error, retCode=0x2a, [aicpu exception]."
    "[FUNC:PreCheckTaskErr][FILE:task.cc][LINE:1068] TraceBack (most recent call last): Aicpu "
    "kernel execute failed, device_id=0, stream_id=3, task_id=0.[FUNC:PrintAicpuErrorInfo]"
    "[FILE:task.cc][LINE:774]\n"
)

# https://github.com/mindspore-ai/docs/blob/master/tutorials/source_en/debug/error_analysis/cann_error_cases.md
# (E39999: AICPU Operator Execution Failure; MindSpore's plog lines).
AICPU_PLOG = """\
[ERROR] RUNTIME(150840,python):2021-09-14-09:26:01.014.485 [task.cc:600]150900 \
PrintAicpuErrorInfo:Aicpu kernel execute failed, device_id=0, stream_id=116, task_id=2, fault \
so_name=libaicpu_kernels.so, fault kernel_name=GetNext, fault op_name=, extend_info=.
E39999: Inner Error!
"""


def test_faultdiags_ai_cpu_operator_failure_is_an_operators() -> None:
    """FaultDiag's AISW_CANN_Runtime_033 ("Failed to execute the AI CPU operator", found by
    "Aicpu kernel execute failed") was transcribed as install; its description (operator code
    errors: input mismatch, out-of-bounds access, a hung AI CPU thread) is the operator's, as
    its sibling AISW_CANN_Runtime_062 ("Single operator execution failed", the same keywords)
    already was: which of the two ranks first, the layer is the operator's."""
    faults = {s.record.id: s.record for s in faultdiag_signatures()}
    assert faults["faultdiag.aisw_cann_runtime_033"].layer == "operator_execution"
    for log in (AICPU_TORCH_NPU, AICPU_PLOG):
        top = unsigned(log)[0]
        assert top.signature_id.startswith("faultdiag.aisw_cann_runtime_0"), log
        assert top.layer == "operator_execution", log


# HCCP's codes (EJ): https://github.com/hiyouga/LlamaFactory/issues/3839 (a previous job still
# holds the device's HCCP), https://github.com/vllm-project/vllm-ascend/issues/405 and
# https://github.com/InternLM/lmdeploy/pull/4722 (the port HCCL listens on is taken).
HCCP_LINES = (
    "EJ0001: 2024-05-21-11:57:54.167.645 Failed to initialize the HCCP process. Reason: Maybe the"
    " last training process is running.\n",
    "[rank0]: EJ0003: [PID: 159] 2025-03-26-17:01:02.816.428 Failed to bind the IP port. Reason: "
    "The IP address and port have been bound already.\n",
    "Communication_Error_Bind_IP_Port(EJ0003): Failed to bind the IP port.\n",
)


def test_an_hccp_code_is_the_collective_communications() -> None:
    """EJ is HCCP's module letter (CANN's "HCCP Errors"): it fell to the bare "E" family (a CANN
    module's error, operator_execution) and only words placed it. EJ0001 and EJ0003 are now
    catalogued with their documented meaning, the others by CANN's registry; a code no registry
    lists is read by the HCCP family."""
    for log in HCCP_LINES:
        code = next(
            d for d in fallback.diagnose(findings(log)) if d.signature_id.startswith("code.")
        )
        assert code.layer == "communication", log
    cann = next(c for c in builtin_catalogues() if c.info.name == "cann")
    registered = cann.lookup("code", "EJ0002")  # HCCP's registry: "The network port is down."
    assert registered is not None
    assert (registered.exact, registered.layer) == (True, "communication")
    family = cann.lookup("code", "EJ0099")
    assert family is not None
    assert not family.exact
    assert "HCCP" in family.meaning


# HCCL's own fault-diagnosis guide, the lines its link set-up and RoCE faults print:
# hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:docs/zh/user_guide/fault_diagnosis/param_link_stage.md:134  # noqa: E501
# (its first record) and .../task_exec_stage.md:275.
HCCL_LINK_FAULTS = (
    "[ERROR] HCCL(17528,python3):2026-03-18-10:33:52.113.942 [hccl_socket_manager.cc:836] [18744]"
    "[Create][Sockets]Wait links establish completed failed, local role is client. ret[9]\n",
    "[ERROR] HCCL(2040034,alltoall_test):2025-09-15-08:38:13.607.432 [heartbeat.cc:1229] [2040666]"
    "[TaskExecStage][HeartbeatAbnormal][ROCE CQE ERROR]cqe error status[12], time:[2025-09-15 "
    "08:38:12.776654],localInfo{server[127.10.0.1],deviceId[127.10.0.1],deviceIp[127.11.0.1]}, "
    "remoteIP{server[127.10.0.2],deviceId[127.10.0.2],deviceIp[127.11.0.2]}\n",
)


def test_hccl_link_faults_of_faultdiag_are_communication() -> None:
    """FaultDiag's AISW_CANN_HCCL_017 (a socket link between NPUs not set up: the peer rank, the
    NPU network, TLS, ports) and AISW_CANN_HCCL_029 (RoCE retransmissions exhausted: packet
    loss, links down, NIC settings) were transcribed as install/version, against their own
    descriptions. The ERROR CQE line is also the HCCL guide's own case (kb/data/faq), whose entry
    names it more specifically: either vendor entry, told as communication."""
    for log in HCCL_LINK_FAULTS:
        top = unsigned(log)[0]
        assert top.signature_id in (
            "faultdiag.aisw_cann_hccl_017",
            "faultdiag.aisw_cann_hccl_029",
            "faq.hccl.roce-error-cqe",
        ), log
        assert (top.layer, top.kind) == ("communication", "environment"), log


# PyTorch's own messages that FaultDiag's AISW_PyTorch_Model_02, _Train_05 and _Train_04 read:
# https://github.com/NVIDIA/DeepLearningExamples/issues/651 (an optimizer state from another
# model), https://github.com/hpcaitech/ColossalAI/issues/524 and
# https://github.com/SCHENLIU/longformer-chinese/issues/15 (a collective's arguments).
PYTORCH_CODE_FAULTS = (
    (
        '  File "/opt/conda/lib/python3.6/site-packages/torch/optim/optimizer.py", line 111, in'
        ' load_state_dict\n    raise ValueError("loaded state dict has a different number of "\n'
        "ValueError: loaded state dict has a different number of parameter groups\n",
        "faultdiag.aisw_pytorch_model_02",
        "operator_execution",
    ),
    (
        "RuntimeError: Tensor list input to scatter/gather must match number of collective "
        "participants\n",
        "faultdiag.aisw_pytorch_train_05",
        "communication",
    ),
    (
        "RuntimeError: Invalid function argument. Expected parameter `tensor` to be of type "
        "torch.Tensor.\n",
        "faultdiag.aisw_pytorch_train_04",
        "communication",
    ),
)


def test_pytorch_argument_faults_of_faultdiag_are_the_jobs_code() -> None:
    """The three were transcribed as install/version; their descriptions say the job passed what
    does not fit (a checkpoint of another model, a tensor list of the wrong length or type)."""
    for log, fault, layer in PYTORCH_CODE_FAULTS:
        top = explain_text(log)[0]
        assert (top.signature_id, top.layer, top.kind) == (fault, layer, "code"), log


def test_a_code_of_canns_registry_is_told_with_its_registered_meaning() -> None:
    """EL0014 is in no document this catalogue first read, but in CANN's own error registry
    (hicann/runtime src/dfx/error_manager/error_code.json: "Operation_Unsupported"). It is told
    with that meaning, and placed by its words as a family's code is.
    tests/data/triage_sixth/25-opencv-cannops-310b-memcpy2d.log:5."""
    first = explain_text("> EL0014: The operation is unsupported. \n")[0]
    assert (first.signature_id, first.layer) == ("code.cann.el0014", "operator_execution")
    assert "Operation Unsupported: The operation is unsupported." in first.title
