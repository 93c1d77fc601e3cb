"""Repos whose route needs NPUs, on a host with none, and a row that is another project's choice
(outsider17 D2, D3). The lines are the repos' own, with their source beside them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import knowledge_catalogue, solve
from solve_inputs import host, requirement

ROOT = Path(__file__).resolve().parents[2]
CPU_HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
VLLM_ASCEND_POLICY = (
    "https://github.com/vllm-project/vllm-ascend/blob/main/docs/source/community/"
    "versioning_policy.md"
)

# pillumina/verl_npu@2faa869 README.md:3-17 (an RL trainer plugin for Ascend), verbatim
VERL_NPU_README = (
    "## 1、安装 vllm 和 vllm-ascend\n"
    "```bash\n"
    "# vllm\n"
    "git clone -b v0.9.1 https://github.com/vllm-project/vllm.git\n"
    "pip install -r vllm/requirements/build.txt -i https://mirrors.aliyun.com/pypi/simple/"
    " # 将里面的torch==2.7删除\n"
    "pip install -r vllm/requirements/common.txt -i https://mirrors.aliyun.com/pypi/simple/\n"
    "cd vllm\n"
    "VLLM_TARGET_DEVICE=empty python setup.py develop\n"
    "\n"
    "# vllm-ascend\n"
    "git clone -b v0.9.1-dev https://github.com/vllm-project/vllm-ascend.git\n"
    "git checkout 4014ad2a46e01c79fd8d98d6283404d0bc414dce\n"
    "cd vllm-ascend\n"
    "pip install -v -e .\n"
    "```\n"
)


def _check(capsys: pytest.CaptureFixture[str], repo: Path) -> dict[str, Any]:
    main(["check", str(repo), "--snapshot", str(CPU_HOST), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]
    return data


def _blocking(data: dict[str, Any]) -> dict[str, Any]:
    (verdict,) = data["resolution"]["verdicts"]
    assert verdict["status"] == "needs_hardware"
    (block,) = data["resolution"]["hardware"]
    requirement: dict[str, Any] = block["requirement"]
    return requirement


def test_a_route_through_vllm_ascend_needs_npus(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(VERL_NPU_README, encoding="utf-8")
    requirement = _blocking(_check(capsys, tmp_path))
    # the devices are the need, cited where the repo names the package (README.md:14)
    assert requirement["subject"] == "npu_count"
    assert requirement["text"] == "vllm_ascend works on these devices alone"
    assert requirement["source"]["line"] == 14


# ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:306 "triton-ascend 3.2.1 bundled
# bishengir 1.1.0 + CANN 8.5.0 runtime" (and :263, the grader's docker: CANN 8.5.0)
FLASH = (
    requirement("flash_attn_npu", "triton_ascend", "==3.2.1", "OPTIMIZATION_NOTES.md:306"),
    requirement("flash_attn_npu", "cann", "==8.5.0", "OPTIMIZATION_NOTES.md:263"),
)


def test_a_route_through_triton_ascend_needs_npus_and_its_own_cann_is_no_conflict() -> None:
    """triton-ascend 3.2.1 on CANN 8.5.0 was "blocked" by the row 3.2.1 -> CANN 9.0.x, the
    vllm-ascend releases' pairing, not triton-ascend's own; on a host with no accelerator the
    repo needs NPUs (triton-ascend works on them alone)."""
    kb = load_knowledge_base()
    repo = Component(name="flash_attn_npu", path="flash_attn_npu", role="ops", requirements=FLASH)
    resolution = solve([repo], host(), kb.rules(), knowledge_catalogue(kb))
    assert resolution.conflicts == ()
    (environment,) = resolution.environments
    cann = environment.pin("cann")
    assert cann is not None
    assert cann.version == "8.5.0"
    (block,) = resolution.hardware
    assert block.requirement.subject == "npu_count"
    assert block.requirement.text == "triton_ascend works on these devices alone"


def test_another_project_s_pairing_of_triton_ascend_is_advice() -> None:
    """Rows of triton-ascend that only vllm-ascend's versioning policy gives (the triton-ascend
    each vllm-ascend release shipped with) are recommendations: triton-ascend's own guide
    (docs/en/installation_guide.md) names its CANN, vllm-ascend's table names its choice."""
    rules = [r for r in load_knowledge_base().rules() if r.subject == "triton_ascend"]
    borrowed = [r for r in rules if r.source == VLLM_ASCEND_POLICY]
    assert borrowed
    assert not [r.id for r in borrowed if r.hard]
