"""On a host whose pasted report shows Ascend NPUs only, a repo that needs CUDA *needs other
hardware*; it does not "run here after installing CUDA 12.6.3" (/work/notes/outsider22b.md,
item 2). Two report shapes escaped the rule that a report listing one kind of accelerator
has none of another: an Atlas 800T A2 environment report names the Ascend driver and the
910B but lists no device, so the GPU count stayed unknown; and an npu-smi table did give 0
GPUs, but a repo that needs GPUs through its CUDA toolkit (a line of its own, or the CUDA
its environment pins for torch) was judged on the toolkit alone, which installs anywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.inputs import read_report
from bringup.solve import host_facts

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/data/outsider22b"
ATLAS_A2 = DATA / "llamafactory_4836_env.txt"
"""hiyouga/LlamaFactory#4836: Atlas 800T A2, Ascend-hdk-910b-npu-driver_23.0.3 (first line: URL)."""
A3 = DATA / "npusmi_vllm_ascend_5588.txt"
"""vllm-project/vllm-ascend#5588: npu-smi 25.3.rc1 of an A3 host (first line: URL)."""
OPENRLHF = str(ROOT / "tests/fixtures/repos/outsider22b/OpenRLHF")
"""OpenRLHF/OpenRLHF@3c3be623:requirements.txt:7,22: flash-attn==2.8.3, torch."""
LLM_AWQ = str(ROOT / "tests/fixtures/repos/outsider22/llm-awq")
"""mit-han-lab/llm-awq@d6e797a4: builds CUDAExtension kernels (its SOURCE.md)."""
CPU_HOST = str(ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver")


def test_a_report_naming_the_npu_driver_only_has_no_gpu() -> None:
    gpus = host_facts(read_report(str(ATLAS_A2))).value("gpu_count")
    assert gpus is not None
    assert gpus.values == ("0",)
    assert gpus.source.ref.endswith("llamafactory_4836_env.txt")
    assert gpus.source.line == 6  # the driver's package name


def _verdicts(capsys: pytest.CaptureFixture[str], snapshot: str) -> tuple[int, dict[str, str]]:
    code = main(["check", OPENRLHF, LLM_AWQ, "--snapshot", snapshot, "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    return code, {v["component"]: v["status"] for v in data["resolution"]["verdicts"]}


@pytest.mark.parametrize("report", [ATLAS_A2, A3], ids=["atlas-800t-a2", "npu-smi-a3"])
def test_a_cuda_repo_needs_other_hardware_on_an_npu_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, report: Path
) -> None:
    assert main(["probe", "--from", str(report), "--json"]) == 0
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text(capsys.readouterr().out, encoding="utf-8")
    code, verdicts = _verdicts(capsys, str(snapshot))
    assert (code, verdicts) == (1, {"OpenRLHF": "needs_hardware", "llm-awq": "needs_hardware"})


def test_on_a_host_with_no_accelerator_cuda_is_still_to_install(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """llm-awq's route builds with nvcc: the toolkit installs here. OpenRLHF's pins flash-attn,
    which runs on GPUs alone: it needs other hardware, as an NPU repo pinning
    ``mindspore_ascend`` does (outsider8 #5: the verdict is the same for either kind)."""
    _code, verdicts = _verdicts(capsys, CPU_HOST)
    assert verdicts == {"OpenRLHF": "needs_hardware", "llm-awq": "runs_after"}
