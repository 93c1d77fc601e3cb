"""A code whose cause a signature describes is diagnosed as that signature (``same_as`` in the
code catalogues), in every form a runtime prints it; and the forms of bfloat16 and AI Core
failures that no framework check words for us. Real lines from public threads, each cited."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.catalogues import builtin_catalogues
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.loader import load_signatures
from triage_inputs import top


def test_every_same_as_names_a_known_signature_or_class() -> None:
    signatures = load_signatures()
    rules = builtin_rules()
    classes = {rule.id for rule in rules.lines if rule.tier == "class"}
    classes |= {rule.id for rule in rules.exceptions if rule.tier == "class"}
    linked = [
        (catalogue.info.name, key, code.same_as)
        for catalogue in builtin_catalogues()
        for key, code in catalogue.by_key.items()
        if code.same_as
    ]
    assert len(linked) >= 20
    for name, key, same_as in linked:
        assert signatures.by_id(same_as) is not None or same_as in classes, (name, key, same_as)


def test_a_code_a_signature_names_in_its_bare_form_is_that_signatures_code() -> None:
    """A signature whose pattern is a runtime's bare "error code is N" is the cause of code N:
    the code's ``same_as`` names it, so the code found in any other form a runtime prints
    (``ret[N]``, ``failed: N``) is diagnosed as that signature, not as the code's meaning."""
    acl = next(c for c in builtin_catalogues() if c.info.name == "acl")
    bare = [
        (signature.id, pattern[len("error code is ") :])
        for signature in load_signatures().signatures
        for pattern in signature.record.patterns
        if pattern.startswith("error code is ") and pattern[len("error code is ") :].isdigit()
    ]
    assert len(bare) >= 5
    for signature_id, code in bare:
        assert acl.by_key[("code", code)].same_as == signature_id, (signature_id, code)


@pytest.mark.parametrize(
    ("log", "expected"),
    [
        # https://github.com/AIR-DISCOVER/ICRA2024-Sim2Real-AXS/issues/5 ("fixed by updating the
        # driver"): PyTorch's "Error N:" form after cudaGetDeviceCount().
        (
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
            "functions before calling NumCudaDevices() that might have already set an error? "
            "Error 804: forward compatibility was attempted on non supported HW\n",
            ("cuda.runtime.driver-insufficient", "device_init"),
        ),
        # https://github.com/NVIDIA/stdexec/issues/888: the binary was built for one GPU's arch
        # only ("Aha. Yes indeed.").
        (
            "CUDA error cudaErrorSymbolNotFound [/home/eniebler/Code/stdexec/include/nvexec/"
            "stream/bulk.cuh:239]: named symbol not found\n",
            ("cuda.runtime.no-kernel-image", "install"),
        ),
        # ACL_ERROR_RT_FFTS_PLUS_TIMEOUT (hicann/runtime errcode_manage.cc: "fftsplus timeout"),
        # as torch_npu's stream synchronize reports it: HCCL's task timeout, communication.
        (
            "RuntimeError: ACL stream synchronize failed, error code:507048\n",
            ("ascend.hccl.task-timeout", "communication"),
        ),
        # https://github.com/NVIDIA/nccl/issues/1528: the same CUDA error quoted by NCCL is an
        # NCCL built for other architectures: a binary built for another GPU is install, whoever
        # reports it.
        (
            "c76d92cccb6e:72:456 [0] enqueue.cc:58 NCCL WARN Cuda failure "
            "'named symbol not found'\n",
            ("cuda.runtime.no-kernel-image", "install"),
        ),
    ],
)
def test_a_code_whose_cause_a_signature_describes_is_that_signature(
    log: str, expected: tuple[str, str]
) -> None:
    assert top(log) == expected


def test_an_acl_code_is_read_in_frameworks_and_markdown_spellings() -> None:
    # https://github.com/PaddlePaddle/PaddleCustomDevice/issues/1213 (title): Paddle's form.
    paddle = "OSError: (External) ACL error, the error code is : 500002\n"
    assert explain_text(paddle)[0].captures.get("code") == "500002"
    # The same code pasted in Markdown bold, as issue templates ask for it.
    markdown = "**Error code**: 507035.\n"
    assert top(markdown) == ("ascend.runtime.aicore-exception", "operator_execution")


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/pytorch/pytorch/issues/57773: cuBLAS refuses a bfloat16 GEMM (P100).
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling "
        "`cublasGemmStridedBatchedExFix(handle, opa, opb, (int)m, (int)n, (int)k, (void*)&falpha, "
        "a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, (int)ldb, strideb, (void*)&fbeta, c, "
        "CUDA_R_16BF, (int)ldc, stridec, (int)num_batches, CUDA_R_32F, "
        "CUBLAS_GEMM_DEFAULT_TENSOR_OP)\n",
        # https://github.com/ModelTC/LightLLM/issues/1029: ptxas refuses a Triton kernel's
        # bfloat16 instructions on a V100 (sm_70).
        "ERROR 08-30 07:32:02 [model_rpc.py:95] ptxas /tmp/tmpjbxlnipm.ptx, line 468; error   : "
        "Feature 'cvt with .f32.bf16' requires .target sm_80 or higher\n",
    ],
)
def test_bfloat16_refused_by_the_library_or_the_assembler(line: str) -> None:
    assert top(line) == ("cuda.runtime.bf16-unsupported", "operator_execution")


@pytest.mark.parametrize(
    "line",
    [
        # The device's report in the forms CANN's AI Core error parser reads (hicann/oam-tools,
        # src/msaicerr/ms_interface/aicore_error_parser.py) and CANN's troubleshooting guide
        # quotes ("there is an aivec error exception", "there is an aicore error exception").
        "EZ9999: Inner Error!\nThe error from device(chipId:1, dieId:0), serial number is 112, "
        "there is an aivec error exception, core id is 28\n",
        "The error from device(chipId:0, dieId:0), serial number is 9, there is an exception of "
        "aicore error, core id is 0\n",
    ],
)
def test_the_devices_own_ai_core_exception_report(line: str) -> None:
    assert top(line) == ("ascend.runtime.aicore-exception", "operator_execution")
