"""On a machine whose accelerators are of another kind, an environment for repos that need
devices it has none of is for the host they ask for: its installs are no next action here
(outsider10 #16: an A3 NPU snapshot was told "install CUDA 13.2.1" for two CUDA repos). A
machine with no accelerator still gets them, for the builds that need no device."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

NPU_SMI = """NPU:
+------------------------------------------------------------------------------------------------+
| npu-smi 25.2.3                   Version: 25.2.3                                               |
+---------------------------+---------------+----------------------------------------------------+
| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|
| Chip  Phy-ID              | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |
+===========================+===============+====================================================+
| 0     Ascend910           | OK            | 166.7       49                0    / 0             |
| 0     0                   | 0000:9D:00.0  | 0           0    / 0          3137 / 65536         |
+------------------------------------------------------------------------------------------------+
"""
"""https://github.com/vllm-project/vllm-ascend/issues/5357 (the npu-smi table as posted)."""

CMAKE = """cmake_minimum_required(VERSION 3.24)
project(gs LANGUAGES CXX CUDA)
find_package(CUDAToolkit 12.8 REQUIRED)
add_executable(gs main.cu)
add_test(NAME gs COMMAND gs)
"""
"""MrNeRF/gaussian-splatting-cuda@0ff1dc23 CMakeLists.txt:246 ``find_package(CUDAToolkit 12.8
REQUIRED)``, in a build of its own (the other lines only make it one)."""


def _actions(tmp_path: Path, capsys: pytest.CaptureFixture[str], *snapshot: str) -> list[str]:
    repo = tmp_path / "gs"
    repo.mkdir()
    (repo / "CMakeLists.txt").write_text(CMAKE, encoding="utf-8")
    (repo / "main.cu").write_text("int main() { return 0; }\n", encoding="utf-8")
    main(["check", str(repo), *snapshot, "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    return list(data["next_actions"])


def test_an_npu_host_is_not_told_to_install_cuda(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "npu-smi.txt"
    report.write_text(NPU_SMI, encoding="utf-8")
    actions = _actions(tmp_path, capsys, "--snapshot", str(report))
    assert not any("CUDA" in a for a in actions)


def test_a_host_with_no_accelerator_still_installs_the_toolkit_to_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The demo's CUDA machine without a GPU (tier 0) is told to install CANN for the NPU
    repos' builds, as before."""
    root = Path(__file__).resolve().parents[2]
    dev = root / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
    main(["check", str(root / "examples/six-repos"), "--snapshot", str(dev), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    assert any(a.startswith("install CANN") for a in data["next_actions"])
