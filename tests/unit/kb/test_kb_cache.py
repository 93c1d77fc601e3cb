"""The compiled cache: used when fresh, rebuilt when a data file changes, never an error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup import cache
from bringup.kb import load_knowledge_base, loader

ROW = """\
[[rule]]
id = "site-row"
when = {{ cann = "==8.0.RC1" }}
then = {{ ascend_driver = ">={driver}" }}
source = "site report"
"""


def cache_files(root: Path) -> list[Path]:
    return sorted((root / "cache" / "bringup").glob("kb-*.msgpack"))


def test_second_load_reads_the_cache(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_knowledge_base()
    assert len(cache_files(isolated_env)) == 1
    monkeypatch.setattr(loader, "compile_dirs", lambda *a, **k: pytest.fail("recompiled"))
    second = load_knowledge_base()
    assert second.rules() == first.rules()
    assert second.releases("cann") == first.releases("cann")


def test_editing_a_data_file_invalidates_the_cache(isolated_env: Path) -> None:
    site = isolated_env / "site"
    site.mkdir()
    path = site / "site.toml"
    path.write_text(ROW.format(driver="24.1.RC1"), encoding="utf-8")
    assert (
        load_knowledge_base(extra_dirs=[site])
        .compatible("cann==8.0.RC1", "ascend_driver==24.1.RC2")
        .status
        == "compatible"
    )
    path.write_text(ROW.format(driver="24.1.RC3"), encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(stamp, stamp))
    assert (
        load_knowledge_base(extra_dirs=[site])
        .compatible("cann==8.0.RC1", "ascend_driver==24.1.RC2")
        .status
        == "incompatible"
    )


def test_unwritable_cache_dir_is_not_an_error(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = isolated_env / "not-a-dir"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    kb = load_knowledge_base()
    assert kb.rules()
    assert cache.store(loader.CACHE, "key", cache.directory(), b"") is False


def test_corrupt_cache_is_ignored(isolated_env: Path) -> None:
    load_knowledge_base()
    (path,) = cache_files(isolated_env)
    path.write_bytes(b"\x00not msgpack")
    assert load_knowledge_base().rules()
    assert path.read_bytes() != b"\x00not msgpack"  # rewritten


def test_cache_can_be_bypassed(isolated_env: Path) -> None:
    load_knowledge_base(use_cache=False)
    assert cache_files(isolated_env) == []
