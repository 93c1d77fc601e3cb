"""The Hyperscan prefilter never misses a pattern RE2 finds (whatever the pattern: classes,
repeats, alternation, case-insensitivity, non-ASCII bytes), and both engines give the same scan
of any input."""

from __future__ import annotations

import contextlib
import re

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from bringup.triage import load_signatures, scan_log
from bringup.triage.prefilter import choose_prefilter
from bringup.triage.scanner import Matcher
from bringup.triage.signatures import engine_options

pytest.importorskip("hyperscan", reason="hyperscan (the 'fast' extra) not installed")

ATOMS = [
    "a",
    "B",
    "error",
    "Error",
    "0",
    " ",
    ":",
    r"\.",
    "\xc3\xa9",  # UTF-8 é, as the engine reads bytes (Latin-1)
    "\xe9",
    r"\d",
    r"\w",
    r"\s",
    r"\b",
    "[a-c]",
    "[^x]",
    "[Ee]",
    ".",
]
TEXT_CHUNKS = [
    b"a",
    b"A",
    b"b",
    b"B",
    b"c",
    b"error",
    b"ERROR",
    b"Error",
    b"0",
    b"7",
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
    b"\t",
]


@st.composite
def expressions(draw: st.DrawFn, depth: int = 2) -> str:
    parts = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        if depth and draw(st.booleans()):
            inner = draw(expressions(depth - 1))
            other = draw(expressions(depth - 1))
            form = draw(st.sampled_from(["(?:{})", "(?P<g{n}>{})", "(?:{}|{o})", "(?i:{})"]))
            part = form.format(inner, n=draw(st.integers(0, 10**9)), o=other)
        else:
            part = draw(st.sampled_from(ATOMS))
        parts.append(part + draw(st.sampled_from(["", "", "?", "*", "+", "{1,3}", "+?"])))
    return "".join(parts)


@st.composite
def patterns(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(["", "", "(?i)"])) + draw(expressions())


@settings(max_examples=200, deadline=None)
@given(patterns(), st.lists(st.sampled_from(TEXT_CHUNKS), max_size=20), st.data())
def test_hyperscan_never_misses_what_re2_finds(
    pattern: str, chunks: list[bytes], data: st.DataObject
) -> None:
    import re2

    encoded = pattern.encode("latin-1")
    try:
        regex = re2.compile(encoded, engine_options())
    except re2.error:
        assume(False)
    assume(regex.search(b"") is None)  # the loader rejects patterns that match empty lines
    sample = b""
    with contextlib.suppress(re.error):  # a few RE2 patterns are not Python's
        # Mostly a line that contains a match, as Python's re (ASCII classes) reads the
        # pattern: alike but for \s taking \v; RE2 is the judge below.
        python = re.compile(pattern, re.ASCII)
        if data.draw(st.integers(0, 3)):
            latin1 = st.characters(max_codepoint=0xFF)
            sample = data.draw(st.from_regex(python, alphabet=latin1)).encode("latin-1")
    cut = data.draw(st.integers(min_value=0, max_value=len(chunks)))
    text = b"".join(chunks[:cut]) + sample + b"".join(chunks[cut:])
    prefilter = choose_prefilter([encoded], engine="hyperscan", env={})
    if regex.search(text) is not None:
        assert prefilter.candidates(text) == [0], (pattern, text)
        event("hyperscan" if prefilter.name.startswith("hyperscan") else "re2")


FRAGMENTS = [
    b"version `GLIBCXX_3.4.30' not found",
    b"EZ9999: Inner Error!",
    b"E\x1b[0mZ9999: Inner Error!",
    b"Aicore kernel \x1b[31mexecute failed",
    b"\x1b[31m",
    b"\r\n",
    b"\n",
    b"\xff\xfe\xc3",
    b"NPU function error: x, error code is 507033",
    b"no kernel image is available for execution on the device",
    b"CUDA out of memory. Tried to allocate 2.00 GiB",
]


@pytest.fixture(scope="module")
def engines() -> tuple[Matcher, Matcher]:
    catalogue = load_signatures()
    return Matcher(catalogue, engine="re2"), Matcher(catalogue, engine="hyperscan")


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.one_of(st.binary(max_size=48), st.sampled_from(FRAGMENTS)), max_size=30),
    st.integers(min_value=1, max_value=200),
)
def test_engines_give_the_same_scan(
    engines: tuple[Matcher, Matcher], parts: list[bytes], block: int
) -> None:
    re2_engine, hyperscan_engine = engines
    assert hyperscan_engine.engine.startswith("hyperscan")
    data = b"".join(parts)
    assert scan_log(data, matcher=re2_engine, block_bytes=block) == scan_log(
        data, matcher=hyperscan_engine, block_bytes=block
    )
