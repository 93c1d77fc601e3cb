"""torch's "Distributed package doesn't have NCCL built in" shows where NCCL is absent, an Ascend
NPU host among them: an NPU snapshot does not rule it out, and its fix names the NPU's backend
(outsider19 D7, D8). The log is DeepSpeed#7312's (tests/data/o19b/README.md); the 910B1 report
is vllm-project/vllm-ascend#3403's npu-smi (tests/data/outsider26b/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

DATA = Path(__file__).resolve().parents[2] / "tests/data"
LOG = DATA / "o19b/deepspeed7312_nccl_on_npu.log"
NPU_910B1 = DATA / "outsider26b/va3403_npusmi.txt"


def _first(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    main(["explain", str(LOG), "--json", *argv])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    return found[0]


def test_an_npu_snapshot_keeps_nccl_not_built_first_and_uncontradicted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = _first(capsys, "--snapshot", str(NPU_910B1))
    assert first["signature_id"] == "nccl.not-built"
    assert first.get("confirmation", "unknown") != "contradicted"


def test_its_fix_names_the_npu_backend(capsys: pytest.CaptureFixture[str]) -> None:
    first = _first(capsys)
    assert first["signature_id"] == "nccl.not-built"
    assert "hccl on Ascend NPUs" in str(first["fix"])
