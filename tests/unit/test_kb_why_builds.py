"""``kb why torch==2.7.0 cuda==11.3`` headlined COMPATIBLE (outsider23c D17): torch 2.7's
major row (``torch-2.7-cuda-major``, pytorch/pytorch torch/utils/cpp_extension.py: a major
mismatch raises) holds, and the row of its published CUDA builds (``torch-2.7-cuda``,
https://pytorch.org/get-started/previous-versions/: cu118, cu126, cu128) was only a
recommendation "not met". There is no torch 2.7.0+cu113 build: the pair is INCOMPATIBLE, with
that row as the source. A pair no row covers stays UNKNOWN."""

from __future__ import annotations

import pytest

from bringup.cli.main import main


def test_a_pair_outside_the_published_builds_is_incompatible(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["kb", "why", "torch==2.7.0", "cuda==11.3"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(
        "INCOMPATIBLE: torch==2.7.0 with cuda==11.3 — no torch 2.7.0 build for cuda 11.3 is"
        " published"
    )
    assert "(torch-2.7-cuda/cuda)" in out
    assert "https://pytorch.org/get-started/previous-versions/" in out


def test_a_published_build_is_compatible_and_an_uncovered_pair_unknown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["kb", "why", "cuda==11.8", "torch==2.7.0"]) == 0
    assert capsys.readouterr().out.startswith("COMPATIBLE:")
    # torch_cuda.toml's rows on CUDA builds start at 1.6
    assert main(["kb", "why", "torch==1.5.0", "cuda==10.2"]) == 1
    assert capsys.readouterr().out.startswith("UNKNOWN:")
