"""Each split of the environments gives its own reason (outsider23 D27): on a stack of two NPU
repos whose CANN lines differ and a GPU-only repo, every "why" line said "-> three
environments" for the CANN conflict, and the third environment (the GPU repo's, for another
kind of host) had no line at all. Repos: ``tests/fixtures/repos/two-kinds`` (vllm-ascend,
CANN == 9.1.0; flash-attention, compute capability 8.0: sources in its SOURCES) and a README
with bigorange1024/ascendc@541ca73c README.md:78-82's CANN row (CANN 社区版 9.0.0, as in
test_target_driver_change)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
STACK = FIXTURES / "repos" / "two-kinds"
CANN = "## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n| CANN 社区版 | **9.0.0** |\n"


def test_the_conflict_and_the_other_kind_of_host_are_each_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    stack = tmp_path / "stack"
    shutil.copytree(STACK, stack)
    (stack / "ascendc").mkdir()
    (stack / "ascendc" / "README.md").write_text(CANN, encoding="utf-8")
    repos = [str(stack / name) for name in ("vllm-ascend", "ascendc", "flash-attention")]
    main(["check", *repos, "--snapshot", str(HOST)])
    out = capsys.readouterr().out
    why = out.split("Why three environments")[1].split("\n\n")[0]
    heads = [line.strip() for line in why.splitlines() if line[:4].strip()[:1].isdigit()]
    assert heads == [
        "1. no single CANN for vllm-ascend and ascendc -> separate environments",
        "2. no single torch_npu and CANN for vllm-ascend and ascendc -> separate environments",
        "3. flash-attention on a GPU host -> its own environment, for another kind of host",
    ]
    assert "flash-attention needs GPUs (setup.py:2)" in why
    assert "three environments" not in why
