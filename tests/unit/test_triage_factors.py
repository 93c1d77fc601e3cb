"""Literal stand-ins (``bringup.triage.factors``) match wherever their pattern does, and the RE2
set prefilter names the same candidates with its quick set as without it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import pytest
import re2

from bringup.triage import factors
from bringup.triage.blocks import iter_blocks, normalise
from bringup.triage.explain import builtin_matcher
from bringup.triage.factors import stand_in
from bringup.triage.prefilter import Re2SetPrefilter
from bringup.triage.signatures import engine_options

TESTS = Path(__file__).resolve().parent.parent
SAMPLE_LOGS = sorted(
    path
    for folder in [TESTS / "fixtures" / "logs", *sorted((TESTS / "data").glob("triage*"))]
    for path in folder.rglob("*.log")
)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (b"ValueError.*EPLB\\ not\\ support", b"EPLB\\x20not\\x20support"),
        (b"torch[_-]npu", b"torch\\x2dnpu|torch\\x5fnpu"),
        (b"(?i)(?:out of memory|OOM killer)", b"(?i:OOM\\x20killer)|(?i:out\\x20of\\x20memory)"),
        (b"(?i:fabric ?manager)\\b.*mismatch", b"mismatch"),
        (b"(?P<exc>[A-Z]\\w*(?:Error|Exception))", b"rror|xception"),  # Python factors out the "E"
        (b"(?P<exc>[A-Z]\\w*(?:Error|Failure))", b"Error|Failure"),
        (b"No module named (?P<m>\\S+)", b"No\\x20module\\x20named\\x20"),
        (b"(?:abcd)+def", b"abcd"),
    ],
)
def test_stand_in_is_a_literal_every_match_holds(pattern: bytes, expected: bytes) -> None:
    assert stand_in(pattern) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        b"E[0-9A-Z][0-9]{4}",  # its only literal, "E", is in every line
        b"(?:error|x)",  # one alternative too short
        b"(?:timeout|)",  # an empty alternative needs nothing
        b"(?:foo)?bar?",  # optional parts need nothing; "ba" is too short
        b"[[:alpha:]]+ failed",  # POSIX class: Python reads it otherwise
        b"\\pL+ failed here",
        b"\\Qa.b\\E failed",
        b"x{,3}yyyy",  # RE2 reads {,3} as text, Python as a repeat
        b"(?U)a+ failed",
        b"(unbalanced",
    ],
)
def test_no_stand_in_where_it_would_not_help_or_could_be_wrong(pattern: bytes) -> None:
    assert stand_in(pattern) is None


def test_stand_ins_match_every_line_their_pattern_matches_in_the_sample_logs() -> None:
    patterns = builtin_matcher().patterns
    pairs = [
        (re2.compile(p, engine_options()), re2.compile(s, engine_options()))
        for p, s in ((p.encode(), stand_in(p.encode())) for p in patterns)
        if s is not None
    ]
    assert len(pairs) > 0.9 * len(patterns)
    missed = []
    for path in SAMPLE_LOGS:
        text = normalise(path.read_bytes())
        for exact, quick in pairs:
            for match in exact.finditer(text):
                start = text.rfind(b"\n", 0, match.start()) + 1
                end = text.find(b"\n", match.end())
                if not quick.search(text[start : end if end != -1 else len(text)]):
                    missed.append((path.name, exact.pattern))
    assert missed == []


def test_the_quick_set_and_the_named_regexes_give_each_patterns_own_answer() -> None:
    """The RE2 set prefilter's candidates are the patterns whose own regex matches the block:
    on every sample log's blocks and on a quiet (constructed) one."""
    patterns = [p.encode() for p in builtin_matcher().patterns]
    regexes = [re2.compile(pattern, engine_options()) for pattern in patterns]
    named = Re2SetPrefilter(patterns)
    quiet = b"step 1 loss=0.5 lr=1e-4\n\x1b[32mINFO\x1b[0m saved /ckpt/step_1.pt\n" * 2000
    asked = 0
    for path in [*SAMPLE_LOGS, None]:
        data = quiet if path is None else path.read_bytes()
        for block in iter_blocks(_Reader(data), block_bytes=4 << 10):
            text = normalise(block)
            expected = [i for i, regex in enumerate(regexes) if regex.search(text)]
            assert named.candidates(text) == expected
            asked += bool(expected)
    assert asked > 100  # the sample logs do match


