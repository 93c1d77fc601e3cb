"""A refusal ("not supported", "is not matched", "raise <SETTING>") printed outside a Python
exception: a C++ check, a compiler pass or a tool's own error line (issue 15). Read from its
words alone it names no cause (class.code.unsupported-configuration reads no such line since
session 28: as often wrong as right on the tuning half, bench/triage_rule_audit.py): it keeps
the place its words give, at the failure line's rank.

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
def test_a_refusal_printed_outside_an_exception_keeps_its_place_and_names_no_cause(
    line: str,
) -> None:
    diagnoses = explain_text(line + "\n")
    first = diagnoses[0]
    assert first.signature_id.startswith("evidence.operator.")
    assert (first.layer, first.score, first.confidence) == (
        "operator_execution",
        FAILURE_SCORE,
        "low",
    )
    assert CLASS not in [d.signature_id for d in diagnoses]


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
