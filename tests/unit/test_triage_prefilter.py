"""The prefilter: Hyperscan when it is installed and can read a pattern as RE2 does, an RE2 set
otherwise; both engines give the same diagnoses; a failing or missing Hyperscan never breaks a
scan; the compiled database is cached and a bad cache is only a miss."""

from __future__ import annotations

import io
import logging
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bringup.triage import load_signatures, scan_log
from bringup.triage.blocks import Block, iter_blocks
from bringup.triage.prefilter import (
    HyperscanPrefilter,
    Re2SetPrefilter,
    choose_prefilter,
    hyperscan_reads_like_re2,
)
from bringup.triage.scanner import Matcher
from bringup.triage.scanresult import ScanResult

LOGS = Path(__file__).parent.parent / "fixtures" / "logs"
PATTERNS = [b"EI0006", b"error code is (?P<code>\\d+)", b"(?i)aclinit failed"]
TEXT = b"x\n[ERROR] EI0006 then ACLINIT FAILED\nnothing\n"


@pytest.fixture(scope="module")
def hyperscan() -> Any:
    return pytest.importorskip("hyperscan", reason="hyperscan (the 'fast' extra) not installed")


@pytest.fixture(scope="module")
def engines() -> dict[str, Matcher]:
    catalogue = load_signatures()
    found = {"re2": Matcher(catalogue, engine="re2")}
    hyperscan_engine = Matcher(catalogue, engine="hyperscan")
    if hyperscan_engine.engine.startswith("hyperscan"):
        found["hyperscan"] = hyperscan_engine
    return found


@pytest.mark.parametrize(
    ("pattern", "safe"),
    [
        (b"EI0006", True),
        (b"caf\xc3\xa9 failed", True),  # non-ASCII, but no case folding: bytes are bytes
        (b"(?i)aclinit failed", True),
        (b"(?i)caf\xc3\xa9", False),  # how each folds \xc3 is not documented
        (b"(?i:caf)\\xe9", False),
        (b"\\pL+ failed", False),
        (b"\\(?i) literal", True),
    ],
)
def test_patterns_hyperscan_could_miss_stay_with_re2(pattern: bytes, safe: bool) -> None:
    assert hyperscan_reads_like_re2(pattern) is safe


def test_re2_set_names_the_patterns_present() -> None:
    prefilter = Re2SetPrefilter(PATTERNS)
    assert prefilter.name == "re2-set"
    assert sorted(prefilter.candidates(TEXT)) == [0, 2]
    assert prefilter.candidates(b"nothing here\n") == []


def test_hyperscan_names_the_patterns_present(hyperscan: Any, tmp_path: Path) -> None:
    prefilter = HyperscanPrefilter(hyperscan, PATTERNS, tmp_path)
    assert prefilter.name.startswith("hyperscan ")
    assert sorted(prefilter.candidates(bytearray(TEXT))) == [0, 2]
    assert prefilter.candidates(memoryview(b"nothing here\n")) == []


def test_a_pattern_reported_once_gives_its_first_end_only(hyperscan: Any, tmp_path: Path) -> None:
    text = b"EI0006 a\nEI0006 b\nerror code is 7\nerror code is 8\n"
    once = HyperscanPrefilter(hyperscan, PATTERNS, tmp_path, once=frozenset({1}))
    every = HyperscanPrefilter(hyperscan, PATTERNS, tmp_path)
    reported = {}
    for name, prefilter in (("once", once), ("every", every)):
        found = prefilter.ends(text)
        assert found is not None
        reported[name] = [packed % 3 for packed in found]
    assert reported["every"].count(1) == 2
    assert reported["once"].count(1) == 1
    assert reported["once"].count(0) == reported["every"].count(0) == 2


def test_failure_lines_after_the_first_in_a_block_are_read_by_either_engine(
    engines: dict[str, Matcher],
) -> None:
    """The failure expression is reported once a block by Hyperscan; the scanner reads the
    rest of the block itself, so both engines note the same failure lines."""
    known = "EZ9999: Inner Error!\nEI0006: Getting socket times out.\nCUDA out of memory.\n"
    log = known + "".join(f"step {i} ok\n" for i in range(600)).join(
        ["first failed here\n", "then an error\n", "and it aborted\n"]
    )
    noted = {}
    for name in engines:
        matcher = Matcher(load_signatures(), engine=name, observers=_failure_observer())
        noted[name] = [f.line for f in matcher.scan([log.encode()]).findings.failures]
    assert noted["re2"] == [1, 4, 605, 1206]
    assert all(found == noted["re2"] for found in noted.values())


