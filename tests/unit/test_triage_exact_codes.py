# ruff: noqa: E501  (real log lines, kept whole)
"""An exact code says which case of its class the failure is, and a timeout code is told as
the timeout (outsider10 D11); evidence is quoted from a word's start, and ``--json`` carries the
confidence the text prints (D17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.triage.explain import explain_text
from bringup.triage.localise import localise

# https://github.com/flashserve/flash-linear-attention-npu/issues/303 (the title; the
# call passed bias=None)
NULL_PARAMETER = "RuntimeError: aclnnCausalConv1dGetWorkspaceSize failed with aclnnStatus=161001.\n"

# https://github.com/hw-native-sys/PTOAS/pull/862 (lines 2-4 and 6-7 of the CI log as posted)
VECTOR_CORE_TIMEOUT = (
    "\n".join(
        [
            "[ERROR] aclrtSynchronizeStream(stream) failed: 507034 (/home/zhongxuan/ptoas-board-monitor/runtime/runs/20260624_114108_manual_pr862/npu_validation/Colexpandmul/colexpandmul/main.cpp:122)",
            "[ERROR] RecentErrMsg: EZ9999: Inner Error!",
            "EZ9999[PID: 636125] 2026-06-24-12:44:08.922.071 (EZ9999):  The error from device(chipId:1, dieId:0), serial number is 167, there is an exception of aivec error, core id is 11, error code = 0, dump info: pc start: 0x124400000000, current: 0x124400000a9c, vec error info: 0xd200000035, mte error info: 0x2606000065, ifu error info: 0x212c0856006c0, ccu error info: 0x40c00d0003800086, cube error info: 0, biu error info: 0, aic error mask: 0x6500020bd00028c, para base: 0x12c100000000.[FUNC:PrintCoreInfo][FILE:device_error_core_proc.cc][LINE:645]",
            "       The extend info: errcode:(0, 0, 0) errorStr: timeout or trap error. fixp_error0 info: 0x6000065, fixp_error1 info: 0x26, fsmId:1, tslot:0, thread:0, ctxid:0, blk:0, sublk:0, subErrType:4.[FUNC:PrintCoreInfo][FILE:device_error_core_proc.cc][LINE:658]",
            "       Kernel task happen error, retCode=0x30, [vector core timeout].[FUNC:PreCheckTaskErr][FILE:davinci_kernel_task.cc][LINE:1729]",
        ]
    )
    + "\n"
)

# https://github.com/C0untFloyd/roop-unleashed/issues/465 (line 2 of the log as posted)
ONNXRUNTIME_35 = (
    "D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_call.cc:121 onnxruntime::CudaCall D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_call.cc:114 onnxruntime::CudaCall CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=-2011338632 ; hostname=DESKTOP-F9GHF2T ; file=D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cuda\\cuda_execution_provider.cc ; line=236 ; expr=cudaSetDevice(info_.device_id); "
    + "\n"
)


def test_a_code_told_as_its_class_keeps_its_own_meaning() -> None:
    found = explain_text(NULL_PARAMETER)
    assert found[0].signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert "ACLNN_ERR_PARAM_NULLPTR (161001)" in found[0].cause
    assert "null pointers" in found[0].cause


def test_a_vector_core_timeout_code_is_the_timeout_not_an_exception() -> None:
    found = explain_text(VECTOR_CORE_TIMEOUT)
    assert [d.signature_id for d in found[:2]] == [
        "ascend.runtime.aicore-timeout",
        "ascend.runtime.aicore-exception",
    ]
    assert found[0].layer == "operator_execution"
    assert found[0].evidence[0].line == 1  # the code's line, 507034


def test_the_timeout_code_alone_is_told_as_the_timeout() -> None:
    found = explain_text("RuntimeError: ... error code is 507014\n")
    assert found[0].signature_id == "ascend.runtime.aicore-timeout"


def test_a_long_lines_quote_starts_at_a_word() -> None:
    quoted = [e.text for d in explain_text(VECTOR_CORE_TIMEOUT) for e in d.evidence if e.line == 3]
    assert quoted
    assert all(text.startswith("EZ9999[PID: 636125] 2026-06-24") for text in quoted)
    found = explain_text(ONNXRUNTIME_35)
    assert found[0].evidence[0].text.startswith("D:\\a\\_work\\1\\s\\onnxruntime")


def test_a_quote_cut_far_into_a_line_begins_after_a_space() -> None:
    line = "x" * 50 + " " + ("words " * 200) + "CUDA error: out of memory"
    quoted = explain_text(line + "\n")[0].evidence[0].text
    assert quoted.startswith("words ")


@pytest.mark.parametrize("top", [0, 2, 3])
def test_json_carries_the_confidence_the_text_prints(
    top: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "ptoas-862.log"
    log.write_text(VECTOR_CORE_TIMEOUT, encoding="utf-8")
    assert main(["explain", str(log), "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["data"]["diagnoses"][top]
    assert main(["explain", str(log)]) == 0
    text = capsys.readouterr().out
    said = f"confidence {entry['confidence']}: {entry['confidence_grounds']}"
    assert " ".join(said.split()) in " ".join(text.split())
    assert entry["confirmation"] == "unknown"


def test_a_told_codes_meaning_is_kept_in_chinese() -> None:
    # review29 L8: under --lang zh the code's meaning was English though its catalogue entry
    # has a Chinese one (aclnn.toml 161001)
    (found, *_) = localise(explain_text(NULL_PARAMETER), "zh")
    assert found.cause.endswith(
        "错误码: aclnn status ACLNN_ERR_PARAM_NULLPTR (161001): 参数校验错误\uff0c参数中存在非法的nullptr。"
    )
    assert "The code:" not in found.cause
    assert localise(explain_text(NULL_PARAMETER), "en")[0].cause.endswith("which are invalid.")


def test_a_code_told_as_a_signature_with_chinese_text_keeps_its_meaning() -> None:
    # constructed: EI0011 alone, told as ascend.hccl.qp-device-memory, whose cause has a
    # Chinese text that replaced the whole cause; the code's catalogue entry has none
    (found, *_) = localise(explain_text("[ERROR] HCCL EI0011: failed\n"), "zh")
    assert found.signature_id == "ascend.hccl.qp-device-memory"
    assert found.cause.startswith("在参数面建链阶段HCCL会创建QP")
    assert found.cause.endswith(
        "错误码: CANN error code EI0011: Insufficient device memory: "
        "HCCL could not allocate the device memory of its RoCE queue pairs."
    )
