"""The project refusing its configuration (class.code.unsupported-configuration) wherever the
refusal is printed: an assertion under vLLM's logger prefix, a C++ check, a compiler pass or
a tool's own error line (issue 15).

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import FALLBACK_SCORES
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.refusals import refused

CLASS = "class.code.unsupported-configuration"

# tests/data/triage_twelfth c05 (vllm-project/vllm-ascend#12940): an assertion under vLLM's
# logger prefix "ERROR 07-28 02:12:55 [multiproc_executor.py:1000] " (vllm/logger.py _FORMAT),
# in a source checkout (no site-packages frame): a computed size outside what the next step
# was compiled for.
VLLM_ASSERT = """\
(Worker_TP0 pid=18307) ERROR 07-28 02:12:55 [multiproc_executor.py:1000]   File "/vllm-workspace/vllm/vllm/compilation/piecewise_backend.py", line 362, in __call__
(Worker_TP0 pid=18307) ERROR 07-28 02:12:55 [multiproc_executor.py:1000]     assert range_entry is not None, (
(Worker_TP0 pid=18307) ERROR 07-28 02:12:55 [multiproc_executor.py:1000]            ^^^^^^^^^^^^^^^^^^^^^^^
(Worker_TP0 pid=18307) ERROR 07-28 02:12:55 [multiproc_executor.py:1000] AssertionError: Shape: 2304 out of considered ranges: [(1, 2048)]
"""  # noqa: E501

# tests/data/triage/logs/vllm-8189.log (vllm-project/vllm#8189): vLLM's logger before v0.7,
# "ERROR 01-11 13:09:40 engine.py:366] ", no brackets around the file.
VLLM_OLD_FORMAT = """\
ERROR 01-11 13:09:40 engine.py:366]   File "/root/miniconda3/lib/python3.12/site-packages/vllm/worker/model_runner_base.py", line 152, in _wrapper
ERROR 01-11 13:09:40 engine.py:366]     raise type(err)(
ERROR 01-11 13:09:40 engine.py:366] RuntimeError: Error in model execution (input dumped to /tmp/err_execute_model_input_20250111-130939.pkl): FlashAttention only supports Ampere GPUs or newer.
"""  # noqa: E501


def test_an_assertion_under_vllms_logger_prefix_is_read_with_its_frames() -> None:
    (sighting,) = scan_log(VLLM_ASSERT).findings.all_exceptions()
    assert sighting.name == "AssertionError"
    assert sighting.frames[-1].endswith("vllm/compilation/piecewise_backend.py")
    assert (explain_text(VLLM_ASSERT)[0].signature_id, explain_text(VLLM_ASSERT)[0].layer) == (
        CLASS,
        "operator_execution",
    )


def test_vllms_older_logger_prefix_is_read_too() -> None:
    (sighting,) = scan_log(VLLM_OLD_FORMAT).findings.all_exceptions()
    assert sighting.name == "RuntimeError"
    assert sighting.packages[-1] == "vllm"


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
    ],
)
def test_a_refusal_printed_outside_an_exception_is_the_projects_configuration(line: str) -> None:
    first = explain_text(line + "\n")[0]
    assert (first.signature_id, first.layer) == (CLASS, "operator_execution")
    assert first.score == FALLBACK_SCORES["class"]


def test_a_refusal_in_a_toolchains_words_is_not_the_projects_configuration() -> None:
    # NVIDIA's crt/host_config.h under CUDA 11.7's nvcc (tests/data/triage_heldout 14,
    # NVlabs/tiny-cuda-nn#109): the words name the compiler, so the refusal is the toolchain's,
    # not the project's check
    line = (
        "error: #error -- unsupported GNU version! gcc versions later than 11 are not "
        "supported! The nvcc flag '-allow-unsupported-compiler'\n"
    )
    assert refused(scan_log(line).findings, builtin_rules(), FALLBACK_SCORES["class"]) is None
