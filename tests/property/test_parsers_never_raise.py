"""Bad input to every parser -- empty, binary, truncated, random -- becomes an ``unparsed``
(or ``failed``) fact with a reason; never an exception."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.model import Source
from bringup.parsing import Collected
from conftest import FIXTURES
from parsers import PARSERS, Parser

SOURCE = Source(kind="file", ref="input")
SAMPLES = {
    folder: [
        p.read_text(encoding="latin-1")
        for p in sorted((FIXTURES / "commands" / folder).glob("*"))
        if p.is_file() and p.name != "SOURCE.md" and not p.name.endswith(".expected.json")
    ]
    for folder in PARSERS
}


def _explained(result: Collected) -> bool:
    """Either something was read, or a fact says why nothing was."""
    found = any(f.ok for f in result.facts) or result.accelerators or result.toolkits
    said_why = any(f.status in ("unparsed", "failed", "absent") and f.reason for f in result.facts)
    return bool(found or result.pythons or said_why)


def _unreadable(parser: Parser, text: str) -> None:
    result = parser(text, SOURCE)
    assert not any(f.ok for f in result.facts), text[:80]
    assert not result.accelerators
    assert not result.toolkits
    assert not result.pythons
    bad = [f for f in result.facts if f.status in ("unparsed", "failed")]
    assert bad
    assert all(f.reason for f in bad)


def test_empty_input_is_unparsed_with_a_reason() -> None:
    for parser in PARSERS.values():
        _unreadable(parser, "")
        _unreadable(parser, "\n\n  \n")


def test_binary_input_is_unparsed_with_a_reason() -> None:
    blob = bytes(range(256)).decode("latin-1") * 4
    for parser in PARSERS.values():
        _unreadable(parser, blob)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_truncated_recorded_input_never_raises(data: st.DataObject) -> None:
    folder = data.draw(st.sampled_from(sorted(PARSERS)))
    sample = data.draw(st.sampled_from(SAMPLES[folder]))
    cut = data.draw(st.integers(min_value=0, max_value=len(sample)))
    assert _explained(PARSERS[folder](sample[:cut], SOURCE))


@settings(max_examples=60, deadline=None)
@given(folder=st.sampled_from(sorted(PARSERS)), text=st.text(max_size=400))
def test_random_text_never_raises(folder: str, text: str) -> None:
    assert _explained(PARSERS[folder](text, SOURCE))


@settings(max_examples=40, deadline=None)
@given(folder=st.sampled_from(sorted(PARSERS)), blob=st.binary(max_size=400))
def test_random_bytes_never_raise(folder: str, blob: bytes) -> None:
    assert _explained(PARSERS[folder](blob.decode("utf-8", errors="replace"), SOURCE))
