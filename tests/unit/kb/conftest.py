"""Knowledge-base tests never read the user's config or cache dirs, nor overlay variables
set in the shell that runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.kb import KnowledgeBase, load_knowledge_base


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("BRINGUP_KB_DIR", raising=False)
    monkeypatch.delenv("BRINGUP_CACHE_DIR", raising=False)
    monkeypatch.delenv("BRINGUP_KB_EXTRA_DIR", raising=False)
    return tmp_path


@pytest.fixture(scope="session")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    """The built-in knowledge base, loaded once, with no user dirs and no cache."""
    home = tmp_path_factory.mktemp("home")
    return load_knowledge_base(env={"HOME": str(home)}, use_cache=False)
