"""``explain --lang zh``: causes and fixes in Chinese from the bilingual catalogues (FaultDiag,
DCMI), field by field, and English where no Chinese source exists; on real logs of the
committed corpora (each case cites its thread in its cases.toml)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.faultdiag import fault_id, read_faults
from bringup.triage.localise import ZH_SEPARATOR, localise

DATA = Path(__file__).resolve().parent.parent / "data"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "logs"
# gpustack/gpustack#3541: MindIE's warmup out of device memory, which FaultDiag explains.
MINDIE_OOM = DATA / "triage_sixth" / "46-mindie-multimodal-warmup-oom.log"
# mindspore-lab/mindocr#615: an ACL code (507011), a catalogue with no Chinese.
MINDSPORE_507011 = DATA / "triage_sixth" / "43-mindspore-getnext-507011-aicpu.log"
# Project-HAMi/ascend-device-plugin#66: npu-smi's DCMI code -8005.
NPU_SMI_8005 = FIXTURES / "ascend.runtime.dcmi-init-failed" / "hami-ascend-device-plugin-66.log"

pytestmark = pytest.mark.usefixtures("no_user_kb")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def test_a_faultdiag_diagnosis_reads_faultdiags_chinese() -> None:
    english = explain_text(_text(MINDIE_OOM))
    top = english[0]
    assert top.signature_id.startswith("faultdiag.")
    _, faults = read_faults()
    fault = next(f for f in faults if fault_id(f) == top.signature_id)
    chinese = localise(english, "zh")[0]
    assert chinese.title == fault.cause_zh
    assert chinese.cause.startswith(fault.description_zh)
    assert chinese.fix == " ".join(fault.suggestion_zh)
    assert (chinese.signature_id, chinese.layer, chinese.evidence) == (
        top.signature_id,
        top.layer,
        top.evidence,
    )


def test_a_dcmi_code_reads_the_documents_chinese() -> None:
    diagnoses = diagnose(scan_log(_text(NPU_SMI_8005)).findings)
    code = next(d for d in diagnoses if d.signature_id == "code.dcmi.8005")
    (chinese,) = localise([code], "zh")
    assert chinese.cause == "内部错误。"
    assert chinese.fix == "请提供日志联系华为工程师处理。"
    assert chinese.title.endswith(": 内部错误。")


def test_fields_without_a_chinese_source_stay_english() -> None:
    english = explain_text(_text(MINDSPORE_507011))
    assert english[0].signature_id == "code.acl.507011"
    assert localise(english, "zh") == english
    assert localise(english, "en") == english
    with pytest.raises(ValueError, match="not one of"):
        localise(english, "fr")


def test_explain_lang_zh_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(MINDIE_OOM), "--lang", "zh", "--json", "--top", "1"]) == 0
    (diagnosis,) = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    assert any("\u4e00" <= char <= "\u9fff" for char in diagnosis["cause"])
    assert main(["explain", str(MINDIE_OOM), "--lang", "fr"]) == 2


# mindspore-ai/docs@9e844dc65dc5ef4381574e8b6ec2f93f9681f720
# tutorials/source_en/debug/error_analysis/mindrt_debug.md:86: CANN's E80012 dimension limit,
# read by the class FaultDiag's AISW_CANN_TBE_ALL_002/003 were retired into (reread40 L9).
E80012 = (
    "RuntimeError: ({'errCode': 'E80012', 'op_name': 'reduce_sum_d', 'param_name': 'x', "
    "'min_value': 0, 'max_value': 8, 'real_value': 10}, 'In op, the num of dimensions of "
    "input/output[x] should be in the range of [0, 8], but actually is [10].')\n"
)


def test_a_class_the_faults_were_retired_into_says_their_chinese() -> None:
    english = explain_text(E80012)
    assert english[0].signature_id == "class.operator.npu-kernel-refuses-inputs"
    [chinese] = localise(english[:1], "zh")
    _, faults = read_faults()
    retired = {
        f.id: f for f in faults if f.id in ("AISW_CANN_TBE_ALL_002", "AISW_CANN_TBE_ALL_003")
    }
    assert chinese.title == ZH_SEPARATOR.join(retired[i].cause_zh for i in sorted(retired))
    for fault in retired.values():
        assert fault.description_zh in chinese.cause
        assert " ".join(fault.suggestion_zh) in chinese.fix
    assert localise(english[:1], "en") == english[:1]
