"""Reading TOML: ``line_of``, the one helper that places a key (and its value) back on its
line for the scan's citations, knowledge-base problems and signature errors alike; and
input too deeply nested for the parser, a number too long to convert, a file too large."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import InputError
from bringup.tomlfile import MAX_TOML_BYTES, line_of, parse_toml, read_toml

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
