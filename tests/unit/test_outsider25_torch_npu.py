"""On an NPU target, a repo that needs torch_npu gets a torch some torch_npu release supports,
or a conflict that says which combination no release supports (/work/notes/outsider25.md,
D2 and D3). nano-chat-NPU names torch_npu in its README and its ``npu`` dependency group;
the group's soft line stood in for the README's, and the environment on a 910B pinned torch
2.14.0 with no torch_npu at all. AscendOpGenAgent's only torch_npu line is a script's inline
import. Fixtures: tests/fixtures/repos/outsider25/SOURCES.md (verbatim files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
REPOS = ROOT / "tests/fixtures/repos/outsider25"
NANOCHAT = str(REPOS / "nano-chat-NPU")
"""zhonganbi102-netizen/nano-chat-NPU@fe64c6dd: README.md:22 torch_npu, pyproject.toml:16
torch>=2.8.0, pyproject.toml:47-49 ``npu = ["torch_npu"]``."""
OPGEN = str(REPOS / "AscendOpGenAgent")
"""wangdengkai/AscendOpGenAgent@8b7a8f41: README.en.md:47,49 CANN 8.0+, PyTorch 2.0+;
skills/ascendc/ascendc-translator/references/evaluate_ascendc.sh:115 imports torch_npu."""


def _pins(capsys: pytest.CaptureFixture[str], repo: str) -> dict[str, str]:
    main(["check", repo, "--target", "910B:8", "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (environment,) = data["design"]["environments"]
    return {pin["subject"]: pin["version"] for pin in environment["pins"]}


@pytest.mark.parametrize("repo", [NANOCHAT, OPGEN], ids=["npu-group", "inline-import"])
def test_an_npu_target_pins_a_torch_npu_release_and_its_torch(
    capsys: pytest.CaptureFixture[str], repo: str
) -> None:
    pins = _pins(capsys, repo)
    assert "torch_npu" in pins
    pair = [f"torch_npu=={pins['torch_npu']}", f"torch=={pins['torch']}"]
    assert main(["kb", "why", *pair]) == 0  # the knowledge base calls them compatible
    capsys.readouterr()
