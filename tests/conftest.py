"""Shared fixtures. Tests never depend on what this machine has installed; integration tests
say so with the ``integration`` marker and skip with a reason when what they need is missing.

Golden files (``*.expected.json``) are compared value for value; ``pytest --update-golden``
rewrites them, never silently."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest

from bench_modules import bench_module

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).parent.parent

collect_ignore_glob = ["fixtures/*"]
"""Sample repos hold their authors' test files (``test_*.py``): data for the scan, not tests."""


def pytest_configure(config: pytest.Config) -> None:
    """Whatever a test (or a command it runs) caches or keeps as state goes to folders of this
    session, not the user's ~/.cache or ~/.local/state: the knowledge base, TOML and
    compiled-pattern tables are written there. The folders are removed at exit (environments of
    hundreds of MB are built there: left behind, a few hundred runs fill a disk), after the
    pattern cache's own exit handler has written to it: exit handlers run last registered first,
    and this one is registered before any pattern compiles."""
    os.environ.pop("BRINGUP_CACHE_DIR", None)  # it would win over the folder below
    if "XDG_CACHE_HOME" not in os.environ:
        folder = tempfile.mkdtemp(prefix="bringup-test-cache-")
        os.environ["XDG_CACHE_HOME"] = folder
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    # check reads the last `up` of each checkout from the state folder (run/lastup): a failed run
    # in the user's own history must not change what a test's check answers.
    os.environ.pop("BRINGUP_STATE_DIR", None)
    state = tempfile.mkdtemp(prefix="bringup-test-state-")
    os.environ["XDG_STATE_HOME"] = state
    atexit.register(shutil.rmtree, state, ignore_errors=True)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite *.expected.json golden files from the current output",
    )


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


class Golden:
    """Compares data with a golden JSON file, or rewrites it under ``--update-golden``."""

    def __init__(self, update: bool) -> None:
        self.update = update

    def check(self, data: Any, path: Path) -> None:
        text = msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n"
        if self.update:
            path.write_text(text, encoding="utf-8")
            return
        assert path.is_file(), f"{path} is missing: run pytest --update-golden"
        expected = _without_empty(msgspec.json.decode(path.read_bytes()))
        assert _without_empty(msgspec.json.decode(text)) == expected, f"output differs from {path}"


def _without_empty(value: Any) -> Any:
    """The decoded JSON with empty lists and objects dropped from objects: msgspec releases
    differ in whether ``omit_defaults`` leaves out an empty tuple (0.20 on Python 3.9 keeps
    it), and both spellings mean "none"."""
    if isinstance(value, dict):
        return {
            key: _without_empty(item)
            for key, item in value.items()
            if not (isinstance(item, (list, dict)) and not item)
        }
    if isinstance(value, list):
        return [_without_empty(item) for item in value]
    return value


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    return Golden(bool(request.config.getoption("--update-golden")))


@pytest.fixture
def no_user_kb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No knowledge-base overlays from the user's config dir or shell variables, caches in a
    temporary dir, and the default triage engine: what a command sees on a fresh machine."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in (
        "BRINGUP_CACHE_DIR",
        "BRINGUP_KB_DIR",
        "BRINGUP_KB_EXTRA_DIR",
        "BRINGUP_TRIAGE_ENGINE",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def scorer() -> ModuleType:
    """bench/probe_from_eval.py, the scorer of pasted-report corpora, loaded as a module."""
    return bench_module("probe_from_eval")
