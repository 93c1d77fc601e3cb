"""bringup's one cache (the compiled knowledge base, the signatures' Hyperscan database): keys
follow the data files, writes are atomic and pruned per kind, a bad entry is only a miss."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from bringup import cache

KIND = cache.Kind("kb", "msgpack", keep=3)


def test_the_key_follows_paths_sizes_mtimes_version_and_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "a.toml"
    data.write_text("x = 1\n", encoding="utf-8")
    first = cache.fingerprint([data], ["schema 1"])
    assert cache.fingerprint([data], ["schema 1"]) == first
    assert cache.fingerprint([data], ["schema 2"]) != first
    os.utime(data, ns=(1, 1))
    touched = cache.fingerprint([data], ["schema 1"])
    assert touched != first
    data.write_text("x = 12\n", encoding="utf-8")
    os.utime(data, ns=(1, 1))
    assert cache.fingerprint([data], ["schema 1"]) != touched  # same mtime, new size
    assert cache.fingerprint([tmp_path / "gone.toml"]) != cache.fingerprint([])
    monkeypatch.setattr(cache, "__version__", "99.0")
    assert cache.fingerprint([data], ["schema 1"]) != touched


def test_a_corrupt_entry_is_a_miss_and_is_replaced(tmp_path: Path) -> None:
    assert cache.store(KIND, "k" * 64, tmp_path, msgspec.msgpack.encode([1, 2]))
    decode = msgspec.msgpack.Decoder(list[int]).decode
    assert cache.load(KIND, "k" * 64, tmp_path, decode, (msgspec.DecodeError,)) == [1, 2]
    cache.entry(KIND, "k" * 64, tmp_path).write_bytes(b"\xc1 not msgpack")
    assert cache.load(KIND, "k" * 64, tmp_path, decode, (msgspec.DecodeError,)) is None
    assert cache.load(KIND, "absent", tmp_path, decode, (msgspec.DecodeError,)) is None
    assert cache.store(KIND, "k" * 64, tmp_path, msgspec.msgpack.encode([3]))
    assert cache.load(KIND, "k" * 64, tmp_path, decode, (msgspec.DecodeError,)) == [3]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []


def test_store_keeps_the_newest_files_of_its_kind(tmp_path: Path) -> None:
    other = tmp_path / "triage-0.hsdb"
    other.write_bytes(b"another kind's file")
    for number in range(5):
        assert cache.store(KIND, f"{number}", tmp_path, b"%d" % number)
        os.utime(cache.entry(KIND, f"{number}", tmp_path), (number, number))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kb-2.msgpack",
        "kb-3.msgpack",
        "kb-4.msgpack",
        "triage-0.hsdb",
    ]
    assert cache.entry(KIND, "4", tmp_path).read_bytes() == b"4"
    assert not cache.store(KIND, "x", other, b"")  # not a directory


def test_the_directory_follows_xdg(tmp_path: Path) -> None:
    assert cache.directory({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "bringup"
    assert cache.directory({"HOME": str(tmp_path)}) == tmp_path / ".cache" / "bringup"
