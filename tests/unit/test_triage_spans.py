"""The scanner's walk over a pattern's matches (triage/spans.py) is re2's ``finditer``: the
same matches, groups and order, on the sample logs and on the edge cases of the walk (empty
matches, groups that take no part, a window inside the text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import re2

from bringup.triage.signatures import engine_options
from bringup.triage.spans import finder, group

LOGS = Path(__file__).parent.parent / "fixtures" / "logs"
PATTERNS = [
    rb"(?P<code>E[0-9A-Z][0-9]{4})",
    rb"(?i)error code is (?P<code>\d+)",
    rb"(?P<exc>[A-Za-z_.]*Error)(?:: (?P<message>[^\n]{0,80}))?",
    rb"(?m)^(?P<indent>[ \t]*)File ",
    rb"x*",
    rb"\b",
    rb"(?P<a>no)?t",
]


def _expected(regex: Any, text: bytes, pos: int, endpos: int) -> list[list[tuple[int, int]]]:
    groups = range(regex.groups + 1)
    return [[found.span(g) for g in groups] for found in regex.finditer(text, pos, endpos)]


def _text() -> bytes:
    return b"".join(path.read_bytes() for path in sorted(LOGS.rglob("*.log"))[:40])


@pytest.mark.parametrize("pattern", PATTERNS)
def test_the_walk_is_finditer_on_sample_logs(pattern: bytes) -> None:
    regex = re2.compile(pattern, engine_options())
    text = _text()
    windows = [(0, len(text)), (17, len(text) // 2), (len(text) // 3, len(text) // 3 + 4096)]
    for pos, endpos in windows:
        assert finder(regex)(text, pos, endpos) == _expected(regex, text, pos, endpos)


@pytest.mark.parametrize("pattern", PATTERNS)
@pytest.mark.parametrize(
    ("text", "pos", "endpos"),
    [(b"", 0, 0), (b"xx not t\n", 0, 9), (b"xx not t\n", 3, 3), (b"ab", 5, 9), (b"ab", 2, 1)],
)
def test_the_walk_is_finditer_at_the_edges(
    pattern: bytes, text: bytes, pos: int, endpos: int
) -> None:
    regex = re2.compile(pattern, engine_options())
    assert finder(regex)(bytearray(text), pos, endpos) == _expected(regex, text, pos, endpos)


class _PublicOnly:
    """An re2 pattern seen only through its public methods (a build without ``_regexp``)."""

    def __init__(self, regex: Any) -> None:
        self.groups = regex.groups
        self.finditer = regex.finditer


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_build_without_the_native_call_walks_the_same(pattern: bytes) -> None:
    regex = re2.compile(pattern, engine_options())
    text = _text()
    assert finder(_PublicOnly(regex))(text, 0, len(text)) == finder(regex)(text, 0, len(text))


def test_a_group_that_took_no_part_is_none() -> None:
    regex = re2.compile(rb"(?P<a>no)?(?P<b>t)", engine_options())
    text = b"t not"
    first, second = finder(regex)(text, 0, len(text))
    assert group(text, first, 1) is None
    assert group(text, first, 2) == b"t"
    assert group(text, second, 1) == b"no"
