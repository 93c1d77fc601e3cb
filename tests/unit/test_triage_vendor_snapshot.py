"""A snapshot that shows another vendor's devices and none of an entry's vendor rules the entry
out (``bringup.triage.vendors``): outsider O7's defect 10, re-tested in /work/notes/
outsider26-retest.md row 10. The log is huggingface/sentence-transformers#3557's Triton "0 active
drivers" (tests/data/outsider27/README.md); the A100 report is ScaleLLM#288's collect_env
(tests/data/outsider26b/README.md); the 910B1 report is vllm-project/vllm-ascend#3403's npu-smi."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.backends.ascend.keys import ASCEND_DEVICE_COUNT
from bringup.backends.cuda.keys import NVIDIA_DEVICE_COUNT
from bringup.cli.main import main
from bringup.model import Fact, Snapshot
from bringup.model.source import command_source
from bringup.triage.vendors import ruled_out, vendor_of

DATA = Path(__file__).resolve().parents[2] / "tests/data"
LOG = DATA / "outsider27/st_3557_triton_drivers.log"
A100 = DATA / "outsider26b/scalellm288_collect_env.txt"
NPU_910B1 = DATA / "outsider26b/va3403_npusmi.txt"
ASCEND_ENTRY = "ascend.install.triton-backend-missing"
ANY_HOST_CLASS = "class.install.triton-no-active-backend"


def _diagnoses(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    main(["explain", str(LOG), "--json", *argv])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    return found


def test_an_a100_snapshot_rules_out_the_ascend_cause_and_leads_with_one_for_any_host(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = _diagnoses(capsys, "--snapshot", str(A100))
    assert [d["signature_id"] for d in found] == [ANY_HOST_CLASS, ASCEND_ENTRY]
    ascend = found[1]
    assert ascend["confirmation"] == "contradicted"
    cited = ascend["confirmed_by"]
    assert isinstance(cited, list)
    assert {"key": "nvidia.device_count", "value": 1} in [
        {"key": f["key"], "value": f["value"]} for f in cited
    ]
    assert "pip install -U torch triton" in str(found[0]["fix"])


def test_an_npu_snapshot_keeps_the_ascend_cause_first(capsys: pytest.CaptureFixture[str]) -> None:
    found = _diagnoses(capsys, "--snapshot", str(NPU_910B1))
    assert found[0]["signature_id"] == ASCEND_ENTRY
    assert found[0].get("confirmation", "unknown") != "contradicted"


def test_without_a_snapshot_nothing_is_ruled_out(capsys: pytest.CaptureFixture[str]) -> None:
    found = _diagnoses(capsys)
    assert found[0]["signature_id"] == ASCEND_ENTRY
    assert found[0].get("confirmation", "unknown") == "unknown"


@pytest.mark.parametrize(
    ("entry", "vendor"),
    [
        ("ascend.install.triton-backend-missing", "ascend"),
        ("faultdiag.aisw_pytorch_init_02", "ascend"),
        ("code.acl.507899", "ascend"),
        ("cuda.runtime.no-kernel-image", "nvidia"),
        ("code.nccl.ncclInternalError", "nvidia"),
        ("python.no-matching-distribution", None),
        (ANY_HOST_CLASS, None),
    ],
)
def test_the_vendor_is_read_from_the_entry_namespace(entry: str, vendor: object) -> None:
    assert vendor_of(entry) == vendor


def _host(*facts: Fact) -> Snapshot:
    """A constructed snapshot (facts only, no report behind them)."""
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="replay", facts=facts)


def _count(key: str, value: object, status: str = "ok") -> Fact:
    return Fact(key=key, value=value, source=command_source(["probe"]), status=status)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ascend_count", "gpus", "ruled"),
    [
        (None, 1, True),  # a GPU host's report never read the NPUs
        (_count(ASCEND_DEVICE_COUNT, None, "absent"), 2, True),
        (_count(ASCEND_DEVICE_COUNT, 8), 2, False),  # both vendors' devices
        (_count(ASCEND_DEVICE_COUNT, None, "timed_out"), 1, False),  # npu-smi gave no answer
        (_count(ASCEND_DEVICE_COUNT, None, "absent"), 0, False),  # no device at all
    ],
)
def test_a_vendor_is_ruled_out_only_by_another_vendors_devices_and_none_of_its_own(
    ascend_count: object, gpus: int, ruled: bool
) -> None:
    facts = [_count(NVIDIA_DEVICE_COUNT, gpus)] + ([ascend_count] if ascend_count else [])
    assert bool(ruled_out("ascend", _host(*facts))) is ruled  # type: ignore[arg-type]
