"""``report.layout.flow`` on random pieces: what the 80-column reports rely on."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.report.layout import Unit, flow

words = st.text(alphabet="abcxyz:/.-_0123456789", min_size=1, max_size=30)
units = st.lists(
    st.builds(
        Unit,
        st.lists(words, min_size=1, max_size=6).map(" ".join),
        st.just(""),
        st.booleans(),
    ),
    max_size=8,
)


@settings(max_examples=200, deadline=None)
@given(units, st.integers(min_value=20, max_value=120), st.integers(min_value=0, max_value=12))
def test_flow_keeps_every_word_in_order_within_the_width(
    pieces: list[Unit], width: int, indent: int
) -> None:
    lines = [line.plain for line in flow(pieces, width, indent, head="")]
    assert " ".join(lines).split() == [w for u in pieces for w in u.text.split()]
    for line in lines:
        assert line == line.rstrip()
        assert len(line) <= width or " " not in line.strip(), line
    for n, line in enumerate(lines[1:], start=1):
        assert line.startswith(" " * indent), (n, line)


@settings(max_examples=200, deadline=None)
@given(units, st.integers(min_value=20, max_value=120), st.integers(min_value=0, max_value=12))
def test_a_piece_that_fits_a_line_is_never_split(
    pieces: list[Unit], width: int, indent: int
) -> None:
    lines = [line.plain for line in flow(pieces, width, indent, head="")]
    for unit in pieces:
        if not unit.prose and len(unit.text) <= width - indent:
            assert any(unit.text in line for line in lines), (unit, lines)
