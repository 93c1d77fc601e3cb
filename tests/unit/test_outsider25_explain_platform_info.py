"""An Ascend init failure is keyed on its decisive line, and a snapshot of another CANN rules
out a CANN 8.2-only cause (/work/notes/outsider25.md, D11). vllm-project/vllm-ascend#975 (the
log, first line its URL): 500001 at SetPrecisionMode, then ``[Init][PlatformInfo]init runtime
platform info failed, SocVersion = Ascend910B2``: CANN found no platform information for the
chip (hicann/runtime@681ef761 src/platform/platform_info.cpp:1356-1400). The NumPy 2 trigger
of 500001 is CANN 8.2's; gpustack/llama-box#48's report shows CANN 8.0.RC3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

DATA = Path(__file__).resolve().parents[2] / "tests/data/outsider25"
LOG = DATA / "vllm_ascend_975_init.log"
CANN_8_0_RC3 = DATA / "llama_box_48_910B3.txt"


def _diagnoses(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    main(["explain", str(LOG), "--json", *argv])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    return found


def test_the_platform_info_line_is_the_cause(capsys: pytest.CaptureFixture[str]) -> None:
    first = _diagnoses(capsys)[0]
    assert first["signature_id"] == "ascend.runtime.platform-info-soc"
    assert first["captures"] == {"soc": "Ascend910B2"}
    evidence = first["evidence"]
    assert isinstance(evidence, list)
    assert evidence[0]["line"] == 9


def test_a_snapshot_of_cann_8_0_rules_out_the_cann_8_2_cause(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["probe", "--from", str(CANN_8_0_RC3), "--json"]) == 0
    snapshot = tmp_path / "snapshot.json"
    snapshot.write_text(capsys.readouterr().out, encoding="utf-8")
    found = _diagnoses(capsys, "--snapshot", str(snapshot))
    ids = [d["signature_id"] for d in found]
    assert ids[0] == "ascend.runtime.platform-info-soc"
    (numpy_two,) = [d for d in found if d["signature_id"] == "ascend.runtime.precision-mode-500001"]
    assert numpy_two["confirmation"] == "contradicted"
    assert ids.index("ascend.runtime.precision-mode-500001") == len(ids) - 1
