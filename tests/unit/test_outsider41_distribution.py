"""An OS version is a release of one distribution (outsider22 D1): "Ubuntu 20.04 or later"
(zhaojiqiao/tilelang-npu@1bc99fd docs/get_started/Installation.md:7) blocked every step on
Debian 12 as "needs other hardware: OS version >= 20.04". On another Linux distribution the
need is not comparable: left unverified, never a block. On Ubuntu it is still compared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

HOSTS = Path(__file__).resolve().parents[1] / "fixtures" / "hosts"
DEBIAN = HOSTS / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
UBUNTU = HOSTS / "linux-x86_64-ubuntu22-rocm6-mi300x"

# zhaojiqiao/tilelang-npu@1bc99fd docs/get_started/Installation.md:7
TILELANG = "- **Operating System**: Ubuntu 20.04 or later\n"


def _resolution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, host: Path
) -> dict[str, Any]:
    (tmp_path / "README.md").write_text(text, encoding="utf-8")
    main(["check", str(tmp_path), "--snapshot", str(host), "--json"])
    resolution: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]["resolution"]
    return resolution


def _blocked(resolution: dict[str, Any]) -> set[str]:
    return {b["requirement"]["subject"] for b in resolution.get("hardware", [])}


def test_another_distributions_release_is_not_comparable_on_debian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    resolution = _resolution(capsys, tmp_path, TILELANG, DEBIAN)
    assert not _blocked(resolution) & {"os", "os_version"}
    reasons = {u["subject"]: u["reason"] for u in resolution["unverified"]}
    assert "debian" in reasons["os_version"]
    assert "ubuntu" in reasons["os_version"]
    assert "another Linux distribution" in reasons["os"]


def test_the_same_distribution_is_still_compared(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    newer = TILELANG.replace("20.04", "24.04")  # the ROCm host fixture runs Ubuntu 22.04
    assert "os_version" in _blocked(_resolution(capsys, tmp_path, newer, UBUNTU))
    assert not _blocked(_resolution(capsys, tmp_path, TILELANG, UBUNTU)) & {"os", "os_version"}
