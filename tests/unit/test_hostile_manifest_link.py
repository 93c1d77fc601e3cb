"""A repo's ``bringup.toml`` that is a symlink out of the repo was read, and the lines of the
file it points to shown in the error excerpts (``bringup.toml -> ~/.netrc``). It is refused,
naming the link, as the walk refuses every other file linked from outside (with ``--force``
the repo is scanned without it, so ``--write --force`` replaces the link); a link that stays
inside the repo is read as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

PRIVATE = "machine example.com login hunter2\n"


def _repo(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "requirements.txt").write_text("torch\n", encoding="utf-8")
    (root / "README.md").write_text("# repo\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("stack", [False, True])
def test_a_manifest_linked_from_outside_the_repo_is_refused(
    stack: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "netrc"
    secret.write_text(PRIVATE, encoding="utf-8")
    repo = _repo(tmp_path / "stack" / "a" if stack else tmp_path / "a")
    if stack:
        _repo(tmp_path / "stack" / "b")
    (repo / "bringup.toml").symlink_to(secret)
    assert main(["scan", str(repo.parent if stack else repo), "--json"]) == 2
    captured = capsys.readouterr()
    assert "hunter2" not in captured.out + captured.err
    assert "a symlink out of the repo" in captured.out
    assert str(repo / "bringup.toml") in captured.out


def test_a_manifest_linked_inside_the_repo_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path / "a")
    (repo / "conf").mkdir()
    (repo / "conf" / "bringup.toml").write_text("not toml [\n", encoding="utf-8")
    (repo / "bringup.toml").symlink_to(Path("conf") / "bringup.toml")
    assert main(["scan", str(repo), "--json"]) == 2
    assert "not toml [" in capsys.readouterr().err  # its own line, in the excerpt


def test_with_force_the_repo_is_scanned_without_the_linked_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "netrc"
    secret.write_text(PRIVATE, encoding="utf-8")
    repo = _repo(tmp_path / "a")
    (repo / "bringup.toml").symlink_to(secret)
    assert main(["scan", str(repo), "--force", "--json"]) == 0
    captured = capsys.readouterr()
    assert "hunter2" not in captured.out + captured.err
    assert '"torch"' in captured.out