def _failure_observer() -> tuple[Any, ...]:
    from bringup.triage.fallbackrules import builtin_rules
    from bringup.triage.findings import FAILURE, Observer

    rules = builtin_rules()
    return (Observer(FAILURE, rules.quiet, rules.failure),)


def test_patterns_hyperscan_rejects_or_may_miss_go_to_an_re2_set(
    hyperscan: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    patterns = [b"EI0006", b"(?U)ab+c", b"(?i)caf\xc3\xa9"]
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.hsdatabase"):
        prefilter = HyperscanPrefilter(hyperscan, patterns, tmp_path)
    assert prefilter.name.endswith("+ re2-set (2)")
    assert "rejects pattern b'(?U)ab+c'" in caplog.text
    assert sorted(prefilter.candidates(b"EI0006 abbc CAF\xc3\xa9\n")) == [0, 1, 2]


def test_rejected_patterns_are_found_by_halving_and_the_rest_kept(
    hyperscan: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    words = [b"EI%04d" % n for n in range(20)]
    patterns = [*words[:3], b"(?U)ab+c", *words[3:15], b"x(?:y|$)z", *words[15:]]
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.hsdatabase"):
        prefilter = HyperscanPrefilter(hyperscan, patterns, tmp_path)
    assert prefilter.name.endswith("+ re2-set (2)")
    assert caplog.text.count("rejects pattern") == 2
    text = b" ".join(words) + b" abbc\n"
    assert sorted(prefilter.candidates(text)) == [i for i in range(len(patterns)) if i != 16]


def test_every_builtin_pattern_compiles_in_one_hyperscan_database(
    hyperscan: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A pattern Hyperscan rejects costs every user's first run a search for it (the whole
    database compiled again in halves), and its matching stays with RE2: ``(?:[^/\\w]|$)``
    before more pattern (an end anchor inside, "Embedded end anchors not supported") was one."""
    from bringup.triage.explain import compile_matcher

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.hsdatabase"):
        matcher = compile_matcher(load_signatures(), engine="hyperscan", knowledge=True)
    assert matcher.prefilter.name.startswith("hyperscan ")
    assert "rejects pattern" not in caplog.text


def test_choose_honours_the_engine_variable() -> None:
    chosen = choose_prefilter(PATTERNS, env={"BRINGUP_TRIAGE_ENGINE": "re2"})
    assert chosen.name == "re2-set"


def test_unknown_engine_name_means_auto(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.prefilter"):
        chosen = choose_prefilter(PATTERNS, engine="turbo", env={})
    assert "'turbo' is not one of" in caplog.text
    assert sorted(chosen.candidates(TEXT)) == [0, 2]


def test_missing_hyperscan_falls_back_to_re2_with_a_debug_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "hyperscan", None)  # import raises ImportError
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.prefilter"):
        chosen = choose_prefilter(PATTERNS, engine="hyperscan", env={})
    assert chosen.name == "re2-set"
    assert "hyperscan is not installed" in caplog.text


def test_hyperscan_failure_falls_back_to_re2(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "hyperscan", types.ModuleType("hyperscan"))  # no API
    with caplog.at_level(logging.DEBUG, logger="bringup.triage.prefilter"):
        chosen = choose_prefilter(PATTERNS, env={})
    assert chosen.name == "re2-set"
    assert "hyperscan failed" in caplog.text


class CountingHyperscan:
    """The hyperscan module, counting the databases compiled (not loaded from the cache)."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.compiled = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def Database(self, **options: Any) -> Any:  # the module's name for it
        self.compiled += 1
        return self._real.Database(**options)


def test_database_is_cached_and_a_corrupt_cache_is_a_miss(hyperscan: Any, tmp_path: Path) -> None:
    counting = CountingHyperscan(hyperscan)
    HyperscanPrefilter(counting, PATTERNS, tmp_path)
    assert counting.compiled == 1
    (cached,) = tmp_path.glob("triage-*.hsdb")
    assert sorted(HyperscanPrefilter(counting, PATTERNS, tmp_path).candidates(TEXT)) == [0, 2]
    assert counting.compiled == 1
    cached.write_bytes(b"\x93not a database")
    assert sorted(HyperscanPrefilter(counting, PATTERNS, tmp_path).candidates(TEXT)) == [0, 2]
    assert counting.compiled == 2


def test_unwritable_cache_dir_is_not_an_error(hyperscan: Any, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    prefilter = HyperscanPrefilter(hyperscan, PATTERNS, blocker / "cache")
    assert sorted(prefilter.candidates(TEXT)) == [0, 2]


def _samples() -> list[Path]:
    return sorted(LOGS.rglob("*.log"))


def test_engines_agree_on_every_sample_log(engines: dict[str, Matcher]) -> None:
    if len(engines) < 2:
        pytest.skip("hyperscan (the 'fast' extra) not installed")
    for sample in _samples():
        data = sample.read_bytes()
        results = {name: scan_log(data, matcher=m) for name, m in engines.items()}
        assert results["re2"] == results["hyperscan"], sample


def test_hyperscan_says_where_each_pattern_ends(hyperscan: Any, tmp_path: Path) -> None:
    prefilter = HyperscanPrefilter(hyperscan, PATTERNS, tmp_path)
    ends = prefilter.ends(TEXT)
    assert ends is not None
    located = {(packed // prefilter.stride, packed % prefilter.stride) for packed in ends}
    assert (TEXT.index(b"EI0006") + len(b"EI0006"), 0) in located
    assert (TEXT.index(b"FAILED") + len(b"FAILED"), 2) in located
    assert prefilter.ends(b"nothing here\n") == []


def test_a_block_with_too_many_reports_is_named_by_an_re2_set(
    hyperscan: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bringup.triage.prefilter.MAX_REPORTS", 1)
    prefilter = HyperscanPrefilter(hyperscan, PATTERNS, tmp_path)
    assert prefilter.ends(TEXT) is None
    assert sorted(prefilter.candidates(TEXT)) == [0, 2]


def test_engines_agree_on_busy_blocks_of_every_sample_log(engines: dict[str, Matcher]) -> None:
    """All the samples in one log: blocks full of matches, cut into parts by where the
    patterns end (Hyperscan) or by asking again per part (RE2 set)."""
    if len(engines) < 2:
        pytest.skip("hyperscan (the 'fast' extra) not installed")
    data = b"".join(sample.read_bytes().rstrip(b"\n") + b"\n" for sample in _samples())
    results = {name: scan_log(data, matcher=m) for name, m in engines.items()}
    assert results["re2"].hits == results["hyperscan"].hits
    assert results["re2"] == results["hyperscan"]


def test_hyperscan_finds_a_match_that_ends_at_the_end_of_a_block(hyperscan: Any) -> None:
    """Hyperscan 0.9.1 misses a match ending at the very end of a buffer of 17 bytes or more;
    the example hypothesis found (tests/property/test_triage_prefilter_properties.py)."""
    prefilter = HyperscanPrefilter(hyperscan, [rb"(?i) \d+"], None)
    assert prefilter.candidates(b"aaaaaaaaaaaaerror 0") == [0]
    assert prefilter.ends(b"abcdefghijklmnop 0") == [18]


@pytest.mark.parametrize("kind", [bytes, bytearray])
def test_a_block_ending_with_a_line_end_is_scanned_in_place(hyperscan: Any, kind: type) -> None:
    """A block that ends with ``\\n`` is scanned without the padded copy: the match just before
    that line end is still reported, whichever buffer type the reader gave."""
    prefilter = HyperscanPrefilter(hyperscan, [rb"(?i) \d+", rb"p \d"], None)
    block = kind(b"abcdefghijklmnop 0\n")
    assert prefilter.ends(block) == [18 * 2, 18 * 2 + 1]
    assert prefilter.candidates(memoryview(block)) == [0, 1]


def test_blocks_after_a_busy_one_are_asked_part_by_part_with_the_same_result(
    engines: dict[str, Matcher], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An RE2 set asks a block that follows a busy one part by part straight away; what it
    finds is what asking each whole block first finds."""
    matcher = engines["re2"]
    data = b"".join(sample.read_bytes().rstrip(b"\n") + b"\n" for sample in _samples())
    asked: list[int] = []
    candidates = matcher.prefilter.candidates

    def spy(block: Any) -> list[int]:
        asked.append(len(block))
        return candidates(block)

    monkeypatch.setattr(matcher.prefilter, "candidates", spy)

    def each_asked_whole(blocks: Iterator[Block]) -> Iterator[Block]:
        for block in blocks:
            matcher._busy = False
            yield block

    def scan(whole: bool) -> ScanResult:
        asked.clear()
        blocks = iter_blocks(io.BytesIO(data), block_bytes=16 << 10)
        return matcher.scan(each_asked_whole(blocks) if whole else blocks, workers=1)

    reference = scan(whole=True)
    wholes = sum(size > 8 << 10 for size in asked)
    assert wholes > 2
    assert scan(whole=False) == reference
    assert sum(size > 8 << 10 for size in asked) == 1


def _busy_log() -> bytes:
    return b"".join(sample.read_bytes().rstrip(b"\n") + b"\n" for sample in _samples())


def test_busy_parts_named_by_the_quick_set_alone_give_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An RE2 set names a busy block's parts by its quick set alone (``likely``): more
    candidates than the parts' exact ones, each run to see, so the same matches."""
    catalogue = load_signatures()
    exact = Matcher(catalogue, engine="re2")
    monkeypatch.setattr(exact.prefilter, "likely", None)
    quick = Matcher(catalogue, engine="re2")
    likely = quick.prefilter.likely  # type: ignore[attr-defined]
    named: list[bool] = []

    def spy(block: Any) -> Any:
        found = likely(block)
        named.append(set(exact.prefilter.candidates(block)) <= set(found))
        return found

    monkeypatch.setattr(quick.prefilter, "likely", spy)
    data = _busy_log()
    assert scan_log(data, matcher=quick) == scan_log(data, matcher=exact)
    assert named
    assert all(named)


def test_candidates_run_on_the_lines_of_their_reported_ends_as_on_whole_parts(
    engines: dict[str, Matcher], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With Hyperscan each candidate runs from the line of its first reported end to that
    of its last; running it on the whole part finds the same."""
    if "hyperscan" not in engines:
        pytest.skip("hyperscan (the 'fast' extra) not installed")
    matcher = engines["hyperscan"]
    data = _busy_log()
    narrow = scan_log(data, matcher=matcher)
    windows = matcher._windows

    def whole(block: Block, start: int, end: int, reports: list[int]) -> Any:
        candidates, found = windows(block, start, end, reports)
        assert all(start <= low <= high <= end for low, high in found)
        return candidates, [(start, end)] * len(candidates)

    monkeypatch.setattr(matcher, "_windows", whole)
    assert scan_log(data, matcher=matcher) == narrow


def test_the_quick_sets_one_pattern_finds_something_where_the_quick_set_does() -> None:
    """Whether the quick set names anything is asked of its alternatives joined into one
    pattern: on every sample log, and on its lines one by one, both say the same."""
    prefilter = Matcher(load_signatures(), engine="re2").prefilter
    prefilter.warm()  # type: ignore[attr-defined]
    quick, anything = prefilter._quick, prefilter._anything  # type: ignore[attr-defined]
    said = set()
    for sample in _samples():
        data = sample.read_bytes()
        for text in [data, *data.splitlines()[:200]]:
            named = bool(quick.Match(text))
            said.add(named)
            assert bool(anything.Match(text)) == named, (sample, text[:200])
    assert said == {True, False}


def test_a_small_input_uses_a_cached_database_and_compiles_none(
    hyperscan: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Outsider 20 D20: the first `explain` of a 3-line log (an empty cache) took 9 s against
    # 1.1 s after, most of it compiling the Hyperscan database (bench/explain_cold.py).
    counting = CountingHyperscan(hyperscan)
    monkeypatch.setitem(sys.modules, "hyperscan", counting)
    small = choose_prefilter(PATTERNS, env={}, cache_dir=tmp_path, cached_only=True)
    assert (small.name, counting.compiled) == ("re2-set", 0)
    assert sorted(small.candidates(TEXT)) == [0, 2]
    choose_prefilter(PATTERNS, env={}, cache_dir=tmp_path)  # a large input compiles it
    assert counting.compiled == 1
    again = choose_prefilter(PATTERNS, env={}, cache_dir=tmp_path, cached_only=True)
    assert again.name.startswith("hyperscan")
    assert counting.compiled == 1
