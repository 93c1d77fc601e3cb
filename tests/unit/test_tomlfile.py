"""Reading TOML: ``line_of``, the one helper that places a key (and its value) back on its
line for the scan's citations, knowledge-base problems and signature errors alike; and
input too deeply nested for the parser."""

from __future__ import annotations

import pytest

from bringup.errors import InputError
from bringup.tomlfile import line_of, parse_toml

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
