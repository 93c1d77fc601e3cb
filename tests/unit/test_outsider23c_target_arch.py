"""A target GPU's compute capability bounds the CUDA toolkit and the torch build (session-23c
outside tester, D1/D5/D9): an H100 plan pinned CUDA 11.3.1 (nvcc cannot target compute_90), a
B200 plan torch 2.0.1 (no sm_100 kernels), and torch-ngp on an A100 got torch 2.7.1 beside its
CUDA 11.3 because no torch in the knowledge base had a cu113 build (now torch 1.12 from
pytorch/pytorch RELEASE.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
# environment.yml verbatim from ashawkey/torch-ngp@b6e0804 (its SOURCE.md): cudatoolkit=11.3
TORCH_NGP = str(ROOT / "tests/fixtures/repos/outsider23c/torch-ngp")


def _lines(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    main(list(argv))
    return [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]


def test_an_h100_sets_aside_a_repo_that_pins_a_toolkit_older_than_sm_90(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    lines = _lines(capsys, "check", TORCH_NGP, "--target", "H100:8")
    assert next(line for line in lines if line.startswith("torch-ngp ")).startswith(
        "torch-ngp environment 1 once conflict 1 is resolved"  # its lines set aside
    )
    assert any("compute capability == 9.0 needs CUDA >= 11.8" in line for line in lines)


def test_on_an_a100_the_cuda_11_3_pin_gets_a_torch_with_a_cu113_build(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    lines = _lines(capsys, "check", TORCH_NGP, "--target", "A100:8")
    pins = next(line for line in lines if "environment 1" in line and "torch 1" in line)
    assert "CUDA 11.3" in pins
    assert "torch 1.12" in pins
    assert "Python 3.10" in pins


@pytest.mark.parametrize(
    ("pair", "verdict"),
    [
        (("torch==2.0.1", "compute_capability==10.0"), "INCOMPATIBLE"),
        (("torch==2.7.0", "compute_capability==10.0"), "COMPATIBLE"),
        (("torch==1.13.1", "compute_capability==9.0"), "INCOMPATIBLE"),
        (("cuda==11.7", "compute_capability==9.0"), "INCOMPATIBLE"),
        (("cuda==11.8", "compute_capability==9.0"), "COMPATIBLE"),
        (("cuda==12.6", "compute_capability==10.0"), "INCOMPATIBLE"),
    ],
)
def test_the_knowledge_base_bounds_toolkit_and_torch_by_architecture(
    capsys: pytest.CaptureFixture[str], pair: tuple[str, str], verdict: str
) -> None:
    main(["kb", "why", *pair])
    assert capsys.readouterr().out.startswith(verdict + ":")
