"""The first-character guard (``scan.firstchar``): the guarded pattern finds exactly what
the pattern finds, and a pattern whose start cannot be listed is left as it is."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.scan.firstchar import guarded
from bringup.scan.prose_vocabulary import vocabulary

PATTERNS = [
    (r"(?P<a>\btorch[_-]npu\b)|(?P<b>(?:昇腾\s*)?(?:NPU\s*)?(?:\bfirmware\b|固件))", 0),
    (r"(?P<c>(?<![\w.-])(?:PyTorch|torch)(?![\w-]))|(?P<d>(?:-std=)?[Cc]\+\+\s?(?=\d\d\b))", 0),
    (r"\b(?:910B|910_93|310P)\b|Atlas\s+[A-Z]\d", re.IGNORECASE),
    (r"x*y|[a-c]+z", 0),
]
TEXT = st.text(
    alphabet="torch_npu-PyTo昇腾NPU firmware固件Cc+ =std1170abcxyzATLAS910B_93PKk\u212a "
)


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_the_guarded_pattern_finds_the_same_matches(text: str) -> None:
    for pattern, flags in PATTERNS:
        plain, guard = re.compile(pattern, flags), re.compile(guarded(pattern, flags), flags)
        assert guard.pattern.startswith("(?=[")
        found = [(m.span(), m.groupdict()) for m in guard.finditer(text)]
        assert found == [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert bool(guard.fullmatch(text)) is bool(plain.fullmatch(text))


@pytest.mark.parametrize(
    "pattern",
    [r"\w+ing", r"a?", r"(?:ab)*", r"[^a]b", r".x", r"(?i)abc", r"(?i:a)b"],
)
def test_a_start_that_cannot_be_listed_leaves_the_pattern_as_is(pattern: str) -> None:
    assert guarded(pattern) == pattern


def test_a_global_flag_the_caller_also_gives_stays_first() -> None:
    # guarding '(?i)abc' behind a look-ahead would put a global flag after it: Python 3.11
    # refuses that ("global flags not at the start of the expression")
    assert guarded("(?i)abc", re.IGNORECASE) == "(?i)abc"
    assert re.compile(guarded("(?i)abc", re.IGNORECASE), re.IGNORECASE).search("xABC")


def test_case_folding_applies_to_the_guard_as_to_the_pattern() -> None:
    pattern = guarded("kb|sm", re.IGNORECASE)
    # the Kelvin sign folds to k, the long s to s: both start a match, guarded or not
    assert re.compile(pattern, re.IGNORECASE).findall("\u212ab \u017fm") == ["\u212ab", "\u017fm"]


def test_the_vocabulary_subjects_are_guarded() -> None:
    assert vocabulary().subject.pattern.startswith("(?=[")
    assert vocabulary().subject.search("需要 CANN 8.0") is not None
