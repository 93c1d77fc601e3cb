"""An editable install of a folder the checkout lacks is said as a folder, not "a script" that
"runs" (review 26b L1). Fixture: tests/fixtures/repos/outsider26b/mindspeed (momo609/mindspeed
@7e624cf1 docs/zh/user-guide/installation.md:71 and :77, its SOURCE.md); target: the npu-smi of
vllm-ascend#3403 (tests/data/outsider26b)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.report.wording import missing_folder

ROOT = Path(__file__).resolve().parents[2]
MINDSPEED = ROOT / "tests/fixtures/repos/outsider26b/mindspeed"
NPU = ROOT / "tests/data/outsider26b/va3403_npusmi.txt"


def test_an_editable_folder_the_checkout_lacks_is_a_folder(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(MINDSPEED), "--target", str(NPU), "--details", "mindspeed"])
    out = " ".join(capsys.readouterr().out.split())
    assert "installs the folder MindSpeed, which the checkout does not have" in out
    assert "runs MindSpeed" not in out
    main(["check", str(MINDSPEED), "--target", str(NPU)])
    out = " ".join(capsys.readouterr().out.split())
    assert "1 step needs a folder the checkout does not have" in out


def test_a_missing_script_or_wheel_is_no_folder() -> None:
    assert missing_folder("MindSpeed")
    assert not missing_folder("stress_test.py")  # HowXu/alphafold3-pytorch-npu :183
    assert not missing_folder("torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl")
