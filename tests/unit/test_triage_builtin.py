"""The built-in triage data read back from the cache is what reading the files gives."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bringup import cache
from bringup.triage import builtin, fallbackrules
from bringup.triage.builtin import CACHE, builtin_data, builtin_files, package_files
from bringup.triage.fallbackrules import RULES_FILE, Rules, read_rules
from bringup.triage.signatures import BUILTIN_DIR, SignatureFile


@pytest.fixture
def fresh(no_user_kb: None) -> Iterator[None]:
    builtin_data.cache_clear()
    yield
    builtin_data.cache_clear()


def _unread(path: Path) -> SignatureFile:
    raise AssertionError(f"{path} read although the cache holds it")


def test_the_cached_data_equals_the_checked_files(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = builtin_data()
    assert len(list(cache.directory().glob(CACHE.pattern))) == 1
    builtin_data.cache_clear()
    monkeypatch.setattr(builtin, "read_file", _unread)
    assert builtin_data() == stored
    assert [Path(f.path).name for f in stored.files] == sorted(
        p.name for p in BUILTIN_DIR.glob("*.toml")
    )
    assert stored.faults
    assert stored.observers


def test_the_fallback_rules_come_from_the_cache_as_checked(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """explain's ranking asks for the rules on every log with a finding: they are read and
    checked once, with the rest of the built-in data."""
    stored = builtin_data()
    assert stored.rules == read_rules()
    builtin_data.cache_clear()
    monkeypatch.setattr(fallbackrules, "read_rules", _unchecked)
    assert fallbackrules.builtin_rules() == stored.rules


def _unchecked(path: Path = RULES_FILE) -> Rules:
    raise AssertionError(f"{path} read again although the cache holds it")


def test_a_corrupt_entry_is_read_again_from_the_files(fresh: None) -> None:
    stored = builtin_data()
    for entry in cache.directory().glob(CACHE.pattern):
        entry.write_bytes(b"\x93not msgpack of the data")
    builtin_data.cache_clear()
    assert builtin_data() == stored


def test_only_the_builtin_directory_is_served_from_the_cache(fresh: None, tmp_path: Path) -> None:
    assert builtin_files(BUILTIN_DIR) == builtin_data().files
    assert builtin_files(tmp_path) is None


def test_any_file_of_the_package_changes_the_key(tmp_path: Path) -> None:
    (tmp_path / "kb" / "__pycache__").mkdir(parents=True)
    (tmp_path / "kb" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"")
    data = tmp_path / "kb" / "rules.toml"
    data.write_text("a = 1\n", encoding="utf-8")
    (tmp_path / "code.py").write_text("", encoding="utf-8")
    assert list(package_files(tmp_path)) == [tmp_path / "code.py", data]
    before = cache.fingerprint(paths=package_files(tmp_path))
    data.write_text("a = 22\n", encoding="utf-8")
    os.utime(data, ns=(1, 1))
    assert cache.fingerprint(paths=package_files(tmp_path)) != before
