"""The words every match of a pattern holds (``bringup.required``) and the searches that look
for them first (``lazyre.compile(..., prefilter=True)``): the same answers as the pattern."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup import lazyre
from bringup.required import required_words
from bringup.scan.prose_vocabulary import vocabulary
from bringup.wordgate import gate, line_matches
from cpuclock import cpu_seconds

PATTERNS = [
    # scan/jitbuilds.py, scan/statuscheck.py, scan/shellguards.py, scan/libtorch.py's forms
    (r"\bcpp_extension\b", 0),
    (r"\b(?:docker|podman|nerdctl|isula)\s+(?:run|create)\b", 0),
    (r"(?<!-)(?:\bcommand\s{1,4}-v|\bwhich|\btype)\s{1,4}(ccache|sccache)\b", 0),
    (r"^[ \t]{0,4}set\((?:Torch_DIR|CMAKE_PREFIX_PATH) ([^()\s]{0,30}\blibtorch\b)", re.M | re.I),
    (r"\bis_available\(\)\s*:[^\n]*\n[ \t]*else\s*:", 0),
]
TEXT = st.text(
    alphabet="cpp_extensiondockrun podmaisulcreatewhichtypeccachesccacheSET(torch_dirCMAKE"
    'PREFIXPATHlibtorchIS_AVAILABLE()is_available:else\n\u0130\u0131\u017f\u212a-/"',
)


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_a_prefiltered_pattern_answers_as_the_pattern(text: str) -> None:
    for pattern, flags in PATTERNS:
        plain, gated = re.compile(pattern, flags), lazyre.compile(pattern, flags, prefilter=True)
        assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)]
        assert gated.findall(text) == plain.findall(text)
        assert bool(gated.search(text)) is bool(plain.search(text))
        assert bool(gated.match(text)) is bool(plain.match(text))


def test_a_text_without_the_words_is_not_searched() -> None:
    gated = lazyre.compile(r"\bcpp_extension\b", prefilter=True)
    assert gated.search("from torch.utils import cpp_extension") is not None
    assert gated.search("x" * 100) is None
    assert gated.findall("nothing here") == []
    assert list(gated.finditer("nothing here")) == []
    # case-insensitive: the words are looked for in the lower-cased text, U+0131 by the pattern
    folded = lazyre.compile(r"\blinux_x86\b", re.IGNORECASE, prefilter=True)
    assert folded.search("LINUX_X86") is not None
    assert folded.search("L\u0131nux_x86") is not None


@pytest.mark.parametrize(
    ("pattern", "flags", "words"),
    [
        (r"\bcpp_extension\b", 0, (("cpp_extension",), False)),
        (r"(?:Torch_DIR|CMAKE_PREFIX_PATH)=", re.I, (("cmake_prefix_path", "torch_dir"), True)),
        # of two needs, the one whose shortest word is longest
        (r"\b(?:docker|podman)\s+(?:run|create)\b", 0, (("docker", "podman"), False)),
        # two letters are enough to rule most texts out
        (r"\b(?:sm|cc)_\d+", 0, (("cc", "sm"), False)),
    ],
)
def test_the_words_every_match_holds(pattern: str, flags: int, words: object) -> None:
    assert required_words(pattern, flags) == words


@pytest.mark.parametrize(
    "pattern",
    [r"a?b", r"\w+", r"(?:abc)*", r"abc|\d+", r"x(?i:abcd)y", r"[ab]c"],
)
def test_no_words_are_known(pattern: str) -> None:
    # a one-character word, an optional or open part, a branch with none, another case
    assert required_words(pattern) is None


IMPORTS = [
    # scan/jitbuilds.py's and scan/adapterimports.py's import statements
    re.compile(
        r"^[ \t]*(?:from[ \t]+(?P<package>\.*[\w.]*)[ \t]+import[ \t]+\(?(?P<members>[\w \t,*]+)"
        r"|import[ \t]+(?P<names>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))",
        re.MULTILINE,
    ),
    re.compile(
        r"^(?:import[ \t]+(?P<names>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)"
        r"|from[ \t]+(?P<package>[\w.]+)[ \t]+import[ \t]+\(?(?P<members>[\w \t,]+))",
        re.MULTILINE,
    ),
]


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="import from . ,\t\n(*ab", max_size=120))
def test_the_lines_holding_the_word_match_as_the_whole_text(text: str) -> None:
    for pattern in IMPORTS:
        found = [(m.span(), m.groupdict()) for m in line_matches(pattern, text, ("import",))]
        assert found == [(m.span(), m.groupdict()) for m in pattern.finditer(text)]


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(
            ["torch_npu", "CANN", "8.0", "Ascend", "HDK", "驱动", "固件", "g++", "C++17", "gcc",
             "cuDNN", "driver", "the", "需要", " ", "-", "NPU", "Python 3.10", "make", "cmake"]
        ),
        max_size=12,
    ).map("".join)
)  # fmt: skip
def test_a_gated_table_finds_what_the_table_finds(text: str) -> None:
    # the vocabulary's subjects: 41 words, looked for as one alternation
    gated = vocabulary().subject
    plain = re.compile(gated.pattern, gated.flags)
    assert [(m.span(), m.lastgroup) for m in gated.finditer(text)] == [
        (m.span(), m.lastgroup) for m in plain.finditer(text)
    ]
    assert bool(gated.fullmatch(text)) is bool(plain.fullmatch(text))


def test_a_table_without_known_words_is_itself() -> None:
    plain = re.compile(r"\w+|\d")
    assert gate(plain) is plain


@pytest.mark.parametrize(
    "line",
    ["pip " * 12_500, "pip3" + " " * 50_000, "a" * 50_000, "torch" * 10_000, "驱动" * 25_000],
)
def test_the_rewritten_searches_stay_linear_on_a_hostile_line(line: str) -> None:
    from bringup.scan.docfeatures import _PIP_INSTALL

    start = cpu_seconds()
    _PIP_INSTALL.findall(line)
    list(vocabulary().subject.finditer(line[:2_000]))
    list(line_matches(IMPORTS[0], line, ("import",)))
    assert cpu_seconds() - start < 2
