from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bringup import cache, patterncache
from bringup.scan import firstchar
from bringup.scan.firstchar import guarded

TEXT = "Torch-2 and npu-8, CANN 8.0.RC1 or cann 7.0; not 9"


@pytest.fixture(autouse=True)
def fresh_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Each test starts from an empty cache directory of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    patterncache.forget()
    yield
    patterncache.forget()


def _same(got: re.Pattern[str], want: re.Pattern[str]) -> None:
    assert (got.pattern, got.flags, got.groups) == (want.pattern, want.flags, want.groups)
    assert got.groupindex == want.groupindex
    assert got.findall(TEXT) == want.findall(TEXT)
    assert got.sub(r"<\g<0>>", TEXT) == want.sub(r"<\g<0>>", TEXT)


@pytest.mark.parametrize(
    ("source", "flags"),
    [
        (r"(?P<word>[a-z]+)-(\d+)", re.IGNORECASE),
        (r"\bcann\s+(?P<v>\d+(?:\.\w+)*)", re.IGNORECASE | re.ASCII),
        (r"(?i)npu|(?<![\w.])\d(?!\d)", 0),
        (r"^(\w+)(?:,|;)\s*$", re.MULTILINE),
    ],
)
def test_a_pattern_read_back_from_the_cache_is_the_one_re_compiles(source: str, flags: int) -> None:
    first = patterncache.compile(source, flags)
    patterncache._save()  # what the exit does
    assert list(cache.directory().glob(patterncache.PATTERNS.pattern))
    patterncache.forget()
    again = patterncache.compile(source, flags)
    assert not patterncache._table.grown  # read back from the file, not compiled again
    _same(first, re.compile(source, flags))
    _same(again, re.compile(source, flags))


def test_the_guard_is_kept_with_the_program_and_not_worked_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def guard(pattern: str, flags: int = 0) -> str:
        calls.append(pattern)
        return guarded(pattern, flags)

    monkeypatch.setattr(firstchar, "guarded", guard)
    source = r"\b(?:cann|npu)\b"
    plain = patterncache.compile(source, re.IGNORECASE)
    patterncache.compile(source, re.IGNORECASE, guard=True)
    patterncache._save()
    patterncache.forget()
    again = patterncache.compile(source, re.IGNORECASE, guard=True)
    assert calls == [source]
    assert plain.pattern == source
    _same(again, re.compile(guarded(source, re.IGNORECASE), re.IGNORECASE))


def test_an_entry_the_matcher_refuses_is_compiled_again() -> None:
    source = r"npu-(\d+)"
    patterncache.compile(source, 0)
    entries = patterncache._entries()
    (key,) = entries
    pattern, flags, code, groups, names, numbered = entries[key]
    entries[key] = (pattern, flags, [999_999, *code], groups, names, numbered)
    _same(patterncache.compile(source, 0), re.compile(source))
    assert entries[key][2] == code


@pytest.mark.parametrize("swap", ["pattern", "names"])
def test_an_entry_of_another_pattern_is_compiled_again(swap: str) -> None:
    """review2: a table that still decodes but holds another pattern's program, or group names
    that do not agree with its numbers, would be taken as it is (the matcher checks neither)."""
    source = r"(?P<chip>npu)-(?P<n>\d+)"
    patterncache.compile(source, 0)
    patterncache.compile(r"cann", 0)
    entries = patterncache._entries()
    key = f"0:False:{source}"
    pattern, flags, code, groups, names, numbered = entries[key]
    if swap == "pattern":
        entries[key] = entries["0:False:cann"]
    else:
        entries[key] = (pattern, flags, code, groups, {"chip": 2, "n": 1}, numbered)
    _same(patterncache.compile(source, 0), re.compile(source))
    assert entries[key][0] == source
    assert entries[key][4] == names


def test_a_corrupt_file_is_a_miss() -> None:
    patterncache.compile("npu", 0)
    patterncache._save()
    (file,) = cache.directory().glob(patterncache.PATTERNS.pattern)
    file.write_bytes(b"\xc1 not msgpack")
    patterncache.forget()
    _same(patterncache.compile("npu", 0), re.compile("npu"))


def test_without_a_home_every_pattern_is_compiled_and_nothing_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A container's user with no HOME and no password entry: Path.home() raises.
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    patterncache._Table()  # built at import: must not ask for the directory
    source = r"(?P<word>[a-z]+)-(\d+)"
    _same(patterncache.compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE))
    patterncache._save()  # what the exit does: nowhere to write, no error


_KEYS_OF_A_SCAN = """
import sys
from bringup import patterncache
from bringup.scan.stack import scan_stack
scan_stack([sys.argv[1]])
print("\\n".join(sorted(patterncache._entries())))
"""


def test_a_scan_spells_its_kept_patterns_alike_under_any_hash_seed(tmp_path: Path) -> None:
    """A pattern joined from a set in the set's order is spelled anew under each hash seed:
    every run compiled it again and rewrote the kept table, one entry more each time (the
    asked-tool and device-count patterns did). Constructed repo: a guide that asks for a
    tool, a launch script that sets a device count."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text("# x\n\n## Installation\n\nMake sure git is installed.\n")
    (repo / "run.sh").write_text("NPUS_PER_NODE=8\ntorchrun --nproc_per_node $NPUS_PER_NODE x.py\n")
    keys = []
    for seed in ("1", "2"):
        env = {
            **os.environ,
            "PYTHONHASHSEED": seed,
            "XDG_CACHE_HOME": str(tmp_path / f"cache{seed}"),
            "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
        }
        argv = [sys.executable, "-c", _KEYS_OF_A_SCAN, str(repo)]
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        keys.append(done.stdout)
    assert "NPUS_PER_NODE" in keys[0]  # both were compiled
    assert "(?P<tool>" in keys[0]
    assert keys[0] == keys[1]
