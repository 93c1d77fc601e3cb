"""Arbitrary bytes never crash the engine, and results do not depend on how input is cut."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.triage import explain_text, scan_log
from triage_inputs import log_parts


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=4096))
def test_arbitrary_bytes_never_crash(data: bytes) -> None:
    for diagnosis in explain_text(data):
        assert diagnosis.evidence
        assert all(e.line >= 1 for e in diagnosis.evidence)


@settings(max_examples=100, deadline=None)
@given(log_parts, st.integers(min_value=1, max_value=97))
def test_block_size_does_not_change_the_result(parts: list[bytes], block: int) -> None:
    data = b"".join(parts)
    small = scan_log(data, block_bytes=block, max_line_bytes=1 << 20)
    whole = scan_log(data)
    assert small.lines == whole.lines
    assert {k: [e.line for e in v.evidence] for k, v in small.hits.items()} == {
        k: [e.line for e in v.evidence] for k, v in whole.hits.items()
    }


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(max_size=80), max_size=30))
def test_lines_and_text_agree(lines: list[str]) -> None:
    clean = [line.replace("\r", "").replace("\n", "") for line in lines]
    as_lines = [d.signature_id for d in explain_text(clean)]
    as_text = [d.signature_id for d in explain_text("".join(f"{x}\n" for x in clean))]
    assert as_lines == as_text


def test_a_byte_order_mark_reads_the_same_in_blocks_of_one_byte() -> None:
    """Hypothesis' find in CI: the encoding was decided on the first block, so a UTF-16 mark
    followed by a NUL in the second byte-sized block read as UTF-8 cut small, UTF-16 whole."""
    for data in (b"\xff\xfe\xc3\r\n\x00", b"\xff\xfe\xc3\x00version `GLIBCXX_3.4.30' not found"):
        small = scan_log(data, block_bytes=1, max_line_bytes=1 << 20)
        whole = scan_log(data)
        assert small.lines == whole.lines
        assert small.hits.keys() == whole.hits.keys()
