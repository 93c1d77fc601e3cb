"""A code whose documented meaning is a class of failure is diagnosed as that class (``same_as``
naming a class rule), below any signature that names a more specific cause; and the printing
forms of known causes that pasted logs use (a wrapped line, an ``err=`` code, PyTorch's
device check). Real lines from the corpora, each named by its case file."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from triage_inputs import top

REFUSES = "class.operator.npu-kernel-refuses-inputs"


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_eleventh/a01-a5-addrmsnorm-dynquant-outputmask.log (EZ1001
        # AclNN_Parameter_Error: "Parameter validation failed", CANN error-code reference).
        "RuntimeError: npu_add rms norm_dynamic_quant:../third party/op-plugin/\n"
        "AcINN_Parameter_Error(EZ1001): Input tensor's shape[[1]] should be same\n"
        "with output's shape[[39500, 5120]].\n",
        # tests/data/triage_eighth/a09-sglang-helios-npu-expm1-float64.log line 3: the aclnn
        # status op-plugin returns (ACLNN_ERR_PARAM_INVALID), not an ACL runtime code.
        "[06-23 03:49:48] [HeliosChunkedDenoisingStage] Error during execution after 24935.2933 "
        "ms: expm1:../third_party/op-plugin/op_plugin/ops/opapi/StructKernelNpuOpApi.cpp:1310 "
        "NPU function error: call aclnnExpm1 failed, error code is 161002\n",
    ],
)
def test_a_parameter_validation_code_is_an_operator_refusing_its_inputs(log: str) -> None:
    assert top(log) == (REFUSES, "operator_execution")


def test_a_named_install_cause_still_ranks_above_the_parameter_code() -> None:
    # tests/data/triage_third/33-vllm-ascend-compressormetadata-910b.log: EZ1001 printed for an
    # operator with no binary for this chip; the signature that names that ranks first.
    log = (
        "RuntimeError: call aclnnCompressorMetadata failed\n"
        "AclNN_Parameter_Error(EZ1001): Get regInfo failed,\n"
        "The binary_info_config.json of socVersion [ascend910b] does not support opType "
        "[CompressorMetadata]\n"
    )
    assert top(log)[0] != REFUSES


def test_hccl_buffsize_too_small_on_a_wrapped_line() -> None:
    # tests/data/triage_eleventh/a15-hccl-buffsize-too-small-moe-dispatch.log, first lines.
    log = (
        "EZ9999[PID: 25038] 2026-03-17-08:21:12.001.372 (EZ9999):  HCCL_BUFFSIZE is too SMALL, "
        "maxBs = 256, h = 2048, \n"
        "epWorldSize = 2, localMoeExpertNum = 64, sharedExpertNum = 0, tokenNeedSizeDispatch = "
        "4608, tokenNeedSizeCombine \n"
    )
    assert top(log) == ("ascend.hccl.buffsize-too-small", "communication")


def test_an_acl_code_printed_as_err_equals() -> None:
    # tests/data/triage_eleventh/b21-fa-npu-flashdecode-combine-small-headdim.log.
    log = (
        "RuntimeError: 950 backend (v4): aclrtSynchronizeStream failed after launch_fwd, "
        "err=507015\n"
    )
    assert top(log) == ("ascend.runtime.aicore-exception", "operator_execution")


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_eleventh/a19-lmcache-ascend-cos-sin-cache-on-cpu.log.
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cpu and npu:0! (when checking argument for argument index in method "
        "wrapper_NPU__index_select)\n",
        # tests/data/triage_eleventh/b11-npu-rotary-mul-cos-sin-on-cpu.log, last line.
        "[rank0]: RuntimeError: Expected all tensors to be on the same device, but found at least "
        "two devices, npu:0 and cpu! (when checking argument for argument r1 in method "
        "wrapper__npu_rotary_mul)\n",
    ],
)
def test_a_device_call_given_cpu_tensors(log: str) -> None:
    assert top(log) == ("frameworks.torch-op-on-cpu-tensors", "operator_execution")


def test_two_accelerators_mixed_is_not_a_cpu_tensor() -> None:
    # b11's line with two devices of one accelerator: a model placed across devices, not a
    # tensor left on the CPU (the same PyTorch check prints both).
    log = (
        "[rank0]: RuntimeError: Expected all tensors to be on the same device, but found at least "
        "two devices, npu:1 and npu:0!\n"
    )
    found = explain_text(log)
    assert all(d.signature_id != "frameworks.torch-op-on-cpu-tensors" for d in found)


def test_an_operator_the_dispatcher_does_not_know_is_a_custom_op_not_registered() -> None:
    # tests/data/triage_eleventh/a09-torchvision-nms-vs-torch-npu-pin.log: torchvision's import
    # registers fake kernels for its ops; its library (built for another torch) defined none.
    log = "RuntimeError: operator torchvision::nms does not exist\n"
    found = explain_text(log)
    assert found[0].signature_id == "python.torch-custom-op-missing"
    assert "torch.ops.torchvision has no operator nms" in found[0].cause


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_twentyfourth/c03-cuvs-cagra-cudaErrorInvalidValue.log
        # (rapidsai/cuvs#1771, the corpus's source): CAGRA's launch raced on the kernel's
        # shared-memory attribute; cudaErrorInvalidValue, the caller's argument refused
        "CUDA error encountered at: file=/.../search_single_cta_kernel-inl.cuh line=2207: "
        "call='cudaPeekAtLastError()', Reason=cudaErrorInvalidValue:invalid argument\n",
        # tests/data/triage_twentysixth/b09-cuvs-cagra-cudaErrorInvalidValue-smem.log
        # (rapidsai/cuvs#1851): a kernel variant's shared-memory attribute skipped
        "cuvs_cagra_iterative/6/process_time/real_time  ERROR OCCURRED: 'Benchmark loop: CUDA "
        "error encountered at: file=cpp/src/neighbors/detail/cagra/search_single_cta_kernel-inl"
        ".cuh line=2348: call='cudaPeekAtLastError()', Reason=cudaErrorInvalidValue:invalid "
        "argument\n",
    ],
)
def test_a_cuda_call_refusing_its_arguments_is_the_callers_defect(log: str) -> None:
    assert top(log) == ("class.code.project-bug", "operator_execution")


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/cupy/cupy/issues/5074 ("WSL cuda 11.2"): every allocation refused
        # on WSL, in CuPy's MemoryPool.malloc, no caller's argument wrong
        "cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorInvalidValue: invalid "
        "argument\n",
        # https://github.com/Vahe1994/AQLM/issues/25: the 2x8 kernel's dynamic shared memory is
        # more than a 2080 Ti gives (cudaFuncSetAttribute refused it)
        "RuntimeError: CUDA error: invalid argument\n",
    ],
)
def test_an_invalid_value_alone_is_no_confident_defect_of_the_caller(log: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id == "class.code.project-bug"
    assert first.confidence == "medium"


def test_an_invalid_value_the_platform_refuses_is_no_defect_of_the_caller() -> None:
    # https://github.com/rapidsai/rmm/issues/1029 (its title): the async memory resource is not
    # supported on WSL2
    log = "cuda_async_memory_resource.hpp:77: cudaErrorInvalidValue on WSL2 in Windows10\n"
    first = explain_text(log)[0]
    assert (first.signature_id, first.confidence) == ("code.cuda.1", "medium")


def test_an_invalid_argument_a_class_reads_as_the_fabrics_stays_the_fabrics() -> None:
    # https://github.com/NVIDIA/nccl/issues/1338 (the maintainer: the fabric manager not
    # restarted correctly): the same CUDA code, on NCCL's NVLS line, is the NVSwitch fabric out
    # of step, no caller's defect
    log = (
        "node2:242431:242479 [5] transport/nvls.cc:158 NCCL WARN Cuda failure 1 "
        "'invalid argument'\n"
    )
    assert top(log)[0] == "class.device-init.nvlink-fabric-out-of-step"
