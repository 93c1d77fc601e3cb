"""The words that make an exception the project's own defect (class.code.project-bug) or its
own check (class.code.unsupported-configuration): bytes decoded with a codec they are not in,
a module's state used before the call that sets it up, a C++ assertion raised into Python.
Real lines from the corpora, each named by its case file."""

from __future__ import annotations

from bringup.triage import explain_text

BUG = "class.code.project-bug"
UNSUPPORTED = "class.code.unsupported-configuration"


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
    # The same words with no call named say nothing of the order of the calling code.
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
