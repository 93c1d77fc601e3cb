from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.probe.files import Sysroot


@pytest.fixture
def root(tmp_path: Path) -> Path:
    toolkit = tmp_path / "usr/local/Ascend/ascend-toolkit"
    (toolkit / "8.0.RC1").mkdir(parents=True)
    (toolkit / "8.0.RC1/version.cfg").write_text("version=8.0.RC1\n")
    (toolkit / "7.0.0").mkdir()
    # An absolute link, as the CANN installer writes it: it must resolve inside the root.
    os.symlink("/usr/local/Ascend/ascend-toolkit/8.0.RC1", toolkit / "latest")
    os.symlink("../8.0.RC1/version.cfg", toolkit / "7.0.0/rel")
    os.symlink("/nowhere", toolkit / "dangling")
    return tmp_path


def test_absolute_links_resolve_inside_the_root(root: Path) -> None:
    files = Sysroot(root)
    path = "/usr/local/Ascend/ascend-toolkit/latest/version.cfg"
    assert files.resolve(path) == "/usr/local/Ascend/ascend-toolkit/8.0.RC1/version.cfg"
    assert files.read_text(path) == "version=8.0.RC1\n"
    assert files.readlink("/usr/local/Ascend/ascend-toolkit/latest") == (
        "/usr/local/Ascend/ascend-toolkit/8.0.RC1"
    )
    assert files.read_text("/usr/local/Ascend/ascend-toolkit/7.0.0/rel").startswith("version")


def test_listing_globbing_and_absence(root: Path) -> None:
    files = Sysroot(root)
    assert files.list_dir("/usr/local/Ascend/ascend-toolkit") == [
        "7.0.0",
        "8.0.RC1",
        "dangling",
        "latest",
    ]
    assert files.glob("/usr/local/Ascend/ascend-toolkit/*/version.cfg") == [
        "/usr/local/Ascend/ascend-toolkit/8.0.RC1/version.cfg",
        "/usr/local/Ascend/ascend-toolkit/latest/version.cfg",
    ]
    assert files.list_dir("/does/not/exist") == []
    assert not files.exists("/usr/local/Ascend/ascend-toolkit/dangling")
    with pytest.raises(FileNotFoundError):
        files.read_text("/usr/local/Ascend/ascend-toolkit/dangling")


def test_dotdot_never_leaves_the_root(root: Path) -> None:
    files = Sysroot(root)
    assert files.resolve("/../../../usr/local") == "/usr/local"
    with pytest.raises(ValueError, match="absolute"):
        files.resolve("relative/path")


def test_read_limit(root: Path) -> None:
    big = root / "big.txt"
    big.write_text("x" * 5000)
    assert len(Sysroot(root).read_text("/big.txt", limit=100)) == 100
