"""Class rules of the fallback (issue 15): recurring classes of failure named by the message's
shape and the frames' packages, on real lines of the committed failure corpora (each with the
thread it comes from). A class ranks below a specific signature and above a diagnosis read
from the exception type or the words alone."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text
from bringup.triage.exceptionrules import match_exception
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.tiers import FALLBACK_SCORES

# https://github.com/flashserve/flash-linear-attention-npu/issues/321 (triage_sixth 24): fla_npu
# reads torch_npu.ops, which the torch_npu 2.10 dev build no longer exposes.
FLA_NPU_OPS = """\
Traceback (most recent call last):
  File "<string>", line 1, in <module>
  File "/opt/conda/lib/python3.12/site-packages/torch_npu/_init/core/_exports.py", line 88, in __getattr__
    return _lazy_import_api(name)
  File "/opt/conda/lib/python3.12/site-packages/torch_npu/_init/core/_exports.py", line 78, in _lazy_import_api
    raise AttributeError(
AttributeError: module 'torch_npu' has no attribute 'ops'. Did you mean: 'os'?
"""  # noqa: E501

# https://github.com/vllm-project/vllm-ascend/issues/718 (triage_heldout 19): vllm_ascend reads
# an attribute vllm does not have; the thread's cause is more specific (a vllm source tree in the
# working directory shadows the installed vllm), and its signature ranks first.
VLLM_ASCEND_SHADOWED = """\
  File "/workspace/vllm-ascend/vllm_ascend/__init__.py", line 28, in register_model
    if vllm_version_is("0.8.4"):
  File "/workspace/vllm-ascend/vllm_ascend/utils.py", line 94, in vllm_version_is
    vllm_version = vllm.__version__
AttributeError: module 'vllm' has no attribute '__version__'
"""

# https://github.com/flashserve/flash-linear-attention-npu/issues/616 (triage_sixth 21): the
# operator's parameter check refuses the test's values (161001).
FLA_NPU_WORKSPACE = """\
raise RuntimeError(f"{name}GetWorkspaceSize failed with aclnnStatus={ret}.")
RuntimeError: aclnnRecomputeWUFwdGetWorkspaceSize failed with aclnnStatus=161001.
"""

# https://github.com/vllm-project/vllm-ascend/issues/2255 (triage_seventh 24): the ATB RoPE
# operation refuses the rotary coefficient vllm-ascend passed for GLM-4.
VLLM_ASCEND_ROPE = """\
[rank0]:[W731 07:57:56.838912403 compiler_depend.ts:335] Warning: Cannot create tensor with interal format while allow_internel_format=False, tensor will be created with base format.
[rank0]:[E731 07:58:03.605457886 compiler_depend.ts:429] RopeOperation setup failed!
Exception raised from OperationSetup at build/third_party/op-plugin/op_plugin/CMakeFiles/op_plugin_atb.dir/compiler_depend.ts:148 (most recent call first):
"""  # noqa: E501

# https://github.com/PaddlePaddle/Paddle/pull/34371 (triage_seventh 05): GE's op information
# library has no int8 kernel of LogicalAnd on this chip.
PADDLE_LOGICAL_AND = (
    "The reason why this op LogicalAnd is not supported by op information library[tbe-builtin]"
    " is that [Dynamic check]: data type DT_INT8 of input [x1] is not supported.\n"
)

BUILD_LINES = [
    # https://github.com/ggml-org/llama.cpp/issues/9844 (triage_seventh 20): the CANN backend
    # after ggml's backend API changed.
    "/app/ggml/src/ggml-cann.cpp:1154:13: error: no match for 'operator=' (operand types are"
    " 'ggml_backend_buffer_type' and '<brace-enclosed initializer list>')",
    # https://github.com/vllm-project/vllm-ascend/issues/804 (triage_third 27): custom kernels
    # after a CANN compiler change.
    "Output of ascend_compiler: /home/vllm-ascend/csrc/kernels/pos_encoding_kernels.cpp:357:9:"
    " error: use of undeclared identifier 'rope_custom_true_half'; did you mean"
    " 'rope_custom_true___cce_half'?",
    # https://github.com/microsoft/onnxruntime/issues/25074 (triage_sixth 35): the CANN
    # execution provider's source on main.
    "/root/Git.d/onnxruntime/onnxruntime/core/providers/cann/cann_execution_provider.cc:1499:1:"
    " error: expected unqualified-id before \u2018/\u2019 token",
]


REFUSES_NPU = "class.operator.npu-kernel-refuses-inputs"


def _fallback(log: str) -> list[tuple[str, str]]:
    return [(d.signature_id, d.layer) for d in diagnose(scan_log(log).findings)]


def test_a_missing_plugin_api_is_the_plugin_out_of_step_at_install() -> None:
    (first, *_) = diagnose(scan_log(FLA_NPU_OPS).findings)
    assert (first.signature_id, first.layer, first.kind) == (
        "class.install.npu-api-missing-in-installed-plugin",
        "install",
        "version",
    )
    assert first.score == FALLBACK_SCORES["class"]


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_twentyfourth/a11-mindspeed-mm-qwen35-bridge-missing-te-utils.log
        # (Ascend/MindSpeed-MM commit dcd39d8d: the installed MindSpeed has no TE utils module).
        "ModuleNotFoundError: No module named 'mindspeed.te.pytorch.utils'\n",
        # https://github.com/modelscope/ms-swift/issues/4886 (its title): swift on vllm-ascend
        # 0.7.3rc1, a release without the module.
        "ModuleNotFoundError: No module named 'vllm_ascend.distributed'\n",
    ],
)
def test_a_plugins_submodule_not_found_is_the_installed_plugin_out_of_step(log: str) -> None:
    """Python names the dotted module only once its parent imported: the plugin is installed,
    in a release without that module."""
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == (
        "class.install.npu-api-missing-in-installed-plugin",
        "install",
    )


def test_a_plugins_private_module_not_found_is_no_release_out_of_step() -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/3793: collect_env.py run in a source
    # checkout whose generated _version module was never built.
    log = "ModuleNotFoundError: No module named 'vllm_ascend._version'\n"
    assert explain_text(log)[0].signature_id != "class.install.npu-api-missing-in-installed-plugin"


def test_an_api_error_raised_in_a_plugins_frames_is_install_whatever_its_type() -> None:
    (sighting, *_) = scan_log(VLLM_ASCEND_SHADOWED).findings.all_exceptions()
    rule = match_exception(sighting, builtin_rules().exceptions)
    assert rule is not None
    assert rule.id == "class.install.npu-plugin-out-of-step"
    (sighting, *_) = scan_log(FLA_NPU_OPS).findings.all_exceptions()
    only = [r for r in builtin_rules().exceptions if r.id == "class.install.npu-plugin-out-of-step"]
    assert match_exception(sighting, only) is only[0]


def test_the_same_error_outside_a_plugins_frames_is_not_the_class() -> None:
    outside = VLLM_ASCEND_SHADOWED.replace("vllm-ascend/vllm_ascend", "app/serving")
    assert "class.install.npu-plugin-out-of-step" not in dict(_fallback(outside))


def test_a_specific_signature_ranks_above_the_class() -> None:
    ranked = [d.signature_id for d in explain_text(VLLM_ASCEND_SHADOWED)]
    assert ranked[0] == "python.package-shadowed"


def test_an_operator_refusing_its_parameters_is_its_exact_code_told_as_the_class_once() -> None:
    # ACLNN_ERR_PARAM_NULLPTR's meaning (a parameter verification error) is this class
    # (``same_as``): one diagnosis, at the class's rank.
    (refused, *rest) = diagnose(scan_log(FLA_NPU_WORKSPACE).findings)
    assert (refused.signature_id, refused.layer) == (REFUSES_NPU, "operator_execution")
    assert refused.score == FALLBACK_SCORES["class"]
    assert refused.captures["code"] == "161001"
    ids = [d.signature_id for d in rest]
    assert REFUSES_NPU not in ids
    assert "class.operator.kernel-refuses-inputs" not in ids
    assert "code.aclnn.161001" not in ids


# tests/data/triage_twentieth/f03-vllm-ascend-glm4-atb-rope-setup-failed.log, lines 2-3: the same
# refusal where torch_npu's line names no operation; op-plugin's ATB OperationSetup raised it.
VLLM_ASCEND_SETUP = """\
[rank1]:[E428 03:37:31.268946165 compiler_depend.ts:422] setup failed!
Exception raised from OperationSetup at build/third_party/op-plugin/op_plugin/CMakeFiles/op_plugin_atb.dir/compiler_depend.ts:131 (most recent call first):
"""  # noqa: E501


@pytest.mark.parametrize("log", [VLLM_ASCEND_ROPE, VLLM_ASCEND_SETUP, PADDLE_LOGICAL_AND])
def test_an_npu_operator_refusing_its_inputs_is_the_class_not_a_word_placement(log: str) -> None:
    assert _fallback(log)[0] == ("class.operator.npu-kernel-refuses-inputs", "operator_execution")


def test_the_class_outranks_the_failure_line_of_the_same_log() -> None:
    ranked = explain_text(VLLM_ASCEND_ROPE)
    assert ranked[0].signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert all(d.score < ranked[0].score for d in ranked[1:])


@pytest.mark.parametrize("line", BUILD_LINES)
def test_a_source_level_compile_error_is_the_projects_code_at_build(line: str) -> None:
    (first, *rest) = explain_text(line + "\n")
    assert (first.signature_id, first.layer) == ("class.build.source-out-of-step", "build")
    assert all(d.signature_id != "line.build.compiler-error" for d in rest[:1])


def test_a_header_the_compiler_cannot_find_is_not_a_source_bug() -> None:
    # https://github.com/vllm-project/vllm-ascend/pull/661 (triage_sixth 49): a missing header
    # is the environment's, not the code's.
    line = (
        "/__w/vllm-ascend/vllm-ascend/csrc/torch_binding.cpp:20:10: fatal error: "
        "torch_npu/csrc/core/npu/NPUStream.h: No such file or directory\n"
    )
    assert "class.build.source-out-of-step" not in dict(_fallback(line))


def test_an_aclnn_operator_without_the_dtype_is_the_class_below_the_signature() -> None:
    # https://github.com/hiyouga/LlamaFactory/issues/4165 (triage_fresh 06): bf16 on a 910A.
    log = (
        "RuntimeError: call aclnnCast failed, detail:EZ1001: The param dtype not implemented for"
        " DT_BFLOAT16, should be in dtype support list [DT_FLOAT16,DT_FLOAT,DT_DOUBLE,DT_INT8,"
        "DT_UINT8,DT_INT16,DT_INT32,DT_INT64,DT_BOOL,DT_COMPLEX64,DT_COMPLEX128,].\n"
    )
    (sighting, *_) = scan_log(log).findings.all_exceptions()
    rule = match_exception(sighting, builtin_rules().exceptions)
    assert rule is not None
    assert rule.id == "class.operator.kernel-refuses-inputs"
    assert explain_text(log)[0].signature_id == "ascend.runtime.bf16-unsupported"


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/NVIDIA/gpu-driver-container/issues/735 (triage_seventh 30): the
        # driver image installed a Fabric Manager of another version.
        "fabric manager NVIDIA GPU driver interface version 590.48.01 don't match with driver"
        " version 580.126.09.\n",
        # https://github.com/NVIDIA/nccl/issues/976 (triage_sixth 06): NVLS allocation after
        # Fabric Manager was restarted under running processes.
        "NCCL version 2.18.5+cuda12.2\n"
        "transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'\n"
        "NCCL INFO transport/nvls.cc:324 -> 1\n",
    ],
)
def test_an_nvswitch_fabric_out_of_step_is_device_init(log: str) -> None:
    assert ("class.device-init.nvlink-fabric-out-of-step", "device_init") in _fallback(log)


NVLINK_FABRIC = "class.device-init.nvlink-fabric-out-of-step"


def test_a_code_on_a_line_a_class_places_takes_the_class_layer() -> None:
    """The class the line states ranks first (the CUDA code on its line says only what the
    call returned); in NCCL's NVLS transport the code too is the NVSwitch fabric's fault
    (device_init), not the collective's."""
    # https://github.com/NVIDIA/nccl/issues/976 (triage_sixth 06).
    log = (
        "transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'\n"
        "NCCL INFO transport/nvls.cc:324 -> 1\n"
    )
    top = explain_text(log)[0]
    assert (top.signature_id, top.layer) == (NVLINK_FABRIC, "device_init")
    codes = [d for d in diagnose(scan_log(log).findings) if d.signature_id == "code.cuda.1"]
    assert [d.layer for d in codes] == ["device_init"]


def test_a_messages_searches_are_done_once_however_often_the_rules_are_tried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fuzzed log's 2 MB run of digits inside a ValueError's message took 65 s under load:
    the rules' message patterns searched the megabyte four times (as itself, as pasted alone,
    then the placing rules). Each pattern now searches it once, and the rule is the same."""
    digits = "1" * 200_000
    log = f"Traceback (most recent call last):\nValueError: {digits} is not supported\n"
    (sighting, *_) = scan_log(log).findings.all_exceptions()
    searched: list[str] = []
    search = re.search

    def counted(pattern: str, text: str) -> object:
        if text is sighting.message:
            searched.append(pattern)
        return search(pattern, text)

    monkeypatch.setattr(re, "search", counted)
    memo: dict[tuple[str, str], bool] = {}  # the caller's, one per exception
    first = match_exception(sighting, builtin_rules().exceptions, memo)
    again = match_exception(sighting, builtin_rules().exceptions, memo)
    assert first is again
    assert first is not None
    assert first.id == "class.code.unsupported-configuration"
    assert searched
    assert len(searched) == len(set(searched))
