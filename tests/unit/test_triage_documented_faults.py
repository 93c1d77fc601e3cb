"""A wording a vendor's documentation gives for a FaultDiag fault is read as that fault, with
the document's advice in both languages: torch_npu's float64 refusal, listed by the Ascend
PyTorch migration guide (English page msug_000055, Chinese page atlasfmkt_16_0029)."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.localise import localise

# https://www.hiascend.com/document/detail/en/mindstudio/500/msug/msug_000055.html
DOUBLE_REFUSED = "RuntimeError: Unsupport data type: at::ScalarType::Double.\n"
GUIDE = "https://www.hiascend.com/document/detail/en/mindstudio/500/msug/msug_000055.html"


def test_torch_npus_float64_refusal_is_the_dtype_fault_with_the_guides_advice() -> None:
    top = explain_text(DOUBLE_REFUSED)[0]
    assert top.signature_id == "faultdiag.aisw_cann_tbe_all_003"
    assert "label.cpu().float().npu()" in top.fix
    assert GUIDE in top.see_also


def test_the_guides_advice_is_kept_in_chinese() -> None:
    (top, *_) = localise(explain_text(DOUBLE_REFUSED), "zh")
    assert "在报错代码行前添加数据类型转换语句" in top.fix
