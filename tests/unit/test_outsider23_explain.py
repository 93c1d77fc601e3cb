"""Two wrong diagnoses of the session-23 outside tester (D12, D13): a healthy collect_env report
read as a failure because of collect_env's "Could not collect" placeholder, and a missing ATB
symbol in libtorch_npu.so blamed on torch."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = DATA.parent / "fixtures" / "logs"
ATB = LOGS / "ascend.install.torch-npu-cann-mismatch" / "vllm-ascend-117.log"
TORCH = LOGS / "python.torch-npu-undefined-symbol" / "ascend-pytorch-35.log"


def test_a_healthy_collect_env_report_holds_no_failure() -> None:
    # source: https://github.com/vllm-project/vllm-ascend/issues/4376 (line 13 is
    # "Clang version: Could not collect")
    report = (DATA / "outsider23o" / "report_910b3_verl_collect_env.txt").read_text("utf-8")
    assert "Clang version: Could not collect" in report
    assert explain_text(report.splitlines()) == []


def test_could_not_collect_beside_a_real_failure_leaves_the_failure() -> None:
    # Constructed: the collect_env placeholder line followed by the real ImportError of
    # https://github.com/vllm-project/vllm-ascend/issues/117 (line 18 of its log).
    lines = ["Clang version: Could not collect", *ATB.read_text(encoding="utf-8").splitlines()]
    assert explain_text(lines)[0].signature_id == "ascend.install.torch-npu-cann-mismatch"


def test_an_atb_symbol_missing_from_torch_npu_is_not_blamed_on_torch() -> None:
    # source: https://github.com/vllm-project/vllm-ascend/issues/117: libtorch_npu.so lacks
    # _ZN3atb15CreateOperation..., a symbol of NNAL's ATB, not of torch.
    ids = [d.signature_id for d in explain_text(ATB.read_text(encoding="utf-8").splitlines())]
    assert ids[0] == "ascend.install.torch-npu-cann-mismatch"
    assert "python.torch-npu-undefined-symbol" not in ids


def test_a_torch_symbol_missing_from_torch_npu_still_is() -> None:
    # source: https://github.com/Ascend/pytorch/issues/35 (libtorch_npu.so: undefined symbol:
    # _ZN5torch10ValueErrorC1EPKcz)
    ids = [d.signature_id for d in explain_text(TORCH.read_text(encoding="utf-8").splitlines())]
    assert ids[0] == "python.torch-npu-undefined-symbol"
