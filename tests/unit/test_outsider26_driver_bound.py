"""outsider26 #5: "change the driver" where the target's driver already meets the bound
printed. Two classes: a recommendation (a CUDA release's own driver, ``hard = false`` in
cuda_driver.toml) made the solver change a driver that meets every hard floor; and one
environment's need moved the machine's single driver, then every other environment printed
its own bound as a change too, though the installed driver meets it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main

DATA = Path(__file__).resolve().parents[1] / "data" / "outsider26b"
MEGABLOCKS = Path(__file__).resolve().parents[1] / "fixtures/repos/outsider26b/megablocks"
A100 = DATA / "scalellm288_collect_env.txt"  # ScaleLLM#288: driver 550.90.07
NPU = DATA / "va3403_npusmi.txt"  # vllm-ascend#3403: npu-smi 24.1.0
# shanshuo/MindSpeed-MM@dc326082efa915ff35ae4b57f9d2baf1c5788466
# docs/user-guide/installation.md:70
CANN_81RC1 = "```shell\nbash Ascend-cann-toolkit_8.1.RC1_linux-aarch64.run --install\n```\n"
# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5 README.md:78-82
CANN_900 = "## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n| CANN 社区版 | **9.0.0** |\n"


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def _megablocks(tmp_path: Path) -> Path:
    root = tmp_path / "megablocks"
    root.mkdir()
    shutil.copy(MEGABLOCKS / "setup.py", root / "setup.py")
    return root


def test_a_recommended_driver_is_no_driver_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """megablocks (torch 2.7.0 CUDA extension) on the A100 with driver 550.90.07: the 12.x
    floor is 525.60.13; CUDA 12.8.1's own 570.124.06 is a recommendation, so the design keeps
    the driver and takes a CUDA whose own driver it is (11.8, which torch 2.7.0 is built for)."""
    monkeypatch.setenv("COLUMNS", "200")
    repo = _megablocks(tmp_path)
    code = main(["check", str(repo), "--target", str(A100)])
    out = _out(capsys)
    assert "changing the NVIDIA driver" not in out
    assert "change the NVIDIA driver" not in out
    target = out.split("planned for the host")[1]
    assert "CUDA 11.8.0" in target
    assert "torch 2.7.0" in target
    assert code == 0  # runs here after installs, no driver change on the target
    # solve designs the same environment and asks for no change either
    assert main(["solve", str(repo), "--target", str(A100)]) == 0
    solved = _out(capsys)
    assert "NVIDIA driver 550.90.07 installed" in solved
    assert "CUDA 11.8.0" in solved


def test_a_hard_floor_still_asks_for_the_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case that stays: CANN 9.0.0 needs the Ascend driver >= 25.5.1 (a hard row); 24.1.0
    does not meet it, so the target's driver changes, to that bound."""
    monkeypatch.setenv("COLUMNS", "200")
    repo = tmp_path / "ascendc"
    repo.mkdir()
    (repo / "README.md").write_text(CANN_900, encoding="utf-8")
    main(["check", str(repo), "--target", str(NPU)])
    out = _out(capsys)
    assert "environment 1 after changing the Ascend driver 24.1.0 to >= 25.5.1" in out


def test_a_bound_the_installed_driver_meets_is_no_change_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CANN 9.0.0 beside CANN 8.1.RC1 on driver 24.1.0: the machine's driver changes for the
    first; the second's bound, >= 24.1.RC2, is met by 24.1.0 (24.1.0 is after its RCs, as
    ``kb why cann==8.1.RC1 ascend_driver==24.1.0`` says), so no action names it."""
    monkeypatch.setenv("COLUMNS", "200")
    new, old = tmp_path / "ascendc", tmp_path / "mm"
    for root, text in ((new, CANN_900), (old, CANN_81RC1)):
        root.mkdir()
        (root / "README.md").write_text(text, encoding="utf-8")
    main(["check", str(new), str(old), "--target", str(NPU)])
    out = _out(capsys)
    assert "change the Ascend driver from 24.1.0 to a version >= 25.5.1, for CANN 9.0.0" in out
    assert ">= 24.1.RC2" not in out
    assert "mm environment 2 " in out.split("planned for the host")[0]
