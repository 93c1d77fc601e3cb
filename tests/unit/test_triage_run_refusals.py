"""A job's own words at run time that decide its cause (issue 15): a runtime that cannot get
the current device because none was set in this thread, a check that states what it requires
and what it got, a package that says its compiled extension is not there, the report of CANN's
AI Core error analyser, the PTO2 runtime's verdict on a stalled task. Each line is a real one,
its source beside it."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _first(log: str) -> tuple[str, str]:
    first = explain_text(log)[0]
    return first.signature_id, first.layer


@pytest.mark.parametrize(
    "log",
    [
        # hicann/pypto docs/zh/tutorials/appendix/faq/device-id-not-set.md (triage_fourteenth
        # b03): an operator run without @jit and without torch.npu.set_device
        "2025-12-17 14:31:32.491 E | fail get device id, check if set device id\n"
        "2025-12-17 14:31:32.492 E | RuntimeAgent::AllocDevAddr failed for size 20448\n",
        # the same advice in other words
        "[ERROR] failed to get current device id, please set the device first\n",
    ],
)
def test_no_current_device_in_this_thread_is_the_context_empty(log: str) -> None:
    assert _first(log) == ("ascend.runtime.context-empty", "device_init")


def test_a_device_id_read_that_names_no_device_setting_is_not_the_context() -> None:
    log = "ERROR: failed to get device id from the config file /etc/app.yaml\n"
    assert all(d.signature_id != "ascend.runtime.context-empty" for d in explain_text(log))


def test_a_warning_that_it_will_set_a_device_is_not_the_context() -> None:
    # review s18a finding 1 (fp10): "set device" without the advice to set it, then the failure
    log = (
        "[W] fail to get device id from env RANK_ID, will set device 0 by default\n"
        "Loading checkpoint shards: 100%|##########| 4/4\n"
        "Traceback (most recent call last):\n"
        '  File "/work/infer.py", line 20, in <module>\n'
        "    out = model.generate(x)\n"
        "RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[0] == "ascend.runtime.npu-oom"
    assert "ascend.runtime.context-empty" not in ranked


def test_a_check_that_requires_one_thing_but_got_another_on_a_log_line_is_the_refusal() -> None:
    # hicann/pypto@53bba5ec (triage_twentythird b13): PyPTO's frontend refuses a reshape whose
    # shape is an expression on symbolic dimensions, on a log line of its own. A refusal's words
    # alone name no class (session 28's audit), but this line names the check's TypeError:
    # class.code.unsupported-configuration's `line` (tri32), in the operation's place.
    log = (
        "ERROR test_error.py:180:8: ErrCode: F00001, TypeError: reshape() requires integer shape"
        " when using non-inplace reshape, but got [SymbolicScalar]. Use 'inplace=True' for"
        " dynamic shapes.\n"
    )
    assert _first(log) == ("class.code.unsupported-configuration", "operator_execution")


def test_a_refusals_words_on_a_log_line_without_an_exception_name_stay_the_operation() -> None:
    # hicann/pypto docs/zh/tutorials/appendix/faq/tileshape-dimension-mismatch.md
    # (triage_fifteenth a15): a pass's refusal in words alone keeps the operation's place.
    log = (
        "2025-12-18 10:33:06.107 E | [ExpandFunction][Function][ERROR]: FUnction[TENSOR_b_loop_"
        "Unroll1_PATH0_hiddenfunc0] ExpandFunction failed: Tile shape size 1 is not matched the"
        " output shape size 2.\n"
    )
    assert _first(log) == ("evidence.operator.operation", "operator_execution")


def test_a_package_saying_its_compiled_extension_is_not_found_is_the_extension_missing() -> None:
    # modelscope/ms-swift docs/source_en/Instruction/Frequently-asked-questions.md (triage_fifteenth
    # b15): Megatron's check for APEX's compiled extension
    log = (
        "RuntimeError: ColumnParallelLinear was called with gradient_accumulation_fusion set to"
        " True but the custom CUDA extension fused_weight_gradient_mlp_cuda module is not found."
        " To use gradient_accumulation_fusion you must install APEX with --cpp_ext and"
        " --cuda_ext.\n"
    )
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("python.torch-custom-op-missing", "install")
    assert "fused_weight_gradient_mlp_cuda" in first.cause


def test_a_warning_that_an_extension_is_not_installed_is_no_failure() -> None:
    # review s18a finding 3 (fp03): the package goes on without it and the run finishes
    log = (
        "/opt/conda/lib/python3.10/site-packages/mamba_ssm/__init__.py:12: UserWarning: extension"
        " selective_scan_cuda is not installed; falling back to the reference implementation\n"
        "  warnings.warn(\nepoch 0 step 10 loss 2.31\nTraining finished.\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert "python.torch-custom-op-missing" not in ranked


@pytest.mark.parametrize(
    "log",
    [
        # hiascend CANNCommunityEdition 80RC2alpha002 troubleshooting_0018 (triage_twelfth d11):
        # msaicerr's report of an atomic-add overflow
        "Analysis result: success.\n"
        '"**********************Root cause conclusion******************"\n'
        '"dha status 1" found in log. It means Atomic accumulation exception, please check the'
        " input data and network accuracy.\n",
        # hiascend CANNCommunityEdition 83RC1alpha002 troubleshooting_0017 (triage_thirteenth
        # e03): its report of arguments changed by the kernel
        "**********************Root cause conclusion******************\n"
        "If the arguments are inconsistent before and after operator execution, memory access may"
        " be out of bounds.\n"
        "****************4. Operator Input/Output Memory*******************\n",
    ],
)
def test_the_ai_core_error_analysers_report_is_an_ai_core_exception(log: str) -> None:
    assert _first(log) == ("ascend.runtime.aicore-exception", "operator_execution")


def test_a_root_cause_heading_of_another_report_is_no_ai_core_exception() -> None:
    log = "## Root cause conclusion\nThe service timed out.\nERROR: request failed\n"
    assert "ascend.runtime.aicore-exception" not in [d.signature_id for d in explain_text(log)]


def test_the_pto2_schedulers_running_stalled_timeout_is_a_hung_kernel() -> None:
    # hw-native-sys/pypto#2429 (triage_eleventh a13): a GEMV kernel that never retires
    log = (
        "[ERROR] validate_runtime_impl: PTO2 runtime failed:\n"
        "        orch_error_code=0 sched_error_code=100 runtime_status=-100\n"
        "[ERROR] error detail: sched_error_code=100 SCHEDULER_TIMEOUT\n"
        "[ERROR] PTO2 scheduler timeout sub_class=S1:running-stalled (detail=1)\n"
        "RuntimeError: chip run lane is poisoned: finalize_native_run failed with code -100\n"
    )
    assert _first(log) == ("ascend.runtime.aicpu-timeout", "operator_execution")
    # the other sub-classes are the runtime's dispatch or the job's dependencies, no hung kernel
    other = "[ERROR] PTO2 scheduler timeout sub_class=S4:dependency-deadlock (detail=4)\n"
    assert "ascend.runtime.aicpu-timeout" not in [d.signature_id for d in explain_text(other)]
