"""``kb why --chip`` took Ascend chip families only, while ``--target H100:8`` takes a GPU by
its product name (outsider23c D17: ``kb why torch==2.0.1 --chip H100`` -> "unknown chip family
'H100'"). A GPU is its compute capability, which the GPU rows are keyed by: gpus.toml's
torch-sm_90 row (https://pytorch.org/get-started/previous-versions/; pytorch/pytorch#110153,
"NVIDIA H100 PCIe with CUDA capability sm_90 is not compatible with the current PyTorch
installation" on torch 2.0.1+cu117)."""

from __future__ import annotations

import pytest

from bringup.cli.main import main


def test_a_gpu_named_as_the_chip_is_asked_by_its_compute_capability(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["kb", "why", "torch==1.13.1", "--chip", "H100"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INCOMPATIBLE: torch==1.13.1 with compute_capability==9.0")
    assert main(["kb", "why", "torch==2.0.1", "--chip", "h100"]) == 0


def test_a_gpu_chip_beside_a_pair_says_how_to_ask(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torch==2.0.1", "cuda==11.7", "--chip", "H100"]) == 2
    assert "kb why torch==2.0.1 compute_capability==9.0" in capsys.readouterr().err


def test_an_ascend_chip_family_is_still_a_chip(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torch_npu==2.7.1", "--chip", "910B"]) == 0
    assert "unknown chip" not in capsys.readouterr().err
