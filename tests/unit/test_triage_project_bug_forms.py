"""The project's own defect told by the shape of its exception (issue 15), not by a thread's words.

Where nothing names a second package, a call that does not fit its callee and a value the code
built wrong are the calling code's defect (class.code.project-bug): pasted alone (no frames),
and raised where no frame is an installed package's (the job's own code, the standard library
it called) unless the innermost frame's line calls through a module (a compiled function has no
frame). PyTorch's function-schema checks are such calls too (an operator called without
an argument its declaration has, or with a value of another type), as are Megatron-style state
checks ("args is not initialized": the code read a global its set-up never made) and ATen's
dtype view of a buffer of the wrong length. A message the copy wrapped onto a second line is
read whole. Where an installed package's frame is innermost, or the job's own code reads an
attribute or keyword an installed package lacks, the call stays two packages out of step.

Lines from the twenty-third triage corpus (tuned on its odd half) are named by their case file
there and the source its cases.toml gives; the other line of each class comes from another
public source."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text, scan_log
from bringup.triage.fallback import with_message

PROJECT_BUG = "class.code.project-bug"

# TWENTYTHIRD a01-verl-npu-marked-timer-typeerror.log (verl-project/verl pull 2576): verl's DAPO
# trainer calls verl's NPU marked_timer with a third argument; the call goes through contextlib.
VERL = (
    '  File "xx/recipe/dapo/dapo_ray_trainer.py", line 134, in fit\n'
    '    with marked_timer("gen", timing_raw, "red"):\n'
    '  File "/usr/local/lib/python3.11/contextlib.py", line 301, in helper\n'
    "    return _GeneratorContextManager(func, args, kwds)\n"
    '  File "/usr/local/lib/python3.11/contextlib.py", line 105, in __init__\n'
    "    self.gen = func(*args, **kwds)\n"
    "TypeError: marked_timer() takes 2 positional arguments but 3 were given\n"
)


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


def test_a_call_of_the_wrong_arity_in_the_jobs_own_frames_is_the_projects_defect() -> None:
    assert _first("Traceback (most recent call last):\n" + VERL) == (
        PROJECT_BUG,
        "operator_execution",
    )


def test_the_same_call_raised_in_an_installed_package_stays_out_of_step() -> None:
    log = VERL.replace(
        "/usr/local/lib/python3.11/contextlib.py",
        "/usr/local/lib/python3.11/site-packages/accelerate/utils/other.py",
    )
    assert _first("Traceback (most recent call last):\n" + log)[0] == (
        "traceback.install.api-out-of-step"
    )


def test_an_attribute_the_jobs_own_code_reads_stays_the_job_out_of_step() -> None:
    # The rule that reads the job's frames comes first: a missing attribute or keyword in the
    # job's own call says the installed package is another release (its own rule's reading).
    log = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 12, in <module>\n'
        "    model.config.rope_theta\n"
        "AttributeError: 'LlamaConfig' object has no attribute 'rope_theta'\n"
    )
    assert _first(log)[0] == "traceback.install.api-out-of-step-in-job"


@pytest.mark.parametrize(
    "log",
    [
        # TWENTYTHIRD a07-mindspeed-fp8-npu-quantize-missing-scales.log (Ascend/MindSpeed commit
        # 26e10029c4838c4624e51801a28f89a83d6431d5): MindSpeed passed scale= to the operator.
        "RuntimeError: npu::npu_quantize() is missing value for argument 'scales'. Declaration:"
        " npu::npu_quantize(Tensor input, Tensor scales, Tensor? zero_points, int dtype, int"
        " axis=1, bool div_mode=True) -> Tensor\n",
        # vllm-project/vllm issue 25013 (its title): vLLM's LoRA benchmark calls the op without
        # the argument it gained.
        "RuntimeError: vllm::lora_shrink() is missing value for argument 'no_lora_flag_cpu'\n",
        # tenstorrent/pytorch2.0_ttnn torch_ttnn/passes/lowering/to_tt_guard.py (its record of
        # the backend's failure on Whisper): the backend passes a SymInt where aten::clone
        # takes a tensor.
        "RuntimeError: aten::clone() Expected a value of type 'Tensor' for argument 'self' but"
        " instead found type 'SymInt'.\n",
    ],
)
def test_a_call_that_does_not_fit_an_operators_declaration_is_the_projects_defect(
    log: str,
) -> None:
    assert _first(log)[0] == PROJECT_BUG


def test_a_global_state_read_before_its_set_up_is_the_projects_defect() -> None:
    # TWENTYTHIRD d01-mindspeed-moe-args-not-initialized.log (Ascend/MindSpeed commit
    # 0c6c0ceaa523a96032dee1539a52032155e6404e): the router reads Megatron's args on a path
    # that never initialised them.
    assert _first("AssertionError: args is not initialized\n")[0] == PROJECT_BUG


def test_an_assertion_refusing_a_setting_stays_the_configuration_refused() -> None:
    log = "AssertionError: num_attention_heads must be divisible by tensor_model_parallel_size\n"
    assert _first(log)[0] == "class.code.unsupported-configuration"


def test_a_dtype_view_of_a_buffer_of_another_length_is_the_projects_defect() -> None:
    # TWENTYTHIRD d03-transferqueue-msgpack-view-byte-long.log (Ascend/TransferQueue commit
    # 6f4441326bc08d95825228f49449f03b12f6fd8d): a tensor rebuilt from the wrong buffer.
    log = "RuntimeError: self.size(-1) must be divisible by 8 to view Byte as Long\n"
    assert _first(log)[0] == PROJECT_BUG


# TWENTYTHIRD a03-liger-ascend-fused-linear-jsd-typeerror.log (linkedin/Liger-Kernel pull 1367):
# the message as the pull request's description wraps it.
WRAPPED = (
    "TypeError: LigerFusedLinearJSDFunction.forward() takes from 5 to 9\n"
    "positional arguments but 10 were given\n"
)


def test_a_message_the_copy_wrapped_is_read_whole() -> None:
    findings = scan_log(WRAPPED).findings
    sighting = findings.last_exception
    assert sighting is not None
    assert with_message(sighting, findings).message == (
        "LigerFusedLinearJSDFunction.forward() takes from 5 to 9 positional arguments but 10"
        " were given"
    )
    assert _first(WRAPPED)[0] == PROJECT_BUG


def test_a_pasted_message_before_a_launchers_line_keeps_its_form() -> None:
    # review s18a finding 6 (fp15): joined to srun's line, the pasted form no longer matched
    log = (
        "AssertionError: args is not initialized\n"
        "srun: error: node-3: task 0: Exited with exit code 1\n"
    )
    assert _first(log)[0] == PROJECT_BUG


@pytest.mark.parametrize(
    "log",
    [
        # A message that ends its sentence: the next line is another.
        "RuntimeError: The operator failed.\nsee the plog for details\n",
        # Python printed it (frames): its lines are its own.
        'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n'
        "RuntimeError: The operator failed with\nsee the plog for details\n",
        # review s18a finding 6 (fp15): the next line is a launcher's, under its own name
        "AssertionError: args is not initialized\n"
        "srun: error: node-3: task 0: Exited with exit code 1\n",
        "RuntimeError: the build failed in\nmake[2]: *** [Makefile:12: all] Error 1\n",
    ],
)
def test_a_message_that_was_not_wrapped_is_left_as_printed(log: str) -> None:
    findings = scan_log(log).findings
    sighting = findings.last_exception
    assert sighting is not None
    assert with_message(sighting, findings) == sighting


def test_the_source_line_under_the_innermost_frame_is_kept() -> None:
    sighting = scan_log(VERL).findings.last_exception
    assert sighting is not None
    assert sighting.call == "self.gen = func(*args, **kwds)"


@pytest.mark.parametrize(
    "log",
    [
        # review s18a finding 7 (fp14): the job's own frame calls a compiled extension, which has
        # no frame of its own; its arity changed between the extension's releases
        "Traceback (most recent call last):\n"
        '  File "/home/user/proj/run.py", line 40, in <module>\n'
        "    out = flash_attn_cuda.fwd(q, k, v, None, 0.0, scale, False, -1, -1, False, None)\n"
        "TypeError: fwd() takes 10 positional arguments but 11 were given\n",
        # review s18a (fp13): numpy's compiled zeros() without the keyword of a later release
        "Traceback (most recent call last):\n"
        '  File "/home/user/proj/train.py", line 88, in <module>\n'
        "    main()\n"
        '  File "/home/user/proj/train.py", line 61, in main\n'
        "    buf = np.zeros(shape, like=ref)\n"
        "TypeError: zeros() got an unexpected keyword argument 'like'\n",
        # review s18a finding 7 (fp17): torch.distributed used without its launcher's set-up
        "AssertionError: default process group is not initialized\n",
    ],
)
def test_a_call_into_a_module_or_a_launch_set_up_is_not_the_projects_defect(log: str) -> None:
    assert _first(log)[0] != PROJECT_BUG
