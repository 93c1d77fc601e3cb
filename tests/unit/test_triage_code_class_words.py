"""The words that make an exception the project's own defect (class.code.project-bug) or its
own check (class.code.unsupported-configuration): bytes decoded with a codec they are not in,
a module's state used before the call that sets it up, a C++ assertion raised into Python, a
call or a copy that does not fit; and a compiler's words for source that does
not fit the toolkit (class.build.source-out-of-step). Real lines from the corpora and public
threads, each named by its case file or its thread."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

BUG = "class.code.project-bug"
UNSUPPORTED = "class.code.unsupported-configuration"
SOURCE = "class.build.source-out-of-step"


def top(log: str) -> str:
    found = explain_text(log)
    assert found, log
    return found[0].signature_id


def test_bytes_decoded_with_the_wrong_codec_are_the_projects_defect() -> None:
    # tests/data/triage_eighteenth/f05-triton-ldconfig-unicode-libcuda.log, lines 2-4: triton
    # decodes ldconfig's output as UTF-8.
    log = (
        '  libs = subprocess.check_output(["/sbin/ldconfig", "-p"]).decode()\n'
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xc4 in position 60334: invalid "
        "continuation byte\n"
    )
    assert top(log) == BUG


def test_state_used_before_its_set_up_call_is_the_projects_defect() -> None:
    # tests/data/triage_twentyfirst/f07-vllm-ascend-ut-ascend-config-not-initialized.log, line 2.
    log = (
        "FAILED tests/ut/test_ascend_forward_context.py::test_set_mc2_tokens_capacity_without_"
        "cudagraph_caps_at_512_and_aligns - RuntimeError: Ascend config is not initialized. "
        "Please call init_ascend_config first.\n"
    )
    assert top(log) == BUG


def test_a_state_not_initialised_without_the_call_to_make_is_not_this_class() -> None:
    # The same words with no call named say nothing of the order of the calling code; pasted
    # alone, a RuntimeError is the project's only in words that name no vendor's stack (Ascend,
    # CANN, a device, a runtime: `raised_not`), and these name one.
    log = "RuntimeError: Ascend config is not initialized.\n"
    assert top(log) != BUG


def test_a_cpp_check_raised_into_python_is_the_projects_check() -> None:
    # tests/data/triage_fifteenth/b09-tilelang-ascend-gemm-divide-by-zero.log, lines 2-3:
    # TileLang's (TVM's) ICHECK raises InternalError.
    log = (
        "InternalError: Check failed: pb->value != 0 (0 vs. 0) : Divide by zero\n"
        " --> ...py:65:18  bx = cid // n_num\n"
    )
    assert top(log) == UNSUPPORTED


@pytest.mark.parametrize(
    "line",
    [
        # sgl-project/sglang#29598 (the twenty-second tuning half's
        # a09): the Ascend backend called with a keyword its method does not take.
        "TypeError: AscendMambaAttnBackendBase._replay_metadata() got an unexpected keyword "
        "argument 'in_capture'",
        # vllm-project/vllm-ascend#14025 (the twenty-second tuning
        # half's a07): a slot-mapping buffer sized by an old formula, copied into from a larger
        # one (aclnnInplaceCopy's check).
        "RuntimeError: The size of tensor self [8200] must match the size of tensor src [8208].",
        # aten/src/ATen/ExpandUtils.cpp (infer_size_impl), the broadcast check of the same kind.
        "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at "
        "non-singleton dimension 1",
    ],
)
def test_a_call_or_a_copy_that_does_not_fit_pasted_alone_is_the_projects_defect(
    line: str,
) -> None:
    assert top(line + "\n") == BUG


@pytest.mark.parametrize(
    "line",
    [
        # flashinfer-ai/flashinfer#961 (the twenty-second tuning half's
        # c01): nvcc's front end finds flashinfer's __hmul beside CUDA 12.2's own.
        "#10 1380.2 /usr/flexflow-serve/deps/flashinfer/include/flashinfer/attention/"
        '../vec_dtypes.cuh(55): error: more than one instance of function "flashinfer::__hmul" '
        "matches the argument list:",
        # NVIDIA/TransformerEngine#560 (the twenty-second tuning half's
        # c09): a type name CUDA 12.1's headers define twice once the project's define is set.
        "/usr/local/cuda/include/cuda_fp16.hpp(2724): error: invalid redeclaration of type name "
        '"nv_bfloat16" (declared at line 2837 of /usr/local/cuda/include/cuda_bf16.hpp)',
        # flashinfer-ai/flashinfer#4406 (the twenty-second tuning half's
        # c05): inline PTX of PTX ISA 8.6 (.shared::cta) assembled by CUDA 12.6's ptxas.
        "ptxas monomoe_binding.ptx: State space incorrect for instruction 'cp.async.bulk.tensor'",
    ],
)
def test_nvccs_and_ptxass_words_for_source_that_does_not_fit_the_toolkit(line: str) -> None:
    (first, *_) = explain_text(line + "\n")
    assert (first.signature_id, first.layer) == (SOURCE, "build")


def test_a_validation_that_sends_the_reader_to_the_settings_is_a_refused_configuration() -> None:
    # Ascend/MindIE-LLM@8e1d79a5e35db2d07d16981c732bfaef442b7ca4 (the twenty-third tuning half's
    # b05): atb_llm's model runner re-raises a failed CPU binding as a ValueError that names the
    # configuration, raised in the project's own frames.
    log = (
        '  File "/usr/local/lib/python3.11/site-packages/atb_llm/runner/model_runner.py", '
        "line 161, in __init__\n"
        "    raise ValueError(error_msg) from e\n"
        "ValueError: CPU binding failed; please check configuration.\n"
    )
    assert top(log) == UNSUPPORTED


@pytest.mark.parametrize(
    "log",
    [
        # The same words on a warning are advice, not a failure.
        "[WARNING] CPU binding failed; please check configuration. Falling back to no binding.\n",
        # A clean run's line that only mentions checking the configuration.
        "INFO 06-13 09:46:52 please check configuration of the scheduler below\n",
    ],
)
def test_the_settings_words_on_a_warning_or_a_clean_line_are_no_refusal(log: str) -> None:
    assert UNSUPPORTED not in [d.signature_id for d in explain_text(log)]


# The innermost frames of Ascend/pytorch@1cf25ff1ccf9c356f030b1e7ffafaf5aa5e1c740 (the
# twenty-first tuning half's g03): torch_npu's inductor accuracy check.
_NPU_INDUCTOR_FRAMES = (
    "Traceback (most recent call last):\n"
    '  File "/home/u/miniconda3/envs/llm/lib/python3.10/site-packages/torch_npu/_inductor/'
    'npu_compare.py", line 160, in check_accuracy_mlir\n'
    "    launcher_fx(*fx_args, **kwargs)\n"
    '  File "/home/u/miniconda3/envs/llm/lib/python3.10/site-packages/torch_npu/_inductor/'
    'ascend_npu_ir/ascend_npu_ir/npu/meta_compiler.py", line 221, in module_call\n'
    "    out2.set_(out1)\n"
)


def test_a_tensor_set_to_one_of_another_dtype_is_the_callers_defect_in_any_frame() -> None:
    # Tensor.set_'s binding has no frame: the innermost frame (here torch_npu's own Python
    # code) passed the tensor of the other dtype.
    log = (
        _NPU_INDUCTOR_FRAMES
        + "RuntimeError: Could not set tensor of type c10::BFloat16 to a tensor of type float\n"
    )
    found = explain_text(log)
    assert found[0].signature_id == BUG
    assert found[0].layer == "operator_execution"


def test_another_runtime_error_in_the_same_frames_is_not_the_callers_defect() -> None:
    # Constructed negative: the vendor runtime's error raised through the same frames.
    log = (
        _NPU_INDUCTOR_FRAMES
        + "RuntimeError: NPU function error: c10_npu::acl::AclrtSynchronizeStreamWithTimeout("
        "stream), error code is 507035\n"
    )
    assert top(log) != BUG


def test_the_set_words_on_a_warning_are_no_failure_of_the_project() -> None:
    # Constructed negative: the words quoted in a warning, no exception raised.
    log = (
        "[W] fallback: Could not set tensor of type c10::BFloat16 to a tensor of type float, "
        "copying instead\n"
    )
    assert BUG not in [d.signature_id for d in explain_text(log)]


def test_the_words_that_leave_an_exception_to_its_evidence_are_read_in_its_head() -> None:
    # review33: a megabyte message (a printed tensor) took ~0.6 s a raised_not search; the
    # words are read in its first 2,000 characters. AaronComo/LipFD#18's RuntimeError (the
    # project's defect, tests/unit/test_triage_raised_by_project.py), then printed numbers and
    # a word of raised_not's ("device") a megabyte on, which says nothing of who raised it
    from bringup.triage import scan_log
    from bringup.triage.exceptionrules import raised_by_project
    from bringup.triage.fallbackrules import builtin_rules

    line = "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn"
    rules = builtin_rules().exceptions
    (far,) = scan_log(line + " [" + "0.1250, " * 125_000 + "] device\n").findings.all_exceptions()
    (near,) = scan_log(line + " device\n").findings.all_exceptions()
    found = raised_by_project(far, rules)
    assert found is not None
    assert found.id == BUG
    assert raised_by_project(near, rules) is None
