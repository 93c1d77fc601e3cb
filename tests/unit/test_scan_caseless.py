"""Plain words searched for over the lower-cased document (``scan.caseless``): the same
answers as the case-insensitive pattern, the three characters ``re`` folds otherwise
included."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.caseless import Words

SOURCES = [
    # backends/ascend/vocabulary.py's markers, netprose's and envsetup's gates, pkgtags' word
    "NPU|Ascend|昇腾|CANN|Atlas|HCCL|910|310P",
    "internet|network|download|联网|外网|网络|下载",
    "环境变量|environment",
    "linux",
    "is|sk",
]
TEXT = st.text(
    alphabet="NPUnpuAscendASCENDatlas昇腾环境变量CANN910310Pp internetLINUXsSkK "
    "\u0130\u0131\u017f\u212a\n"
)


@settings(max_examples=400, deadline=None)
@given(text=TEXT)
def test_the_answers_are_the_patterns(text: str) -> None:
    for source in SOURCES:
        words, pattern = Words(source), re.compile(source, re.IGNORECASE)
        assert words.found_in(text) is (pattern.search(text) is not None)
        assert words.count(text) == len(pattern.findall(text))


def test_a_folded_character_is_found_as_re_finds_it() -> None:
    # re folds the dotless i and the long s onto i and s; str.lower does not
    assert Words("linux").found_in("L\u0131nux 22.04")
    assert Words("is|sk").count("\u0130S \u017fK \u212aS") == 2
    assert Words("internet|network").found_in("NETWORK")


def test_an_alternation_of_more_than_words_is_searched_as_a_pattern() -> None:
    words = Words(r"pip3?|conda")
    assert words.alternation is None
    assert words.found_in("PIP3 install")
    assert words.count("Conda pip") == 2
