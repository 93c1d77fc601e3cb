"""A C++ extension that forces its -std beside a torch whose headers need a newer standard
(outsider22 D10): ClementPinard/Pytorch-Correlation-extension's setup.py forces C++17 and the
plan took torch 2.14.0, whose all.h refuses anything below C++20. torch_cxx.toml holds the
oldest standard each torch release's headers accept; setup.py's -std is that very standard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
CPU_HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"

# ClementPinard/Pytorch-Correlation-extension@f00f0cd setup.py:11 and requirements.txt:1
CORRELATION_SETUP = "cxx_args = ['-std=c++17', '-fopenmp']\n"
CORRELATION_REQUIREMENTS = "torch>=2.1.0\n"
# MightyChaos/dqtorch@707e615f setup.py:1-3, 7-9, 38-41 (install_requires at :41)
DQTORCH_SETUP = (
    "import os\n"
    "from setuptools import setup\n"
    "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
    "nvcc_flags = [\n"
    "    '-O3', '-std=c++14',\n"
    "]\n"
    "setup(\n"
    "    name=LIB_NAME, # package name, import this to use python API\n"
    '    install_requires=["torch>=1.12"],\n'
    ")\n"
)


def _check(capsys: pytest.CaptureFixture[str], repo: Path) -> dict[str, Any]:
    main(["check", str(repo), "--snapshot", str(CPU_HOST), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]["resolution"]
    return data


def _torch(resolution: dict[str, Any]) -> tuple[int, ...]:
    (environment,) = resolution["environments"]
    (pin,) = [p for p in environment["pins"] if p["subject"] == "torch"]
    return tuple(int(part) for part in pin["version"].split(".")[:2])


def _repo(folder: Path, setup: str, requirements: str = "") -> Path:
    (folder / "setup.py").write_text(setup, encoding="utf-8")
    if requirements:
        (folder / "requirements.txt").write_text(requirements, encoding="utf-8")
    return folder


def test_a_forced_cxx17_takes_the_newest_torch_whose_headers_accept_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    repo = _repo(tmp_path, CORRELATION_SETUP, CORRELATION_REQUIREMENTS)
    assert (2, 1) <= _torch(_check(capsys, repo)) < (2, 14)


def test_a_forced_cxx14_takes_a_torch_before_2_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert _torch(_check(capsys, _repo(tmp_path, DQTORCH_SETUP))) < (2, 1)


def test_a_forced_cxx14_beside_torch_2_1_or_newer_is_flagged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """dqtorch's -std=c++14 beside the correlation extension's torch>=2.1.0 (two repos' lines
    in one, as a repo that moved its torch floor and kept its flag)."""
    resolution = _check(capsys, _repo(tmp_path, DQTORCH_SETUP, CORRELATION_REQUIREMENTS))
    (verdict,) = resolution["verdicts"]
    assert verdict["status"] == "blocked"
    (unplaced,) = resolution["unplaced"]
    rows = {item.get("rule_id") for item in unplaced["conflict"]["items"]}
    assert {"torch-2.1-cxx17/cxx_standard", "torch-2.14-cxx20/cxx_standard"} <= rows
