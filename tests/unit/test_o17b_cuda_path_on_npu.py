""" "Torch not compiled with CUDA enabled" on an NPU host (outsider17 D8). The log's lines are
Comfy-Org/ComfyUI#6483's (an Ascend host, CANN 8.0.RC3, torch_npu 2.1.0: ComfyUI's own code took
``torch.cuda.get_device_properties``). Without a snapshot, "the snapshot contradicts it" was said
of the Ascend cause; with a pasted ``npu-smi info`` (tests/data/outsider22b, an A3 host) the CUDA
reinstall still ranked first and the text said "contradicts" where ``--json`` said "unknown"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

NPU_SMI = Path(__file__).resolve().parents[2] / "tests/data/outsider22b/npusmi_vllm_ascend_5588.txt"
# https://github.com/Comfy-Org/ComfyUI/issues/6483 (the traceback's first and last lines)
LOG = (
    "!!! Exception during processing !!! Torch not compiled with CUDA enabled\n"
    "Traceback (most recent call last):\n"
    '  File "/home/ma-user/work/ComfyUI-master/execution.py", line 327, in execute\n'
    "    props = torch.cuda.get_device_properties(device)\n"
    "AssertionError: Torch not compiled with CUDA enabled\n"
)
ASCEND = "ascend.runtime.cuda-path-on-npu"
CPU_ONLY = "cuda.runtime.torch-not-compiled-cuda"


def _explain(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str
) -> list[dict[str, object]]:
    log = tmp_path / "comfyui.log"
    log.write_text(LOG, encoding="utf-8")
    main(["explain", str(log), "--json", *argv])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    return found


def test_no_snapshot_is_never_said_to_contradict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    found = _explain(capsys, tmp_path)
    assert {d["confirmation"] for d in found} == {"unknown"}
    assert not any("snapshot" in str(d["confidence_grounds"]) for d in found)


def test_an_npu_snapshot_confirms_the_ascend_cause_and_rules_out_the_cuda_reinstall(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["probe", "--from", str(NPU_SMI), "--json"]) == 0
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text(capsys.readouterr().out, encoding="utf-8")
    found = _explain(capsys, tmp_path, "--snapshot", str(snapshot))
    assert found[0]["signature_id"] == ASCEND
    assert found[0]["confirmation"] == "confirmed"
    assert found[0]["confidence_grounds"] == "the snapshot confirms it"
    (cpu_only,) = [d for d in found if d["signature_id"] == CPU_ONLY]
    assert cpu_only["confirmation"] == "contradicted"


def test_the_text_says_what_the_json_says(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    found = _explain(capsys, tmp_path)
    main(["explain", str(tmp_path / "comfyui.log")])
    text = capsys.readouterr().out
    for diagnosis in found:
        assert f"{diagnosis['confidence']}: {diagnosis['confidence_grounds']}" in text
