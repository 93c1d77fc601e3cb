"""Outsider O8's explain defects 14, 15, 16 and 21 (l1, l3), on the logs of
tests/data/outsider8/README.md (each log's thread is there); the snapshots are the pasted
reports of tests/data/outsider26b/README.md (ScaleLLM#288's A100 collect_env,
vllm-project/vllm-ascend#3403's 910B1 npu-smi)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.triage.explain import explain_text

DATA = Path(__file__).resolve().parents[2] / "tests/data"
LOGS = DATA / "outsider8"
A100 = DATA / "outsider26b/scalellm288_collect_env.txt"
NPU_910B1 = DATA / "outsider26b/va3403_npusmi.txt"


def _read(name: str) -> str:
    return (LOGS / name).read_text(encoding="utf-8")


def test_the_runtimes_heartbeat_report_leads_and_the_507033_it_causes_stays() -> None:
    # https://github.com/hw-native-sys/PTOAS/pull/523
    found = explain_text(_read("l2-ptoas-523-setdevice-507033.log"))
    assert [d.signature_id for d in found] == [
        "ascend.runtime.device-connection-lost",
        "ascend.runtime.device-open-failed",
    ]
    assert {d.layer for d in found} == {"device_init"}
    assert "Restart" in found[0].fix or "reset" in found[0].fix


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/hw-native-sys/PTOAS/pull/523 (line 2 of the log alone)
        "[ERROR] RecentErrMsg: [PID: 726962] 2026-04-20-19:23:08.682.108 "
        "Inner_Error_Device_Status_Abnormal(E39009): Failed to connect the device.",
    ],
)
def test_e39009_alone_is_a_device_status_failure_not_communication(line: str) -> None:
    found = explain_text(line)
    assert found[0].signature_id == "ascend.runtime.device-connection-lost"
    assert found[0].layer == "device_init"


def test_a_soc_without_an_implementation_is_the_chip_unsupported_cause() -> None:
    # https://github.com/ggml-org/llama.cpp/issues/18133
    found = explain_text(_read("l3-llamacpp-18133-ez9903-ascend910.log"))
    assert found[0].signature_id == "ascend.install.chip-unsupported"
    assert found[0].captures.get("soc") == "Ascend910"


@pytest.mark.parametrize(
    ("text", "arch"),
    [
        # https://github.com/Lightricks/LTX-Video-Q8-Kernels/issues/7
        (None, "89"),
        # NVIDIA/cutlass include/cute/arch/mma_sm80.hpp: the guard's message for the SM80 atom
        # (a source string, not a log: constructed as the device assert prints it)
        (
            'Assertion `0 && "Attempting to use SM80_16x8x8_F16F16F16F16_TN without '
            'CUTE_ARCH_MMA_SM80_ENABLED"` failed.',
            "80",
        ),
    ],
)
def test_a_cute_arch_guard_names_a_build_without_the_gpus_architecture(
    text: str | None, arch: str
) -> None:
    found = explain_text(text or _read("l6-q8kernels-7-sm89-assert.log"))
    assert found[0].signature_id == "cuda.build.cute-arch-not-enabled"
    assert found[0].layer == "build"
    assert f"SM{arch}" in found[0].cause
    assert "ASCEND" not in found[0].fix


def test_500001_at_set_device_leads_with_the_version_mismatch() -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/2244: the image's CANN is not the guide's
    found = explain_text(_read("l1-vllm-ascend-2244-setprecisionmode-500001.log"))
    cause = found[0].cause
    assert found[0].signature_id == "ascend.runtime.precision-mode-500001"
    assert cause.index("version") < cause.index("NumPy 2")


def _text(capsys: pytest.CaptureFixture[str], log: str, snapshot: Path) -> str:
    main(["explain", str(LOGS / log), "--snapshot", str(snapshot)])
    return " ".join(capsys.readouterr().out.split())


def test_a_snapshot_says_which_cause_it_rules_out(capsys: pytest.CaptureFixture[str]) -> None:
    # https://github.com/YvanYin/Metric3D/issues/158 against an NPU-only host
    out = _text(capsys, "l5-metric3d-158-bf16-rtx2080s.log", NPU_910B1)
    assert "rules out" in out
    assert "bfloat16 requested on a GPU without it" in out.split("rules out", 1)[1]


def test_a_snapshot_that_bears_on_no_cause_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # https://github.com/hw-native-sys/PTOAS/pull/523 against a 910B1 host: no fact decides
    out = _text(capsys, "l2-ptoas-523-setdevice-507033.log", NPU_910B1)
    assert "bears on none of these causes" in out


def test_without_a_snapshot_no_snapshot_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", str(LOGS / "l2-ptoas-523-setdevice-507033.log")])
    assert "Snapshot" not in capsys.readouterr().out


def test_the_fallbacks_advice_names_only_the_vendor_the_log_names() -> None:
    # https://github.com/Lightricks/LTX-Video-Q8-Kernels/issues/7, read without the CuTe
    # signature so that the fallback's unplaced-failure rule explains it: its next step names
    # ASCEND_GLOBAL_LOG_LEVEL=1 / CUDA_LAUNCH_BLOCKING=1, and the log is CUDA's (cute::, CUTE_)
    from bringup.triage.explain import compile_matcher, scan_log
    from bringup.triage.loader import load_signatures
    from bringup.triage.ranking import rank
    from bringup.triage.signatures import SignatureSet

    builtin = load_signatures()
    without = SignatureSet(
        tuple(s for s in builtin.signatures if s.id != "cuda.build.cute-arch-not-enabled"),
        builtin.tables,
    )
    matcher = compile_matcher(without, knowledge=True)
    result = scan_log(_read("l6-q8kernels-7-sm89-assert.log"), matcher=matcher)
    found = rank(result, matcher.catalogue)
    assert found[0].signature_id == "evidence.operator.unnamed"
    assert "CUDA_LAUNCH_BLOCKING=1" in found[0].fix
    assert "ASCEND" not in found[0].fix


def test_a_log_of_no_vendor_keeps_every_vendors_advice() -> None:
    # https://github.com/YvanYin/Metric3D/issues/158's last line names no vendor's stack
    # ("CUDA Device" does: the vendor's word is cut here, constructed; the device it names keeps
    # the exception its evidence entry's, not the project's defect)
    found = explain_text(
        "RuntimeError: Current Device does not support bfloat16. Please switch dtype to float16."
    )
    assert found[0].signature_id == "evidence.operator.operation"
    assert "ASCEND_LAUNCH_BLOCKING=1 / CUDA_LAUNCH_BLOCKING=1" in found[0].fix


def test_json_names_what_the_snapshot_ruled_out(capsys: pytest.CaptureFixture[str]) -> None:
    # https://github.com/YvanYin/Metric3D/issues/158 against a 910B1 host (an NPU, no GPU)
    log = LOGS / "l5-metric3d-158-bf16-rtx2080s.log"
    main(["explain", str(log), "--json", "--snapshot", str(NPU_910B1)])
    said = json.loads(capsys.readouterr().out)["data"]["snapshot"]
    assert said["rules_out"] == ["cuda.runtime.bf16-unsupported"]
    assert said["confirms"] == []
