"""A wording a vendor's documentation gives for a cause is read as that cause, with the
document's advice: torch_npu's float64 refusal, listed by the Ascend PyTorch migration guide
(English page msug_000055) under FaultDiag's operator dtype constraint, now read by the class
that fault is retired into (an operator refusing its inputs; English only, as the fallback's
rules are)."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.localise import localise

# https://www.hiascend.com/document/detail/en/mindstudio/500/msug/msug_000055.html
DOUBLE_REFUSED = "RuntimeError: Unsupport data type: at::ScalarType::Double.\n"


def test_torch_npus_float64_refusal_is_the_refused_dtype_with_the_guides_advice() -> None:
    top = explain_text(DOUBLE_REFUSED)[0]
    assert top.signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert "label.cpu().float().npu()" in top.fix


# https://github.com/hicann/hccl/blob/09300b70df9a031339f08e5f2ca06d7bf294d009/docs/zh/user_guide/fault_diagnosis/env_config_error_EI0001.md
IFNAME_NOT_FOUND = (
    "[ERROR] HCCL(925892,alltoall_test):2025-10-28-16:34:59.634.432 [sal.cc:501] [925892]"
    "[InitGroupStage][EnvConfig]set ifname to [abc] by HCCL_SOCKET_IFNAME, but not found in "
    "the environment, ifnames in the environment is as follows\n"
)


def test_a_signature_from_a_chinese_guide_speaks_chinese_with_the_logs_values() -> None:
    (english,) = explain_text(IFNAME_NOT_FOUND)[:1]
    (chinese,) = localise([english], "zh")
    assert english.signature_id == "ascend.hccl.socket-ifname-not-found"
    assert "abc" in english.cause
    assert "abc" in chinese.cause
    assert chinese.title == "HCCL_SOCKET_IFNAME配置错误 (EI0001)"
    assert "指定为环境上存在的Host网卡" in chinese.fix


def test_a_field_without_chinese_text_stays_english() -> None:
    (english,) = explain_text("RuntimeError: Gloo connectFullMesh failed with [...] no error\n")[:1]
    assert english.signature_id == "dist.gloo-interface"
    (chinese,) = localise([english], "zh")
    assert chinese.title == english.title
    assert chinese.cause != english.cause


# Ascend/DrivingSDK@f9d402f54e86a9650f17ce24d9e56f9009052b86:docs/zh/faq/faq.md (6.4; fix: remove
# the export of HCCL_IF_IP).
IF_IP_REFUSED = "Environment variable [HCCL_IF_IP] is invalid\n"


def test_hccls_refusal_of_hccl_if_ip_is_faultdiags_hccl_if_ip_fault() -> None:
    top = explain_text(IF_IP_REFUSED)[0]
    assert top.signature_id == "faultdiag.aisw_cann_hccl_001"
    assert top.layer == "communication"
    assert "remove it" in top.fix
