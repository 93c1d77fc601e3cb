"""A companion asked for only as "the same version as" the repo is a pin the plan guesses:
"may run here, unverified", not a plain install of the newest (outsider23 D8: vllm-ascend's
"vLLM (the same version as vllm-ascend)" became ``vllm 0.23.0`` from the index). The README is
vllm-project/vllm-ascend@5e390744 README.md:59-67 (its Prerequisites, verbatim), checked on the
A2 host of vllm-project/vllm-ascend#4621 (tests/data/outsider23o/report_910b2c_cann83rc2.txt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

REPORT = Path(__file__).parent.parent / "data" / "outsider23o" / "report_910b2c_cann83rc2.txt"
PREREQUISITES = """## Prerequisites

- Hardware: Atlas 800I A2 Inference series, Atlas A2 Training series, Atlas 800I A3 Inference series, Atlas A3 Training series, Atlas 300I Duo (Experimental)
- OS: Linux
- Software:
    - Python >= 3.10, < 3.12
    - CANN == 9.0.0 (For Ascend HDK version, please refer to the [Release Notes](https://www.hiascend.com/document/detail/zh/canncommercial/900/releasenote/releasenote_0000.html))
    - PyTorch == 2.10.0, torch-npu == 2.10.0
    - vLLM (the same version as vllm-ascend)
"""  # noqa: E501


def _unchecked(tmp_path: Path, capsys: pytest.CaptureFixture[str], readme: str) -> dict[str, str]:
    root = tmp_path / "vllm-ascend"
    root.mkdir()
    (root / "README.md").write_text(readme, encoding="utf-8")
    argv = ["check", str(root), "--snapshot", str(REPORT), "--allow-driver-change", "--json"]
    main(argv)
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["resolution"]["verdicts"]
    assert verdict["status"] == "unverified"
    return {o["subject"]: o["missing"][0] for o in verdict["obstacles"] if o["kind"] == "unchecked"}


def test_the_same_version_as_the_repo_is_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _unchecked(tmp_path, capsys, PREREQUISITES)["vllm"]
    assert said.endswith(
        "README.md:9 asks for vllm of the same version as vllm-ascend; no line of the repo"
        " names that version"
    )


def test_a_version_stated_elsewhere_settles_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a line naming the release (constructed, as vllm-ascend's Dockerfile:50 ARG VLLM_TAG
    # names v0.22.1)
    stated = PREREQUISITES + "\n```bash\npip install vllm==0.22.1\n```\n"
    # which version is settled; what that version itself requires stays unchecked
    # (solve.ownrows, outsider11 #18: PyPI's vllm 0.22.1 requires torch 2.11.0)
    said = _unchecked(tmp_path, capsys, stated).get("vllm", "")
    assert "same version" not in said
