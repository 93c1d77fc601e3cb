"""A knowledge-base directory that exists but cannot be read (outsider9 #9): a non-root user with
``HOME=/root`` (``docker run --user 1000``, ``sudo -u`` keeping ``HOME``) got a PermissionError
traceback and exit 3 from every command that loads the knowledge base, because
``~/.config/bringup/kb`` was probed with ``Path.is_dir``, which raises for any error but "no
such file". The user config dir is then a warning naming it, and the shipped knowledge base is
used; a directory the user named (``--kb``) is bad input (exit 2) saying why.

Tests run as root here, where a mode-000 directory is still readable, so the error is made with
a name too long for the file system (ENAMETOOLONG, an ``OSError`` that is not "no such file",
as EACCES is); as another user a mode-000 directory is tried too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.cli.main import main


def _unreadable(tmp_path: Path) -> list[Path]:
    """Config homes under which ``bringup/kb`` exists or may exist but cannot be listed."""
    homes = [tmp_path / ("x" * 300)]  # a name longer than any file system keeps
    if os.geteuid() != 0:
        closed = tmp_path / "closed"
        (closed / "bringup" / "kb").mkdir(parents=True)
        closed.chmod(0)
        homes.append(closed)
    return homes


def test_an_unreadable_user_kb_is_a_warning_and_the_shipped_kb_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for home in _unreadable(tmp_path):
        monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
        assert main(["kb", "show", "mindspore"]) == 0
        out, err = capsys.readouterr()
        assert "mindspore-2.3.0" in out
        assert f"{home / 'bringup' / 'kb'}: cannot read the user knowledge base (" in err
        assert "Traceback" not in err


def test_an_unreadable_kb_named_on_the_command_line_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for home in _unreadable(tmp_path):
        named = home / "bringup" / "kb"
        assert main(["kb", "show", "mindspore", "--kb", str(named)]) == 2
        err = capsys.readouterr().err
        assert "--kb: cannot read (" in err
        assert "Traceback" not in err
