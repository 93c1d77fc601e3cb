"""Reading TOML: ``line_of``, the one helper that places a key (and its value) back on its
line for the scan's citations, knowledge-base problems and signature errors alike; and
input too deeply nested for the parser, a number too long to convert, a file too large."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional

import pytest

from bringup import cache
from bringup.errors import InputError
from bringup.tomlfile import (
    DOCUMENTS,
    MAX_TOML_BYTES,
    line_of,
    parse_toml,
    read_data_toml,
    read_toml,
)

DATA = Path(__file__).resolve().parents[2] / "src" / "bringup" / "kb" / "data"

TEXT = (
    'title = "t"\n\n[[record]]\n"id" = "a"\nspec = ">=1"\n\n[[record]]\nid = \'b\'\n  spec = "<2"\n'
)


def test_bare_or_quoted_keys_with_or_without_their_value() -> None:
    assert line_of(TEXT, "id") == 4
    assert line_of(TEXT, "id", "b") == 8
    assert line_of(TEXT, "spec") == 5


def test_search_between_start_and_end() -> None:
    assert line_of(TEXT, "spec", start=line_of(TEXT, "id", "b") or 1) == 9
    assert line_of(TEXT, "spec", start=6, end=9) is None
    assert line_of(TEXT, "spec", start=4, end=6) == 5
    assert line_of(TEXT, "missing") is None


def _line_by_regex(text: str, key: str, value: Optional[str]) -> Optional[int]:
    """``line_of`` as it was written first, one regular expression per call."""
    assigned = rf"""^\s*(["']?){re.escape(key)}\1\s*="""
    if value is not None:
        assigned = rf"""{assigned}\s*(["']){re.escape(value)}\2"""
    pattern = re.compile(assigned)
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


@pytest.mark.parametrize("line", [' "id"= "a" ', "id='a'x", "'id' =\t'a", '"id\' = "a"', "id = a"])
def test_string_reading_places_keys_as_the_expression_does(line: str) -> None:
    for value in (None, "a", "b"):
        assert line_of(line, "id", value) == _line_by_regex(line, "id", value)


def test_every_record_of_the_data_files_is_placed_as_the_expression_does() -> None:
    checked = 0
    for path in sorted(DATA.rglob("*.toml")):
        text = path.read_text(encoding="utf-8")
        for key in ("id", "fault", "name"):
            for value in re.findall(rf"""^\s*{key}\s*=\s*"([^"]*)\"""", text, re.M)[:50]:
                assert line_of(text, key, value) == _line_by_regex(text, key, value), path
                checked += 1
            assert line_of(text, key) == _line_by_regex(text, key, None)
    assert checked > 500


def test_data_files_are_decoded_once_then_read_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "x.toml"
    path.write_text('[[signature]]\nid = "a.b"\nwhen = 1979-05-27\n[t]\nn = [1, 2.5, true]\n')
    first = read_data_toml(path)
    assert first == read_toml(path)
    assert not list(cache.directory().glob(DOCUMENTS.pattern))  # a date: not cached
    path.write_text('[[signature]]\nid = "a.b"\n[t]\nn = [1, 2.5, true, "é"]\n')
    parsed = read_data_toml(path)
    assert len(list(cache.directory().glob(DOCUMENTS.pattern))) == 1
    assert read_data_toml(path) == parsed == read_toml(path)


def test_an_edit_keeping_size_and_mtime_is_not_served_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keyed by size and modification time, a same-size edit within one tick of the file
    system's clock (a few ms on Linux) was served the old document."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "x.toml"
    path.write_text('[[signature]]\nid = "a.b"\nn = 1\n')
    stamp = path.stat()
    assert read_data_toml(path)[1]["signature"][0]["n"] == 1
    path.write_text('[[signature]]\nid = "a.b"\nn = 2\n')
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert path.stat().st_size == stamp.st_size
    text, document = read_data_toml(path)
    assert document["signature"][0]["n"] == 2
    assert (text, document) == read_toml(path)


def test_an_integer_msgpack_cannot_hold_is_read_not_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """msgpack holds 64-bit integers; encoding a larger one raised OverflowError out of
    ``bringup explain`` (exit 3) for an overlay signature file that tomllib reads."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "x.toml"
    path.write_text("n = 99999999999999999999\n")
    assert read_data_toml(path) == read_toml(path)
    assert not list(cache.directory().glob(DOCUMENTS.pattern))


def test_nesting_too_deep_for_the_parser_is_bad_input() -> None:
    with pytest.raises(InputError, match="nested too deeply"):
        parse_toml("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "bringup.toml")


def test_a_number_too_long_to_convert_is_bad_input_at_its_digits() -> None:
    """tomllib's ``int()`` of 5,000 digits raised ValueError past the parser's own errors
    (a crash, exit 3, in any manifest, overlay or signature file); found by fuzzing."""
    digits = "1" + "0" * 4999
    with pytest.raises(InputError) as raised:
        parse_toml(f'name = "x"\nneeds = {{ devices = 2, chips = [{digits}] }}\n', "bringup.toml")
    error = raised.value
    assert error.message == "invalid TOML: a number of 5000 digits is too long to read"
    assert (error.path, error.line, error.column) == ("bringup.toml", 2, 33)
    assert len(str(error)) < 400


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bringup.toml"
    with path.open("wb") as out:
        out.truncate(MAX_TOML_BYTES + 1)
    with pytest.raises(InputError, match=r"larger than a TOML file bringup reads \(8 MiB\)"):
        read_toml(path)
