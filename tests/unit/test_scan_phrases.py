"""Version phrases as written in READMEs (English and Chinese) read as specifiers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.scan.phrases import read_phrase, upper_bound
from bringup.subjects import scheme_for
from bringup.versions import SpecifierSet


@pytest.mark.parametrize(
    ("subject", "text", "spec"),
    [
        ("cann", " >= 8.0.RC1", ">=8.0.RC1"),
        ("cann", "（>= 6.3，< 7.0）", ">=6.3,<7.0"),
        ("cann", " 6.3.RC1 及以上，低于 7.0", ">=6.3.RC1,<7.0"),
        ("cann", " 6.3.rc2", "==6.3.RC2"),
        ("cann", " 7.0", "==7.0.*"),
        ("cann", "版本：不低于 7.0", ">=7.0"),
        ("cann", " 8.2.RC1.alpha003", "==8.2.RC1.alpha003"),
        ("python", " 3.9~3.11", ">=3.9,<3.12"),
        ("python", " 3.8 – 3.10 only", ">=3.8,<3.11"),
        ("python", " 3.8, 3.9, 3.10", "==3.8.* || ==3.9.* || ==3.10.*"),
        ("python", " 3.9+", ">=3.9"),
        ("python", " 从 3.9 到 3.11", ">=3.9,<3.12"),
        ("python", " from 3.9 to 3.11", ">=3.9,<3.12"),
        ("python", " between 3.9 and 3.11", ">=3.9,<3.12"),
        ("python", " 介于 3.9 与 3.11 之间", ">=3.9,<3.12"),
        ("python", " 3.9–3.11", ">=3.9,<3.12"),
        ("python", " 3.8 and 3.9", "==3.8.* || ==3.9.*"),
        ("python", " up to 3.10", "<3.11"),
        ("python", " version 3.10.x", "==3.10.*"),
        ("python", "=3.10", "==3.10.*"),
        ("gcc", " 7.5 以上", ">=7.5"),
        # "及后续版本"/"及以后" (and later), "及以前"/"及之前" (and earlier):
        # hicann/ops-solver@9702c4e4 docs/zh/install/quick_install.md:128 "仅支持CANN
        # 8.5.0及后续版本"; hicann/ops-nn@e5c3fa93
        # docs/zh/install/compile.md:19 "自CANN 9.1.0及以后版本"; Ascend/msinsight@4e16fca1
        # docs/zh/release_notes/release_notes.md:23 "8.0.RC2 及以前", :75 "8.5.0 及以前版本"
        ("cann", " 8.5.0及后续版本", ">=8.5.0"),
        ("cann", " 9.1.0及以后版本", ">=9.1.0"),
        ("cann", " 8.0.RC2 及以前", "<=8.0.RC2"),
        ("cann", " 8.5.0 及以前版本", "<=8.5.0"),
        # a series with a wildcard compared: from that series on (hicann/ge @ ffdcbc9
        # docs/zh/build.md:48 "- GCC >= 7.3.x", :50 "- Python3 >= 3.9.x")
        ("gcc", " >= 7.3.x", ">=7.3"),
        ("python", " >= 3.9.x", ">=3.9"),
        ("python", " == 3.10.x", "==3.10.*"),
        ("python", " <= 3.11.x", "<3.12"),
        ("gcc", " 9", ">=9"),
        ("gcc", "版本需大于等于 7.5", ">=7.5"),
        ("cmake", " 3.18 or newer", ">=3.18"),
        ("cmake", " 3.18 或更高版本", ">=3.18"),
        ("cuda", " 11.6 and above", ">=11.6"),
        ("cuda", " 11.8 or 12.1", "==11.8.* || ==12.1.*"),
        ("torch", "==2.1.0", "==2.1.0"),
        ("cxx_standard", "17", ">=17"),
    ],
)
def test_phrases(subject: str, text: str, spec: str) -> None:
    phrase = read_phrase(text, subject)
    assert phrase is not None
    assert phrase.spec == spec


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        ("python", " 3 bindings"),
        ("python", " bindings for 3.9"),
        ("cann", " and the driver"),
        ("python", " setup.py install"),
    ],
)
def test_no_version_no_phrase(subject: str, text: str) -> None:
    assert read_phrase(text, subject) is None


def test_a_list_stops_at_a_number_that_is_not_a_version_of_the_same_shape() -> None:
    phrase = read_phrase(" 3.9, 8 NPUs", "python")
    assert phrase is not None
    assert phrase.spec == "==3.9.*"


def test_negation_turns_a_minimum_into_an_upper_bound() -> None:
    phrase = read_phrase(" 7.0 及以上版本", "cann", negated=True)
    assert phrase is not None
    assert phrase.spec == "<7.0"


def test_bare_versions_are_guesses_and_operators_are_not() -> None:
    bare = read_phrase(" 8.0.RC1", "cann")
    stated = read_phrase(" >= 8.0.RC1", "cann")
    assert bare is not None
    assert not bare.explicit
    assert stated is not None
    assert stated.explicit


@pytest.mark.parametrize(
    ("version", "subject", "bound"),
    [
        ("3.10", "python", "<3.11"),
        ("9", "gcc", "<10"),
        ("7.0", "cann", "<7.1"),
        ("6.3.RC3", "cann", "<=6.3.RC3"),
        ("3.10.4", "python", "<=3.10.4"),
    ],
)
def test_inclusive_upper_bounds_cover_the_series(version: str, subject: str, bound: str) -> None:
    assert upper_bound(version, subject, inclusive=True) == bound


_SUBJECTS = st.sampled_from(["python", "cann", "gcc", "cmake", "cuda", "torch", "npu_count"])
_VERSION = st.lists(st.integers(0, 30), min_size=1, max_size=3).map(
    lambda parts: ".".join(map(str, parts))
)
_WORDS = st.sampled_from(
    [
        " >= {a}",
        " {a}~{b}",
        " {a} 以上",
        " {a} or later",
        " {a}, {b}",
        " {a} - {b}",
        " 至少 {a}",
        " <{b}",
        " {a}+",
        " {a}",
    ]
)


@settings(max_examples=200, deadline=None)
@given(_SUBJECTS, _WORDS, _VERSION, _VERSION)
def test_every_spec_read_parses_in_the_subjects_scheme(
    subject: str, words: str, a: str, b: str
) -> None:
    phrase = read_phrase(words.format(a=a, b=b), subject)
    if phrase is not None:
        SpecifierSet(phrase.spec, scheme_for(subject))
