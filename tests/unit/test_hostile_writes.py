"""What bringup writes into a repo, and the names it shortens: ``scan --write`` never writes
through a ``bringup.toml`` symlink the repo ships (dangling or not) to a file outside the repo,
writes its draft whole or not at all, and redacts the secrets it copies; a step name cut
inside a URL's password no longer leaks the password's start."""

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


README_WITH_SECRETS = """\
# repo

```bash
pip install --index-url https://alice:verylongpassword1234567890@pypi.example/simple torch
python train.py --token=supersecretvalue123
```
"""


def test_a_step_name_cut_inside_a_password_does_not_leak_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path)
    (repo / "README.md").write_text(README_WITH_SECRETS, encoding="utf-8")
    assert main(["scan", str(repo), "--json"]) == 0
    out = capsys.readouterr().out
    assert "https://redacted@pypi.example" in out
    assert "verylongpassword" not in out


def test_scan_write_redacts_the_secrets_it_drafts(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo / "README.md").write_text(README_WITH_SECRETS, encoding="utf-8")
    assert main(["scan", str(repo), "--write"]) == 0
    draft = (repo / "bringup.toml").read_text(encoding="utf-8")
    assert '"https://redacted@pypi.example/simple"' in draft
    assert '"--token=redacted"' in draft
    assert "verylongpassword" not in draft
    assert "supersecret" not in draft


def test_shortened_redacts_before_it_cuts() -> None:
    from bringup.redaction import shortened

    assert shortened("pip install https://u:pw0123456789@host/simple", 30) == (
        "pip install https://redacte..."
    )
    assert shortened("short", 30) == "short"