class _Reader:
    def __init__(self, data: bytes) -> None:
        self._data = memoryview(data)

    def read(self, size: int) -> bytes:
        chunk, self._data = bytes(self._data[:size]), self._data[size:]
        return chunk


def test_a_block_the_quick_set_names_nothing_in_runs_no_regex() -> None:
    patterns = [b"EI0006", b"(?i)aclinit failed"]
    busy, quiet = b"x EI0006\n" * 10, b"quiet line\n" * 10
    prefilter_ = Re2SetPrefilter(patterns)
    compiled = prefilter_._regex
    asked: list[int] = []

    def counting(index: int) -> object:
        asked.append(index)
        return compiled(index)

    prefilter_._regex = counting  # type: ignore[method-assign]
    assert prefilter_.candidates(quiet) == []
    assert asked == []  # the quick set answered alone
    assert prefilter_.candidates(busy) == [0]
    assert asked == [0]


def test_stand_ins_are_read_from_the_cache_and_a_bad_entry_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    patterns = [b"ValueError.*EPLB\\ not\\ support", b"E[0-9]{4}"]
    expected = [b"EPLB\\x20not\\x20support", None]
    assert factors.stand_ins(patterns, tmp_path) == expected
    (entry,) = tmp_path.glob("triage-*.standins")
    monkeypatch.setattr(factors, "stand_in", _never)
    assert factors.stand_ins(patterns, tmp_path) == expected  # read, not parsed again
    entry.write_bytes(b"\xc1 not msgpack")
    monkeypatch.undo()
    assert factors.stand_ins(patterns, tmp_path) == expected
    assert factors.stand_ins([*patterns, b"x"], tmp_path)[:2] == expected  # another set


def test_stand_ins_are_derived_again_when_the_deriving_module_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a development checkout keeps its version while factors.py changes: the cache must not
    # hand back stand-ins an older derivation made (review2)
    module = tmp_path / "factors.py"
    module.write_text("one")
    monkeypatch.setattr(factors, "__file__", str(module))
    patterns = [b"ValueError.*EPLB\\ not\\ support"]
    first = factors.stand_ins(patterns, tmp_path / "cache")
    module.write_text("two, longer")
    calls: list[bytes] = []
    real = factors.stand_in

    def counted(pattern: bytes) -> Optional[bytes]:
        calls.append(pattern)
        return real(pattern)

    monkeypatch.setattr(factors, "stand_in", counted)
    assert factors.stand_ins(patterns, tmp_path / "cache") == first
    assert calls == patterns


def _never(pattern: bytes) -> bytes:
    raise AssertionError(f"parsed again: {pattern!r}")


@pytest.mark.parametrize(
    ("pattern", "line"),
    [
        # RE2's negated POSIX class; Python reads "[[:^alpha:]" as a set and "]bar" as text
        (b"foo[[:^alpha:]]bar", b"foo1bar"),
        (b"foo[[:^space:]]bar", b"fooxbar"),
        # RE2 scopes a flag set past the start; Python 3.9/3.10 only warn and read it as global
        (b"abc(?i)def", b"abcDEF"),
        (b"(?i)(?-i:abc)def", b"abcDEF"),
        (b"(?i:ABC(?-i:DEF))", b"abcDEF"),
        (b"abc[\\-_]def", b"abc-def"),
        (b"[]]abcd", b"]abcd"),
        (b"ab{1,2bcdef", b"ab{1,2bcdef"),
    ],
)
def test_stand_in_matches_a_line_its_pattern_matches_where_python_and_re2_differ(
    pattern: bytes, line: bytes
) -> None:
    """Adversarial pairs: a stand-in (when there is one) must find every line the pattern finds,
    and deriving it must not raise the warnings Python's parser gives (tests run with
    warnings as errors; a scan must not print them)."""
    assert re2.compile(pattern, engine_options()).search(line)
    literals = stand_in(pattern)
    assert literals is None or re2.compile(literals, engine_options()).search(line)
