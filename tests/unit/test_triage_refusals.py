"""The project refusing its configuration (class.code.unsupported-configuration) printed
outside a Python exception: a C++ check, a compiler pass or a tool's own error line (issue 15).
Told in place of "an operation failed" (the failure placed by its words), at its rank and in
its layer.

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import FAILURE_SCORE
from bringup.triage.explain import scan_log
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.refusals import refused

CLASS = "class.code.unsupported-configuration"


@pytest.mark.parametrize(
    "line",
    [
        # tests/data/triage_fifteenth a11,
        # hicann/tensorflow@82957b92d1ade2f48ca51dda811f0baec23b04c7:
        # docs/zh/tfadapter_1/migration/faq/dynamic_shape_v1_control_unsupported_error.md
        "node node_name(node_type) is v1 control operator, which is not supported, please "
        "convert to v2 control operator",
        # tests/data/triage_fifteenth a15, hicann/pypto@883e7dfb018da764a65fd2c2f8c1e1d2de2d2471:
        # docs/zh/tutorials/appendix/faq/tileshape-dimension-mismatch.md
        "2025-12-18 10:33:06.107 E | [ExpandFunction][Function][ERROR]: "
        "FUnction[TENSOR_b_loop_Unroll1_PATH0_hiddenfunc0] ExpandFunction failed: Tile shape "
        "size 1 is not matched the output shape size 2.",
        # tests/data/triage_twentysixth a07 (hw-native-sys/simpler#1353):
        # a runtime's hint naming the configured limit to raise
        "  [ERROR] PTO2 runtime failed: orch_error_code=1 sched_error_code=0 runtime_status=-1\n"
        "  [ERROR] error detail: orch_error_code=1 SCOPE_DEADLOCK - tasks submitted in ...\n"
        "  [ERROR] error hint: raise ring_task_window (PTO2_RING_TASK_WINDOW) or split ...",
    ],
)
def test_a_refusal_printed_outside_an_exception_is_the_projects_configuration(line: str) -> None:
    first = explain_text(line + "\n")[0]
    assert (first.signature_id, first.layer) == (CLASS, "operator_execution")
    assert (first.score, first.confidence) == (FAILURE_SCORE, "low")


def test_a_refusal_in_a_toolchains_words_is_not_the_projects_configuration() -> None:
    # NVIDIA's crt/host_config.h under CUDA 11.7's nvcc (tests/data/triage_heldout 14,
    # NVlabs/tiny-cuda-nn#109): the words name the compiler, so the refusal is the toolchain's,
    # not the project's check
    line = (
        "error: #error -- unsupported GNU version! gcc versions later than 11 are not "
        "supported! The nvcc flag '-allow-unsupported-compiler'\n"
    )
    placed = refused(scan_log(line).findings, builtin_rules())
    assert placed is not None
    assert (placed.signature_id, placed.layer) == ("evidence.build.toolchain", "build")


def test_a_refusal_after_a_failure_placed_elsewhere_does_not_move_the_layer() -> None:
    # Constructed from two real lines: the driver's failure first (tests/data/triage_seventh 12,
    # LMCache/LMCache-Ascend#91), then the TF Adapter refusal above (triage_fifteenth a11): the
    # failure placed by its words is the driver's, and the refusal after it does not move it
    log = (
        "Unable to halHostRegister: 65534\n"
        "node node_name(node_type) is v1 control operator, which is not supported\n"
    )
    placed = refused(scan_log(log).findings, builtin_rules())
    assert placed is not None
    assert (placed.signature_id, placed.layer) == ("evidence.device-init.driver", "device_init")


def test_a_failure_line_placed_only_at_an_operation_is_the_projects_code() -> None:
    # tests/data/triage_twentysecond/d07-ascendnpu-ir-hacc-kernelargtype-parse.log, lines 2-3
    # (Ascend/AscendNPU-IR@68b49790e98d9bac36ff43b2438c2b66b955bb63): the compiler's own parser
    # refusing what its pass wrote; no signature, code or refusal explains it
    log = (
        "error: expected ::mlir::hacc::KernelArgType to be one of: ffts_base_address, input, "
        "output, input_and_output, workspace, sync_block_lock, tiling_key, tiling_data, "
        "tiling_struct, mesh_arg, sanitizer_addr\n"
        " error: failed to parse HACC_KernelArgTypeAttr parameter 'arg_type' which is to be a "
        "`::mlir::hacc::KernelArgType`\n"
    )
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("class.code.project-bug", "operator_execution")
    assert (first.score, first.confidence) == (FAILURE_SCORE, "low")
    assert first.evidence[0].line == 1


def test_a_failure_line_that_names_no_component_is_the_projects_code() -> None:
    # tests/data/triage_twentysixth/a13-runtime-d2h-memcpy-missing-stream-sync.log, line 3
    # (hicann/runtime@34968b0c4bfc4104e1fe21c341707686d4b6b3c7: a sample's own check; the fix
    # synchronises the stream before reading the copy)
    log = "[FAILURE] Memory copy failed. Value at source is 123, but value at destination is 0\n"
    placed = refused(scan_log(log).findings, builtin_rules())
    assert placed is not None
    assert (placed.signature_id, placed.score) == ("class.code.project-bug", FAILURE_SCORE)


def test_a_failure_line_that_names_the_device_runtime_is_not_told_as_the_projects_code() -> None:
    # tests/data/triage_eighteenth/f07-ollama-ggml-cuda-error-nvlink.log, line 2
    # (ollama/ollama#2029): the line names CUDA, which class.code.project-bug's own words
    # exclude; the entry that placed it stays
    log = '1. ggml-cuda.cu: "8792: !" CUDA error\n'
    placed = refused(scan_log(log).findings, builtin_rules())
    assert placed is not None
    assert placed.signature_id == "evidence.operator.unnamed"
