"""Who raised it (issue 15): an exception no rule explains, told by the frame that raised it.

An exception that no rule reads from its type, message or frames was placed by its words alone
(``evidence.operator.unnamed`` / ``.operation``). Where the job's own code raised it (a ``raise``
or an ``assert`` on the innermost frame's line, a frame outside the vendor runtimes and
bindings, no call into a compiled function) in words that name no device, runtime or
environment, it is the project's class: its defect (class.code.project-bug), or its refusal of
the configuration when the words refuse (class.code.unsupported-configuration). Told in the
evidence entry's place: same layer, same rank. Not where the words name a device or the chip,
where the standard library or a vendor binding raised it; pasted alone, only for a type no
binding raises (NotImplementedError, Exception, a package's own class) or a RuntimeError whose
words name no device, runtime or missing piece (a binding's check of what the code passed);
nor a refusal an installed package raised under another installed package's call (the two may
be out of step), while a plugin's own logic failing under its host's call is its defect. A
failure line no exception was read from, naming one of Python's logic errors, is the defect too.

Each line is named by its public source (the tuning half's case, where it is one)."""

from __future__ import annotations

from typing import Optional

from bringup.triage import explain_text, scan_log
from bringup.triage.exceptionrules import raised_by_project
from bringup.triage.fallback import with_message
from bringup.triage.fallbackrules import builtin_rules

# vllm-project/vllm-ascend#4627: vLLM-Ascend's ModelRunner never implemented get_kv_cache_spec
# for an encoder-decoder model (whisper); the reporter's traceback, its path shortened by them.
UNIMPLEMENTED = (
    "Traceback (most recent call last):\n"
    '  File ".../model_runner_v1.py", line 3347, in get_kv_cache_spec\n'
    "    raise NotImplementedError\n"
    "NotImplementedError\n"
)

# vllm-project/vllm-ascend#6796 (tests/fixtures/logs/ascend.install.chip-unsupported): the
# plugin's own check refuses the chip (an install problem: the release does not support it).
_PREFIX = "(EngineCore_DP0 pid=13770) ERROR 02-25 03:11:49 [multiproc_executor.py:751] "
CHIP = (
    f"{_PREFIX}Traceback (most recent call last):\n"
    f'{_PREFIX}  File "/vllm-workspace/vllm-ascend/vllm_ascend/utils.py", line 706, in '
    "check_ascend_device_type\n"
    f'{_PREFIX}    raise RuntimeError(f"Can not support soc_version: {{soc_version}}.")\n'
    f"{_PREFIX}RuntimeError: Can not support soc_version: 104.\n"
)

# ELEVENTH b03-arm64-tensordict-too-old.log (volcengine/verl pull 1776): verl's actor uses `in`
# on a TensorDict that the installed (older) tensordict refuses: two packages out of step.
TENSORDICT = (
    "Traceback (most recent call last):\n"
    '  File "/home/mnj/models/code/verl/verl/verl/workers/actor/dp_actor.py", line 83, in '
    "_forward_micro_batch\n"
    '    if "multi_modal_inputs" in micro_batch:\n'
    '  File "/usr/local/python3.10.17/lib/python3.10/site-packages/tensordict/tensordict.py", '
    "line 2932, in __contains__\n"
    "    raise NotImplementedError(\n"
    "NotImplementedError: TensorDict does not support membership checks with the `in` keyword. "
    "If you want to check if a particular key is in your TensorDict, please use `key in "
    "tensordict.keys()` instead.\n"
)

# CSAILVision/unifiedparsing#12 (tests/fixtures/logs/toolchain.ninja-missing): torch's
# cpp_extension raises it: a vendor framework's frame, the host's missing tool.
NINJA = (
    "Traceback (most recent call last):\n"
    '  File "/home/user/anaconda3/lib/python3.7/site-packages/torch/utils/cpp_extension.py", '
    "line 1011, in verify_ninja_availability\n"
    "    raise RuntimeError('Ninja is required to load C++ extensions')\n"
    "RuntimeError: Ninja is required to load C++ extensions\n"
)


def _owner(log: str) -> Optional[str]:
    findings = scan_log(log).findings
    sighting = with_message(findings.all_exceptions()[0], findings)
    rule = raised_by_project(sighting, builtin_rules().exceptions)
    return rule.id if rule is not None else None


def test_a_method_the_projects_own_frame_never_implemented_is_its_defect() -> None:
    diagnosis = explain_text(UNIMPLEMENTED)[0]
    assert (diagnosis.signature_id, diagnosis.layer) == (
        "class.code.project-bug",
        "operator_execution",
    )
    assert diagnosis.confidence == "low"


