"""An operator's own check that an input has more dimensions than it takes (CANN's E80012
template, an AI CPU kernel's dimension limit) is an operator refusing its inputs, the class that
FaultDiag's AISW_CANN_TBE_ALL_002 ("Operator specification constraints") is retired into, above
the inner-error code printed with it. Real lines, each cited."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

TBE_SHAPE = "class.operator.npu-kernel-refuses-inputs"

LIMITS = [
    # hicann/docs@0eadb61a993b384a333d3a93ddf2a83b6daba48f:
    # docs/zh/troubleshooting/ai_cpu_operator_dim_over_8_error.md:12-13.
    "[ERROR] OP(1491846,main):YYYY\u2011MM\u2011DD\u2011HH:MM:SS.fff.uuu "
    "[aicpu_ext_info_handle.cpp:290]"
    "[NNOP][UpdateShape][1491965] errno[561000] OpName:[aclnnGatherV2_0_GatherV2AiCPU] shape dim "
    "num should be less than 8, but got [9].\n"
    "[INFO] GE(1491846,main):YYYY\u2011MM\u2011DD\u2011HH:MM:SS.fff.uuu "
    "[error_manager.cc:411]1491965 "
    "ReportErrMessage:report error_message, error_code:EZ9999, work_stream_id:149186091965, "
    "error_mode:0.\n",
    # mindspore-ai/docs@9e844dc65dc5ef4381574e8b6ec2f93f9681f720:
    # tutorials/source_en/debug/error_analysis/mindrt_debug.md:86
    "RuntimeError: ({'errCode': 'E80012', 'op_name': 'reduce_sum_d', 'param_name': 'x', "
    "'min_value': 0, 'max_value': 8, 'real_value': 10}, 'In op, the num of dimensions of "
    "input/output[x] should be in the range of [0, 8], but actually is [10].')\n",
]


@pytest.mark.parametrize("log", LIMITS)
def test_an_operators_dimension_limit_is_its_shape_constraint(log: str) -> None:
    top = explain_text(log)[0]
    assert (top.signature_id, top.layer) == (TBE_SHAPE, "operator_execution")
