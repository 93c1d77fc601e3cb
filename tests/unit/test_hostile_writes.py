"""What bringup writes into a repo it was given: ``scan --write`` never writes through a
``bringup.toml`` symlink the repo ships (dangling or not) to a file outside the repo, and
writes its draft whole or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bringup.atomicwrite import replace_file
from bringup.cli.main import main


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "requirements.txt").write_text("torch>=2\n", encoding="utf-8")
    return repo


def test_scan_write_keeps_a_dangling_manifest_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path)
    (repo / "bringup.toml").symlink_to("../victim")
    assert main(["scan", str(repo), "--write"]) == 0
    assert not (tmp_path / "victim").exists()
    assert "kept" in capsys.readouterr().out


def test_scan_write_force_replaces_the_link_not_its_target(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    victim = tmp_path / "victim"
    victim.write_text("# precious\n", encoding="utf-8")
    (repo / "bringup.toml").symlink_to("../victim")
    assert main(["scan", str(repo), "--write", "--force"]) == 0
    assert victim.read_text(encoding="utf-8") == "# precious\n"
    manifest = repo / "bringup.toml"
    assert not manifest.is_symlink()
    assert "torch" in manifest.read_text(encoding="utf-8")
    assert [p.name for p in repo.iterdir() if p.name.startswith(".tmp-")] == []


def test_a_drafted_manifest_gets_the_umasks_permissions(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    old = os.umask(0o022)
    try:
        assert main(["scan", str(repo), "--write"]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((repo / "bringup.toml").stat().st_mode) == 0o644


def test_an_interrupted_write_leaves_the_old_file_and_no_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "bringup.toml"
    target.write_bytes(b"old\n")

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        replace_file(target, b"new\n")
    assert target.read_bytes() == b"old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["bringup.toml"]
