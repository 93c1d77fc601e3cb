"""Outsider O8 #20: ``check`` and ``solve`` disagreed about one machine: ``solve`` put the GPU
repo into the NPU repos' environment (CANN and CUDA in one) and picked another Python for it
(3.11.7 against check's 3.13.0). Both now solve this machine over the split designed for the
hardware the repos ask for, so they name the same environments with the same pins.

Inputs: tests/fixtures/repos/two-kinds (vllm-ascend, an NPU repo, and flash-attention, a GPU
repo; sources in that fixture) and tests/fixtures/outsider8c (the tester's repos, README).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU = FIXTURES / "repos" / "two-kinds" / "vllm-ascend"
GPU = FIXTURES / "repos" / "two-kinds" / "flash-attention"
LLM_TP = FIXTURES / "outsider8c" / "LLM-TP-Inference-on-910B"
MINDX = FIXTURES / "outsider8c" / "mindx-science"


def _environments(capsys: pytest.CaptureFixture[str], command: str, *repos: Path) -> list[Any]:
    main([command, *map(str, repos), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    return [
        (env["components"], sorted((p["subject"], p["version"]) for p in env["pins"]))
        for env in data["resolution"]["environments"]
    ]


@pytest.mark.parametrize("repos", [(NPU, GPU), (LLM_TP, MINDX, GPU)], ids=["two-kinds", "o8"])
def test_check_and_solve_name_the_same_environments_here(
    capsys: pytest.CaptureFixture[str], repos: tuple[Path, ...]
) -> None:
    solved = _environments(capsys, "solve", *repos)
    checked = _environments(capsys, "check", *repos)
    assert solved == checked


def test_an_npu_repo_and_a_gpu_repo_never_share_an_environment_here(
    capsys: pytest.CaptureFixture[str],
) -> None:
    solved = _environments(capsys, "solve", NPU, GPU)
    assert [components for components, _pins in solved] == [["vllm-ascend"], ["flash-attention"]]
    for _components, pins in solved:
        assert not {"cann", "cuda"} <= {subject for subject, _version in pins}
