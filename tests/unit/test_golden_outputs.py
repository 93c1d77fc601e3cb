"""Whole outputs of the main commands on the example stack and the two recorded hosts, kept
as golden files so that a restructuring (the renovation) changes no answer without saying
so. Regenerate deliberately with ``BRINGUP_REGEN_GOLDEN=1 pytest tests/unit/test_golden_outputs.py``
and name every changed file in the commit message."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).parent.parent.parent
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
DEV = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU = "tests/fixtures/hosts/linux-aarch64-ascend-910b-two-cann-toolkits"
STACK = "examples/six-repos"
LOG = "tests/fixtures/logs/ascend.hccl.socket-timeout"

CASES: dict[str, list[str]] = {
    "check-dev.txt": ["check", STACK, "--snapshot", DEV],
    "check-dev.json": ["check", STACK, "--snapshot", DEV, "--json"],
    "check-dev-details.txt": ["check", STACK, "--snapshot", DEV, "--details"],
    "check-dev.md": ["check", STACK, "--snapshot", DEV, "--format", "markdown"],
    "check-npu.txt": ["check", STACK, "--snapshot", NPU],
    "check-npu.json": ["check", STACK, "--snapshot", NPU, "--json"],
    "solve-dev.txt": ["solve", STACK, "--snapshot", DEV],
    "solve-whatif.json": [
        "solve",
        STACK,
        "--snapshot",
        DEV,
        "--what-if",
        "ascend_driver=24.1.0",
        "--what-if",
        "python=3.11",
        "--json",
    ],
    "scan.txt": ["scan", STACK],
    "probe-dev.txt": ["probe", "--replay", DEV],
    "probe-npu.json": ["probe", "--replay", NPU, "--json"],
    "kb-why.txt": ["kb", "why", "torch_npu==2.1.0", "cann==8.0.RC1"],
}


def _normalise(name: str, text: str) -> str:
    """The version of bringup is not part of the answer."""
    if name.endswith(".json"):
        document = json.loads(text)
        document["bringup_version"] = "X"
        return json.dumps(document, indent=1, sort_keys=True) + "\n"
    return text


def _explain_case() -> list[str]:
    logs = sorted((ROOT / LOG).iterdir())
    return ["explain", str(logs[0].relative_to(ROOT))]


@pytest.mark.parametrize("name", [*sorted(CASES), "explain.txt"])
def test_output_is_unchanged(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    # the package index is PyPI, whatever this machine's pip settings say (check's next
    # actions name PyTorch's index only then)
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    for variable in ("PIP_INDEX_URL", "PIP_NO_INDEX", "UV_DEFAULT_INDEX", "UV_INDEX_URL"):
        monkeypatch.delenv(variable, raising=False)
    argv = CASES[name] if name in CASES else _explain_case()
    code = main(argv)
    out = _normalise(name, capsys.readouterr().out)
    golden = GOLDEN / name
    if os.environ.get("BRINGUP_REGEN_GOLDEN"):
        golden.write_text(f"{code}\n{out}", encoding="utf-8")
    expected_code, _, expected_out = golden.read_text(encoding="utf-8").partition("\n")
    assert (code, out) == (int(expected_code), expected_out)
