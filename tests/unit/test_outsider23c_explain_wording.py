"""``explain`` said "a different major version" for nvcc 11.8 against torch's 11.7 (session-23c
outside tester, D13): torch.utils.cpp_extension raised this message on any difference in older
torch, on a major one only in newer; the cause must not contradict the log it quotes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# from https://github.com/open-mmlab/OpenPCDet/issues/1275 (its first line)
LOG = Path(__file__).resolve().parents[2] / "tests/data/outsider23c/openpcdet_cudamismatch.txt"


def test_a_minor_mismatch_is_not_called_a_major_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["explain", str(LOG)])
    out = " ".join(capsys.readouterr().out.split())
    assert "cuda.build.torch-cuda-mismatch" in out
    assert "major" not in out.split("cause", 1)[1].split("Current torch", 1)[0]
    assert "is not the CUDA torch was built with" in out
