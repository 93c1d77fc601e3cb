"""A test file's lines are read only where they hold one of the guard triggers
(``testguards._Guards.triggers``): the count names are spelled out by hand beside the pattern
that reads them, so every name the pattern can match must hold one of them, whatever the
registered backends' device words are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.scan.testguards import guards


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_count_name_the_pattern_matches_holds_a_trigger(data: st.DataObject) -> None:
    found = guards()
    text = data.draw(st.from_regex(found.counts, fullmatch=True))
    for match in found.counts.finditer(text):
        name = match.group("name")
        assert any(word in name for word in found.triggers), name
