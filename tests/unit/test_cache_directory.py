"""Where the per-user cache lives, and that the user can tell (outsider11 #16: 15 MB of
``kb-*.msgpack`` appeared in ~/.cache/bringup, said nowhere, and ``--state`` did not move it):
``BRINGUP_CACHE_DIR`` puts it anywhere, ``XDG_CACHE_HOME`` is honoured, and ``bringup --help``
names both."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bringup import cache
from bringup.cli.app import cli
from bringup.kb import load_knowledge_base


def test_bringup_cache_dir_wins_over_the_xdg_and_home_defaults(tmp_path: Path) -> None:
    env = {"HOME": "/home/u", "XDG_CACHE_HOME": "/xdg", "BRINGUP_CACHE_DIR": str(tmp_path)}
    assert cache.directory(env) == tmp_path
    assert cache.directory({"HOME": "/home/u", "XDG_CACHE_HOME": "/xdg"}) == Path("/xdg/bringup")
    assert cache.directory({"HOME": "/home/u"}) == Path("/home/u/.cache/bringup")
    assert cache.directory({"HOME": "/home/u", "BRINGUP_CACHE_DIR": ""}) == Path(
        "/home/u/.cache/bringup"
    )


def test_the_knowledge_base_is_cached_where_bringup_cache_dir_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("BRINGUP_CACHE_DIR", str(tmp_path / "mine"))
    load_knowledge_base()
    assert list((tmp_path / "mine").glob("kb-*.msgpack"))
    assert not (tmp_path / "xdg").exists()


def test_help_says_where_the_cache_is_and_that_state_does_not_move_it() -> None:
    shown = " ".join(CliRunner().invoke(cli, ["--help"]).output.split())
    assert "$BRINGUP_CACHE_DIR, else $XDG_CACHE_HOME/bringup, else ~/.cache/bringup" in shown
    assert "--state does not move it" in shown
