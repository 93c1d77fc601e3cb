"""A CANN planned beside a Python no row pairs it with is "may run here, unverified", not
"runs here after installing" (outsider23 D20: cann-hccl's plan "CANN 9.1.0, Python 3.15",
while ``kb why cann==9.1.0 python==3.15`` says UNKNOWN). The knowledge base pairs CANN with a
Python only in the rows of packages built on it (torch_npu.toml, vllm_ascend.toml); a repo
whose environment has such a row (tests/fixtures/repos/two-kinds/vllm-ascend: torch_npu
2.10.0.post4) is vouched for by it. The CANN-only repo's README joins (constructed) two real
parts: bigorange1024/ascendc@541ca73c README.md:78-82's CANN row, as in
test_target_driver_change, and yzh1703456/cann-hccl@9aeddc05 README.md:72's build dependency
"python >= 3.7.0"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.cli.main import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
CANN_9 = (
    "## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n| CANN 社区版 | **9.0.0** |\n\n"
    "   - python >= 3.7.0\n"
)
CANN = CANN_9.replace("9.0.0", "7.0.0")
"""The same README naming CANN 7.0.0, a release whose install guide kb/data/cann_python.toml has
not read: no row pairs it with a Python."""


def _verdict(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(["check", *argv, "--snapshot", str(HOST)])
    return " ".join(capsys.readouterr().out.split())


def test_a_cann_only_repo_is_unverified_with_its_python(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "ascendc"
    root.mkdir()
    (root / "README.md").write_text(CANN, encoding="utf-8")
    out = _verdict(capsys, str(root))
    assert (
        "ascendc may run here, unverified: CANN 7.0.0 (no row pairs CANN 7.0.0 with Python" in out
    )
    assert main(["kb", "why", "cann==7.0.0", "python==3.13"]) == 1  # UNKNOWN, as the verdict


def test_the_releases_own_python_row_vouches_for_the_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """kb/data/cann_python.toml's CANN 9.0.0 row (its install guide: Python 3.7.x to 3.13.x)
    pairs the two: the verdict says what ``kb why`` says (it said "no row pairs" while kb why
    said COMPATIBLE)."""
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "ascendc"
    root.mkdir()
    (root / "README.md").write_text(CANN_9, encoding="utf-8")
    out = _verdict(capsys, str(root))
    assert "ascendc runs here after installing CANN 9.0.0" in out
    assert "no row pairs CANN" not in out
    assert main(["kb", "why", "cann==9.0.0", "python==3.13"]) == 0  # COMPATIBLE


def test_a_torch_npu_row_vouches_for_the_pair(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    out = _verdict(capsys, str(FIXTURES / "repos" / "two-kinds" / "vllm-ascend"))
    assert "no row pairs CANN" not in out


def test_the_unpaired_python_pin_is_shown_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # outsider 18 D5: repo-mirror-test/ops-transformer@bfbbec83 (CANN, and
    # docs/zh/context/quick_install.md:10 "python >= 3.7.0") got "pins: CANN 8.5.0-beta.1,
    # Python 3.15" as a settled pin, while ``kb why`` said UNKNOWN for the pair
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "ascendc"
    root.mkdir()
    (root / "README.md").write_text(CANN, encoding="utf-8")
    out = _verdict(capsys, str(root))
    pinned = re.search(r"ascendc CANN 7\.0\.0, Python (\S+) \(unverified\)", out)
    assert pinned is not None
    assert "(unverified) = no knowledge-base row pairs this pin with a pin beside it" in out
    python = pinned.group(1)
    assert main(["kb", "why", "cann==7.0.0", f"python=={python}"]) == 1  # UNKNOWN


def test_a_python_a_torch_npu_row_pairs_is_settled(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    out = _verdict(capsys, str(FIXTURES / "repos" / "two-kinds" / "vllm-ascend"))
    assert "(unverified)" not in out