def test_the_projects_refusal_of_the_chip_is_no_class_of_the_code() -> None:
    assert _owner(CHIP) is None


def test_a_plugins_own_logic_failing_under_its_hosts_call_is_its_defect() -> None:
    under_vllm = UNIMPLEMENTED.replace(
        '  File ".../model_runner_v1.py"',
        '  File "/usr/local/lib/python3.11/site-packages/vllm/v1/worker/gpu_worker.py", line 288, '
        "in get_kv_cache_spec\n    return self.model_runner.get_kv_cache_spec()\n"
        '  File "/vllm-workspace/vllm-ascend/vllm_ascend/worker/model_runner_v1.py"',
    )
    assert _owner(under_vllm) == "class.code.project-bug"


def test_a_package_refusing_how_another_package_calls_it_is_no_class_of_the_code() -> None:
    assert _owner(TENSORDICT) is None
    caller_only = TENSORDICT.replace(
        "/usr/local/python3.10.17/lib/python3.10/site-packages/tensordict/tensordict.py",
        "/home/mnj/models/code/verl/verl/verl/utils/tensordict_utils.py",
    )
    assert _owner(caller_only) == "class.code.unsupported-configuration"


def test_a_vendor_frameworks_frame_or_the_standard_librarys_is_not_the_project() -> None:
    assert _owner(NINJA) is None
    in_threading = UNIMPLEMENTED.replace(
        ".../model_runner_v1.py", "/usr/lib/python3.10/threading.py"
    )
    assert _owner(in_threading) is None


def test_pasted_alone_only_a_type_no_binding_raises_says_who_raised_it() -> None:
    # Ascend/pytorch@c20538f3 (TWENTYSECOND b03-torch-npu-privateuse1-hooks-generator.log):
    # torch_npu did not register the hooks torch.accelerator reads.
    hooks = "NotImplementedError: You should register `PrivateUse1HooksInterface` ...\n"
    assert explain_text(hooks)[0].signature_id == "class.code.project-bug"
    # if-ai/ComfyUI-IF_Trellis#40 (tests/fixtures/logs/cuda.runtime.flash-attn-ampere): the
    # extension's C++ check, a RuntimeError, refuses the GPU.
    assert _owner("RuntimeError: FlashAttention only supports Ampere GPUs or newer.\n") is None
    # vllm-project/vllm-ascend pull 9334 (ELEVENTH a01-a5-addrmsnorm-dynquant-outputmask.log).
    assert (
        _owner("RuntimeError: npu_add rms norm_dynamic_quant:../third party/op-plugin/\n") is None
    )


def test_a_runtime_error_alone_naming_no_device_or_missing_piece_is_the_projects_defect() -> None:
    # kijai/ComfyUI-CogVideoXWrapper#267 (its title; the maintainer: "indeed I broke it with last
    # update, should be fixed now"): the project fed a conv layer another dtype than its weights.
    dtypes = (
        "RuntimeError: Input type (struct c10::BFloat16) and bias type (struct c10::Half) "
        "should be the same\n"
    )
    # AaronComo/LipFD#18 (its title; fixed by `p.requires_grad = True` in the project's
    # trainer/trainer.py, "a typo here"): backward through parameters the code had frozen.
    frozen = (
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn\n"
    )
    for alone in (dtypes, frozen):
        diagnosis = explain_text(alone)[0]
        assert (diagnosis.signature_id, diagnosis.layer) == (
            "class.code.project-bug",
            "operator_execution",
        )


def test_a_runtime_error_alone_naming_what_is_not_available_is_no_class_of_the_code() -> None:
    # vitaldb/pyvital#2 ("Need numpy < 2. Otherwise ..."): torch built against NumPy 1.x finds
    # NumPy 2 (pytorch/pytorch#132179: pin numpy and torch to versions that go together), an
    # install skew in the same form as the two above.
    numpy = "  RuntimeError: Numpy is not available\n"
    assert _owner(numpy) is None
    assert explain_text(numpy)[0].signature_id != "class.code.project-bug"


# hiyouga/LlamaFactory#4077 (TWENTYFIRST b03-llamafactory-npu-ds-save-checkpoint.log): the
# reporter's paste mangled the exception line; a method the wrapped model does not have.
MANGLED = "error\uff1aAttributeError :GemmaForCausalLM'obiect has no attribute\"save checkpoint\n"


def test_a_mangled_line_naming_a_python_logic_error_is_the_projects_defect() -> None:
    assert explain_text(MANGLED)[0].signature_id == "class.code.project-bug"
    module = "error\uff1aAttributeError :module 'numpy' has no attribute 'float'\n"
    assert explain_text(module)[0].signature_id != "class.code.project-bug"
