"""The Hyperscan prefilter never misses a pattern RE2 finds (whatever the pattern: classes,
repeats, alternation, case-insensitivity, non-ASCII bytes), and both engines give the same scan
of any input."""

from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from bringup.triage import load_signatures, scan_log
from bringup.triage.prefilter import choose_prefilter
from bringup.triage.scanner import Matcher
from bringup.triage.signatures import engine_options
from triage_inputs import log_parts

pytest.importorskip("hyperscan", reason="hyperscan (the 'fast' extra) not installed")

ATOMS = {
    # pattern (RE2 syntax, bytes read as Latin-1) -> bytes that match it
    "a": [b"a"],
    "B": [b"B"],
    "error": [b"error"],
    "Error": [b"Error"],
    "0": [b"0"],
    " ": [b" "],
    ":": [b":"],
    r"\.": [b"."],
    "\xc3\xa9": [b"\xc3\xa9"],  # UTF-8 é, two Latin-1 characters to the engine
    "\xe9": [b"\xe9"],
    r"\d": [b"0", b"7"],
    r"\w": [b"a", b"Z", b"_", b"5"],
    r"\s": [b" ", b"\t", b"\r"],
    r"\b": [b""],
    "[a-c]": [b"a", b"c"],
    "[^x]": [b"y", b"\xc9", b"\r"],
    "[Ee]": [b"E", b"e"],
    ".": [b"x", b"\x1b", b"\xff"],
}
TEXT_CHUNKS = [
    b"a",
    b"A",
    b"B",
    b"c",
    b"error",
    b"ERROR",
    b"0",
    b" ",
    b":",
    b".",
    b"x",
    b"\xc3\xa9",
    b"\xc3\x89",
    b"\xe9",
    b"\xc9",
    b"\n",
    b"\r\n",
]

Sample = tuple[str, bytes]
"""A pattern and bytes that (most often) match it: drawn together, so every example has a
line worth matching without a regex-to-text generator."""


def _swapcase(data: bytes) -> bytes:
    return bytes(c ^ 0x20 if 65 <= c <= 90 or 97 <= c <= 122 else c for c in data)


@st.composite
def expressions(draw: st.DrawFn, depth: int = 2) -> Sample:
    pattern, sample = "", b""
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        if depth and draw(st.booleans()):
            inner, matching = draw(expressions(depth - 1))
            form = draw(st.sampled_from(["(?:{})", "(?P<g{n}>{})", "(?:{}|{o})", "(?i:{})"]))
            part = form.format(inner, n=len(pattern), o=draw(expressions(depth - 1))[0])
            if form.startswith("(?i") and draw(st.booleans()):
                matching = _swapcase(matching)
        else:
            part = draw(st.sampled_from(sorted(ATOMS)))
            matching = draw(st.sampled_from(ATOMS[part]))
        quantifier = draw(st.sampled_from(["", "", "?", "*", "+", "{1,3}", "+?"]))
        repeat = {"": 1, "+": 1, "+?": 1, "{1,3}": 1}.get(quantifier, draw(st.integers(0, 2)))
        pattern += part + quantifier
        sample += matching * repeat
    return pattern, sample


@st.composite
def patterns(draw: st.DrawFn) -> Sample:
    pattern, sample = draw(expressions())
    if draw(st.integers(0, 2)) == 0:
        return "(?i)" + pattern, _swapcase(sample) if draw(st.booleans()) else sample
    return pattern, sample


@settings(max_examples=200, deadline=None)
@given(patterns(), st.lists(st.sampled_from(TEXT_CHUNKS), max_size=20), st.data())
def test_hyperscan_never_misses_what_re2_finds(
    drawn: Sample, chunks: list[bytes], data: st.DataObject
) -> None:
    import re2

    pattern, sample = drawn
    encoded = pattern.encode("latin-1")
    try:
        regex = re2.compile(encoded, engine_options())
    except re2.error:
        assume(False)
    assume(regex.search(b"") is None)  # the loader rejects patterns that match empty lines
    cut = data.draw(st.integers(min_value=0, max_value=len(chunks)))
    text = b"".join(chunks[:cut]) + sample + b"".join(chunks[cut:])
    prefilter = choose_prefilter([encoded], engine="hyperscan", env={})
    if regex.search(text) is not None:
        assert prefilter.candidates(text) == [0], (pattern, text)
        event("hyperscan" if prefilter.name.startswith("hyperscan") else "re2")


@pytest.fixture(scope="module")
def engines() -> tuple[Matcher, Matcher]:
    catalogue = load_signatures()
    return Matcher(catalogue, engine="re2"), Matcher(catalogue, engine="hyperscan")


@settings(max_examples=100, deadline=None)
@given(log_parts, st.integers(min_value=1, max_value=200))
def test_engines_give_the_same_scan(
    engines: tuple[Matcher, Matcher], parts: list[bytes], block: int
) -> None:
    re2_engine, hyperscan_engine = engines
    assert hyperscan_engine.engine.startswith("hyperscan")
    data = b"".join(parts)
    assert scan_log(data, matcher=re2_engine, block_bytes=block) == scan_log(
        data, matcher=hyperscan_engine, block_bytes=block
    )
