"""A pair of pins that a package's rows relate for other releases only is planned
"(unverified)", and the verdict says so (outsider20 D12: lvhaojieming/MIndSpeed's plan "CANN
9.0.0 + torch_npu 2.7.1rc1" while ``kb why torch_npu==2.7.1rc1 cann==9.0.0`` said UNKNOWN).
torch_npu 2.7.1rc1 is known only from the builds record pairing every 2.7.1 build with torch
2.7.1 (kb/data/torch_npu.toml), so no row chooses its CANN. The README joins the guide's real
lines: lvhaojieming/MIndSpeed@faadbe7 docs/zh/pytorch/training/install_guide.md:48 (CANN's
set_env.sh) and :65-66 (the torch and torch_npu wheels)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.cli.main import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
GUIDE = (
    "```shell\n"
    "source /usr/local/Ascend/cann/set_env.sh # 修改为实际安装的Toolkit包路径\n"
    "```\n\n"
    "```shell\n"
    "pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl \n"
    "pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl\n"
    "```\n"
)


def _check(capsys: pytest.CaptureFixture[str], root: Path) -> str:
    main(["check", str(root), "--snapshot", str(HOST)])
    return " ".join(capsys.readouterr().out.split())


def test_an_unpaired_release_leaves_its_cann_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "mindspeed"
    root.mkdir()
    (root / "README.md").write_text(GUIDE, encoding="utf-8")
    out = _check(capsys, root)
    said = re.search(r"no row pairs torch_npu 2\.7\.1rc1 with CANN (\S+):", out)
    assert said is not None, out
    cann = said.group(1)
    assert f"may run here, unverified: CANN {cann} (no row pairs torch_npu 2.7.1rc1" in out
    assert f"CANN {cann} (unverified)" in out  # the pin itself, in the plan
    assert "torch_npu.toml pairs them only for other releases" in out
    assert main(["kb", "why", "torch_npu==2.7.1rc1", f"cann=={cann}"]) == 1  # UNKNOWN


def test_a_release_with_its_cann_row_is_settled(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # torch_npu 2.10.0.post4's own rows pair it with CANN (tests/fixtures/repos/two-kinds)
    monkeypatch.setenv("COLUMNS", "200")
    out = _check(capsys, FIXTURES / "repos" / "two-kinds" / "vllm-ascend")
    assert "no row pairs" not in out
    assert "(unverified)" not in out
