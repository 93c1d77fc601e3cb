"""Outsider 20's explain defects (session 39), each read as a class on the tester's own log
(tests/data/outsider39/logs, its thread in logs/README.md) and another public log of the class."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider39" / "logs"


def test_a_missing_nvidia_driver_is_not_an_npu_failure() -> None:
    # D13: bringup's own `up` run on nvmath-python, a CPU host with no NVIDIA driver:
    # cuda-pathfinder raises '"nvml" is an NVIDIA driver library ...' (U2_up_run2_nvml.log:47).
    # The NPU rule's generic "driver" took it, with an Ascend page as the source.
    first = explain_text((LOGS / "U2_up_run2_nvml.log").read_text(encoding="utf-8"))[0]
    assert (first.signature_id, first.layer) == ("traceback.device-init.cuda", "device_init")
    assert "NPU" not in first.title
    assert "Ascend" not in first.source
    # The same class in NVML's own words, through pynvml:
    # https://github.com/wookayin/gpustat/issues/110
    gpustat = (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/dist-packages/pynvml.py", line 310, in _nvmlCheckReturn\n'
        "    raise NVMLError(ret)\n"
        "pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded\n"
    )
    first = explain_text(gpustat)[0]
    assert first.layer == "device_init"
    assert "NPU" not in first.title
    assert "Ascend" not in first.source


def test_a_kernel_compile_in_the_job_is_the_compilers_failure() -> None:
    # D14: vllm-ascend's Triton kernel failing in BiShengIR while the job runs
    # (https://github.com/vllm-project/vllm-ascend/issues/3219, L4). The compiler's command line,
    # echoed under vLLM's "ERROR" level ("--cce-aicore-only" reads as "AI Core"), led as an
    # operator failing on the device; the lines that name the compiler ranked below it.
    first = explain_text((LOGS / "L4_vllm_ascend_bishengir_pipeline.log").read_text("utf-8"))[0]
    assert first.signature_id == "ascend.build.triton-ascend-mlir-compile"
    # compiled on the fly while the job runs: operator_execution
    # (tests/data/triage_thirtyfourth/LABEL-BRIEF.md)
    assert first.layer == "operator_execution"
    assert "bishengir-compile" in first.cause
