"""Outsider 28's explain defects (session 44, tests/data/outsider47): ten runtime failure logs
pasted from public threads, each thread and established cause in logs/README.md and truth.md;
odd1/odd2 are the outsider's CRLF+ANSI and glued variants of two of them."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage import explain_text, namedoperator, tiers, vendors
from bringup.triage.fallbackrules import builtin_rules

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider47" / "logs"

# source: https://github.com/NVIDIA/FasterTransformer/issues/181 is fp16-only too; this line:
# source: https://github.com/SevaSk/ecoute/issues/121
HALF_GEMM = (
    "CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, "
    "n, k, &falpha, a, CUDA_R_16F, lda, b, CUDA_R_16F, ldb, &fbeta, c, CUDA_R_16F, ldc, "
    "CUDA_R_32F, CUBLAS_GEMM_DFALT_TENSOR_OP)`"
)


def _ranked(name: str) -> list[Diagnosis]:
    return explain_text((LOGS / name).read_text(encoding="utf-8"))


def _ids(ranked: list[Diagnosis]) -> list[str]:
    return [d.signature_id for d in ranked]


def test_a_half_precision_gemm_failure_is_read_as_cublas_not_as_an_assert() -> None:
    # D1: isl-org/DPT#4, CUDA 10.2, fp16 cublasGemmEx from F.conv2d ("likely a CUDA issue. We
    # tested with CUDA 11.2"); no assert in the log, so the assert reading is not first.
    for ranked in (_ranked("c2_dpt4_cublas.log"), explain_text([HALF_GEMM])):
        first = ranked[0]
        assert (first.signature_id, first.layer) == (
            "cuda.runtime.cublas-half-gemm-failed",
            "operator_execution",
        )
        assert "newer" in first.fix


def test_the_same_gemm_after_an_assert_or_an_index_error_is_the_assert() -> None:
    # huggingface/transformers#12935: token ids beyond the vocabulary; cuBLAS fails on the GPU,
    # "IndexError: index out of range in self" on the CPU.
    for extra in (
        "IndexError: index out of range in self",
        "RuntimeError: CUDA error: device-side assert triggered",
    ):
        assert _ids(explain_text([HALF_GEMM, extra]))[0] == "cuda.runtime.device-side-assert"


def test_no_ascend_knowledge_on_a_line_that_names_only_cuda() -> None:
    # D2: VITA-Group/TEGNAS#19, PyTorch's "CUDA kernel errors might be asynchronously reported"
    # matched FaultDiag's CANN fault "Failed to execute an operator asynchronously"; the same
    # CUDA lines glued before an NPU log (odd2) neither.
    for name in ("c3_tegnas19_illegal_mem.log", "odd2_glued.log"):
        assert not [i for i in _ids(_ranked(name)) if i.startswith("faultdiag.aisw_pytorch_train")]


def test_the_ascend_fault_keeps_its_torch_npu_line() -> None:
    # the rule drops only what names another vendor's stack and none of its own: the fault's
    # wording as torch_npu prints it is kept, PyTorch's CUDA wording is not
    # source: https://github.com/Comfy-Org/ComfyUI/issues/7499
    npu = (
        "Since the operator is called asynchronously, the stacktrace may be inaccurate. If you "
        "want to get the accurate stacktrace, pleace set the environment variable "
        "ASCEND_LAUNCH_BLOCKING=1."
    )
    # source: https://github.com/VITA-Group/TEGNAS/issues/19
    cuda = (
        "CUDA kernel errors might be asynchronously reported at some other API call,so the "
        "stacktrace below might be incorrect."
    )
    some = _ranked("c3_tegnas19_illegal_mem.log")[0]
    fault = "faultdiag.aisw_pytorch_train_15"
    for text, kept in ((npu, True), (cuda, False)):
        diagnosis = msgspec.structs.replace(
            some, signature_id=fault, evidence=[Evidence(line=1, text=text)]
        )
        left = vendors.spoken_for([diagnosis], builtin_rules().stacks)
        assert bool(left) is kept
    # bringup's own signatures keep their lines
    assert vendors.spoken_for([some], builtin_rules().stacks, written={some.signature_id})


def test_an_npu_failure_glued_after_a_cuda_one_keeps_its_own_codes() -> None:
    # D3: odd2 is TEGNAS#19's CUDA fault, a shell line, then LlamaFactory#5322's NPU OOM; the
    # NPU's lines keep 207001 as on their own, and no FaultDiag template takes its place.
    alone = _ids(_ranked("a1_llamafactory5322_npu_oom.log"))
    glued = _ids(_ranked("odd2_glued.log"))
    assert glued[0] == "cuda.runtime.illegal-memory-access"
    assert glued[1:] == alone
    assert "faultdiag.aisw_framework_custom_01" not in glued


def test_a_collective_timeout_beside_one_ranks_long_preprocessing_names_that_work() -> None:
    # D4: hiyouga/LlamaFactory#2424, "Running tokenizer on dataset ... [29:55" on the line of
    # the 1800 s ALLREDUCE timeout: the cause is the tokenization on one rank.
    first = _ranked("c5_llamafactory2424_nccl_tokenize.log")[0]
    assert (first.signature_id, first.layer) == (
        "dist.timeout-behind-one-rank-work",
        "communication",
    )
    assert "ALLREDUCE" in first.cause
    assert "tokenized" in first.fix
    assert "timeout" in first.fix


def test_the_same_work_beside_an_hccl_sync_timeout_is_the_same_cause() -> None:
    # the NPU twin: hiyouga/LlamaFactory#5551's EE1002 line (its thread: rank-0 tokenization
    # outlasts the timeout) beside #2424's progress line of that tokenization
    log = [
        "Running tokenizer on dataset:   9%|███████▊      | 280000/2969526 [29:55<4:48:08, "
        "155.57 examples/s]",
        "EE1002: 2024-09-26-16:06:40.565.510 Stream synchronize timeout. rtDeviceSynchronize "
        "execute failed, reason=[stream sync timeout]",
    ]
    assert _ids(explain_text(log))[0] == "dist.timeout-behind-one-rank-work"


def test_a_timeout_without_such_work_keeps_its_own_reading() -> None:
    # huggingface/finetrainers#114's lines show no work of one rank: the watchdog's reading
    assert _ids(_ranked("c4_finetrainers114_nccl_validation.log"))[0] == "nccl.watchdog-timeout"
    assert _ids(_ranked("a2_llamafactory5551_stream_sync_timeout.log"))[0] == (
        "ascend.hccl.device-sync-timeout"
    )


def test_a_collectives_name_takes_no_article_of_its_own() -> None:
    # D9: "A ALLREDUCE did not complete"; the operation's name is read from the log
    first = _ranked("c4_finetrainers114_nccl_validation.log")[0]
    assert first.cause.startswith("The BROADCAST collective did not complete")


def test_a_bare_code_is_no_more_than_medium() -> None:
    # D6: vllm-project/vllm-ascend#4914, "RuntimeError: ACL stream synchronize failed, error
    # code:507014": the code's documented meaning, not the failure's own message
    first = _ranked("a3_vllmascend4914_507014.log")[0]
    assert first.signature_id == "ascend.runtime.aicore-timeout"
    assert tiers.confidence_grounds(first.confidence, first.score)[0] == "medium"


def test_a_timestamped_cann_message_is_its_codes_own_with_the_vendors_page() -> None:
    # D3/D8: hiyouga/LlamaFactory#5322, "EL0004: 2024-08-28-16:15:00.358.141 Failed to allocate
    # memory."; the code's page is CANN's error code reference, and FaultDiag's catch-all
    # (a log line's format as its text) says nothing more under it
    ranked = _ranked("a1_llamafactory5322_npu_oom.log")
    first = ranked[0]
    assert (first.signature_id, first.layer) == ("ascend.runtime.el0004-memory", "memory")
    assert tiers.confidence_grounds(first.confidence, first.score)[0] == "high"
    assert first.source.startswith("https://www.hiascend.com/")
    assert not [d for d in ranked if "Mem stats" in d.cause]


def test_an_npu_allocation_failure_code_is_device_memory_not_hardware_storage() -> None:
    # D7: hiyouga/LlamaFactory#5322, "rtFftsPlusTaskLaunch execute failed, reason=[driver
    # error:out of memory]" (207001) under EL0004: the device's memory for this workload
    ranked = _ranked("a1_llamafactory5322_npu_oom.log")
    assert all(d.kind != "hardware" for d in ranked)
    assert not [d for d in ranked if "storage space" in d.fix]
    assert "ascend.runtime.device-memory-alloc-failed" in _ids(ranked)


def test_the_operator_the_log_names_is_in_the_answer() -> None:
    # D5: vllm-project/vllm-ascend#11531, "call aclnnSparseFlashAttention failed" above the
    # AI Core MTE fault whose answer sends the reader to the plog to find the operator
    first = _ranked("a4_vllmascend11531_sfa_aicore.log")[0]
    assert first.layer == "operator_execution"
    assert "aclnnSparseFlashAttention" in first.cause


def test_torch_npus_other_wording_of_the_operator_is_read_too() -> None:
    # source: https://github.com/vllm-project/vllm-ascend/issues/8494 (its title)
    line = (
        "[Bug]: The process exits for this inner error, and the current working operator name "
        "is RopeOperation"
    )
    some = _ranked("a4_vllmascend11531_sfa_aicore.log")[0]
    other = msgspec.structs.replace(
        some, signature_id="code.cann.ez9999", evidence=[Evidence(line=1, text=line)]
    )
    first = namedoperator.said([some, other])[0]
    assert first.cause.endswith("The log names the operator: RopeOperation.")
