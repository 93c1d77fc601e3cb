"""The engine: one pass over blocks of lines, right line numbers whatever the block size,
tolerant of CRLF, ANSI colours, invalid UTF-8 and overlong lines."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from bringup.triage import explain_text, scan_log
from bringup.triage.blocks import CUT_MARK, Block, LineReader, iter_blocks, normalise
from bringup.triage.explain import builtin_matcher, reader_for
from bringup.triage.linequotes import LineText

GLIBCXX = (
    b"ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)"
)
NOISE = b"2024-05-21 11:57:54 INFO step 12 loss 0.731 lr 3e-4 tokens/s 51234"


def _reader(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


def _blocks(data: bytes, block: int, max_line: int) -> list[Block]:
    return list(iter_blocks(_reader(data), block_bytes=block, max_line_bytes=max_line))


def test_blocks_end_on_line_boundaries_and_keep_every_byte() -> None:
    data = b"".join(b"line %d\n" % i for i in range(100)) + b"tail without newline"
    blocks = _blocks(data, 37, 1000)
    assert b"".join(blocks) == data
    assert all(b.endswith(b"\n") for b in blocks[:-1])


def test_overlong_line_keeps_its_two_ends() -> None:
    """A line over the limit keeps its first and last halves, so a failure at its end is read
    (outsider9 #12), and memory stays bounded."""
    data = b"before\n" + b"x" * 10_000 + GLIBCXX + b"\nafter\n"
    blocks = _blocks(data, 64, 256)
    joined = b"".join(blocks)
    assert joined.count(b"\n") == 3
    long = b"x" * 10_000 + GLIBCXX
    assert joined == b"before\n" + long[:128] + CUT_MARK + long[-128:] + b"\nafter\n"
    assert max(len(b) for b in blocks) <= 64 + 256 + len(CUT_MARK) + 1


def test_normalise_strips_ansi_and_crlf_without_changing_line_count() -> None:
    raw = b"\x1b[31mERROR\x1b[0m one\r\n\x1b]0;title\x07two\r\nthree\n"
    clean = normalise(raw)
    assert clean == b"ERROR one\ntwo\nthree\n"
    assert clean.count(b"\n") == raw.count(b"\n")
    assert normalise(b"plain\n") == b"plain\n"


def test_crlf_logs_match_and_show_like_lf_logs() -> None:
    (diagnosis,) = explain_text(b"start\r\n" + GLIBCXX + b"\r\nend\r\n")
    assert diagnosis.evidence[0].line == 2
    assert diagnosis.evidence[0].text == GLIBCXX.decode()


@pytest.mark.parametrize("workers", [1, 3])
def test_worker_count_does_not_change_the_result(workers: int) -> None:
    data = (NOISE + b"\n") * 300 + GLIBCXX + b"\n" + (NOISE + b"\n") * 300
    result = builtin_matcher().scan(iter_blocks(_reader(data), block_bytes=512), workers=workers)
    assert result.lines == 601
    assert [e.line for e in result.hits["toolchain.glibcxx-not-found"].evidence] == [301]


@pytest.mark.parametrize("block", [16, 100, 4096, 1 << 22])
def test_line_numbers_do_not_depend_on_block_size(block: int) -> None:
    lines = [NOISE] * 500
    lines[3] = GLIBCXX
    lines[321] = b"\x1b[1;31m" + GLIBCXX + b"\x1b[0m\r"
    data = b"\n".join(lines) + b"\n"
    result = scan_log(data, block_bytes=block, max_line_bytes=1 << 20)
    hits = result.hits["toolchain.glibcxx-not-found"]
    assert [e.line for e in hits.evidence] == [4, 322]
    assert hits.matches == 2
    assert hits.captures == {"version": "3.4.30"}
    assert result.lines == 500


def test_invalid_utf8_is_matched_and_shown_with_replacement() -> None:
    data = b"\xff\xfe garbage \xc3\x28 " + GLIBCXX + b"\n"
    (diagnosis,) = explain_text(data)
    assert diagnosis.signature_id == "toolchain.glibcxx-not-found"
    assert "\ufffd" in diagnosis.evidence[0].text


def test_evidence_of_a_huge_line_is_trimmed_around_the_match() -> None:
    data = b"y" * 5000 + GLIBCXX + b"z" * 5000 + b"\n"
    (diagnosis,) = explain_text(data)
    text = diagnosis.evidence[0].text
    assert len(text) <= 400
    assert "GLIBCXX_3.4.30" in text


def test_evidence_is_capped_but_every_line_is_counted() -> None:
    data = (GLIBCXX + b"\n") * 50
    (diagnosis,) = explain_text(data)
    assert diagnosis.matches == 50
    assert len(diagnosis.evidence) == 5


def _lines() -> Iterator[str]:
    yield "starting"
    yield GLIBCXX.decode()


@pytest.mark.parametrize(
    "source",
    [
        GLIBCXX.decode(),
        GLIBCXX,
        io.BytesIO(GLIBCXX),
        io.StringIO(GLIBCXX.decode()),
        [GLIBCXX],
        _lines(),
    ],
    ids=["str", "bytes", "binary stream", "text stream", "list of lines", "generator"],
)
def test_every_input_kind_is_accepted(source: object) -> None:
    diagnoses = explain_text(source)  # type: ignore[arg-type]
    assert [d.signature_id for d in diagnoses] == ["toolchain.glibcxx-not-found"]


@pytest.mark.parametrize("block", [5, 64])
def test_sources_without_readinto_give_the_same_blocks(block: int) -> None:
    data = b"one\ntwo\n" + b"x" * 100 + b"\nlast"
    lines = [line.decode() for line in data.split(b"\n")]
    with_readinto = b"".join(_blocks(data, block, 50))
    without = b"".join(iter_blocks(LineReader(lines), block_bytes=block, max_line_bytes=50))
    prefix = b"one\ntwo\n" + b"x" * 50
    assert with_readinto.startswith(prefix)
    assert without.startswith(prefix)
    assert with_readinto.count(b"\n") + 1 == without.count(b"\n") == 4


def test_line_reader_adds_missing_line_ends() -> None:
    reader = LineReader(["a", b"b\n", "c"])
    assert reader.read(1 << 20) == b"a\nb\nc\n"
    assert reader.read(1 << 20) == b""


def test_reader_for_text_streams_encodes_utf8() -> None:
    source = reader_for(io.StringIO("é\n"))
    assert source.read(10) == "é\n".encode()


def test_empty_input_has_no_lines_and_no_diagnoses() -> None:
    assert scan_log(b"").lines == 0
    assert explain_text([]) == []


def test_matcher_is_compiled_once() -> None:
    assert builtin_matcher() is builtin_matcher()


class _CountedBlock(bytearray):
    """A block that counts the searches for line ends made in it."""

    searches = 0

    def find(self, *args: object, **kwargs: object) -> int:
        type(self).searches += 1
        return super().find(*args, **kwargs)  # type: ignore[arg-type]

    def rfind(self, *args: object, **kwargs: object) -> int:
        type(self).searches += 1
        return super().rfind(*args, **kwargs)  # type: ignore[arg-type]


def test_the_ends_of_a_line_are_found_once_for_all_its_matches() -> None:
    # review s18a (aside under finding 12): 143k matches on one 1 MB line of "error: " each
    # searched for the line's ends (find/rfind over the line): quadratic, 7.6 s
    block = _CountedBlock(b"a.cpp:1:1: " + b"error: " * 20_000 + b"\nnext line\n")
    line = LineText(block)
    texts = {line.text(start, start + 6) for start in range(11, 11 + 7 * 20_000, 7)}
    assert _CountedBlock.searches == 2
    assert all(len(text) <= 400 and "error: " in text for text in texts)
    assert line.text(len(block) - 10, len(block) - 1) == "next line"
    assert _CountedBlock.searches == 4


def test_a_megabyte_line_of_one_failure_word_is_read_whole() -> None:
    data = b"a.cpp:1:1: " + b"error: " * 143_000 + b"\n"
    result = scan_log(data, max_line_bytes=1 << 21)
    assert result.lines == 1
    assert [f.line for f in result.findings.failures] == [1]
