"""A report that names its GPU without a table of them (nunchaku-ai/nunchaku#27, as pasted:
tests/data/outsider23c/nunchaku_27_a100.txt:6 ``Device: NVIDIA A100-SXM4-40GB`` beside :4
``CUDA available: True``): ``probe --from`` said "accelerators: none found", and as a target
the A100 gave the design no compute capability (outsider23c D17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.inputs import read_target
from bringup.solve.catalogue import Catalogue

REPORT = Path(__file__).parent.parent / "data" / "outsider23c" / "nunchaku_27_a100.txt"


def test_the_named_gpu_is_not_none_found(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["probe", "--from", str(REPORT)])
    out = capsys.readouterr().out
    assert "none found" not in out
    assert "accelerators: NVIDIA A100-SXM4-40GB (line 6) named, none listed" in out


def test_as_a_target_the_named_gpu_is_its_products_compute_capability() -> None:
    # a report names its host: no release list is read
    host = read_target(str(REPORT), Catalogue(lambda subject: ())).host
    capability = host.fixed["compute_capability"]
    assert (capability.status, capability.values, capability.source.line) == ("ok", ("8.0",), 6)
    assert host.fixed["gpu_count"].status == "unknown"  # how many is not said
