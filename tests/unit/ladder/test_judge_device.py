"""The device judge's rules on the recorded npu-smi table of a two-NPU 910B3 host
(tests/fixtures/commands/npu-smi/910b3-a2-rows.txt): the visible-device variable sets the
expected count, an unhealthy device fails the driver phase, an unrelated runtime name is a
note."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bringup.ladder.judge import judge
from bringup.ladder.run import backend_rungs

TABLE = (Path(__file__).parents[2] / "fixtures/commands/npu-smi/910b3-a2-rows.txt").read_text()
DEVICE = next(r for r in backend_rungs("ascend") if r.id == "device-init")


def evidence(table: str = TABLE, **fields: Any) -> dict[str, Any]:
    found: dict[str, Any] = {
        "device": "npu",
        "runtime_module": "torch_npu",
        "runtime_version": "2.5.1",
        "available": True,
        "count": 2,
        "names": ["Ascend910B3", "Ascend910B3"],
        "driver": {"argv": ["npu-smi", "info"], "returncode": 0, "stdout": table},
    }
    found.update(fields)
    return found


def test_the_visible_variable_sets_how_many_devices_the_runtime_should_see() -> None:
    one = evidence(count=1, names=["Ascend910B3"], visible={"ASCEND_RT_VISIBLE_DEVICES": "1"})
    assert judge(DEVICE, one).verdict == "PASS"


def test_an_unhealthy_device_fails_the_driver_phase() -> None:
    sick = TABLE.replace(
        "| 1     910B3               | OK     ", "| 1     910B3               | Warning"
    )
    assert sick != TABLE
    verdict = judge(DEVICE, evidence(sick))
    assert (verdict.verdict, verdict.phase) == ("FAIL", "driver")
    assert verdict.reason == "unhealthy device(s): 1 910B3: Warning"


def test_a_runtime_name_the_driver_does_not_list_is_a_note() -> None:
    verdict = judge(DEVICE, evidence(names=["Ascend310P3", "Ascend910B3"]))
    assert verdict.verdict == "PASS"
    assert verdict.notes == ("runtime names Ascend310P3 not among the driver's: 910b3",)
