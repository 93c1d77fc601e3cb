"""``import_report`` reads any text without raising: arbitrary text, and real report lines
shuffled, cut and glued together; every fact it returns cites a line of that text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.probe.importers import import_report

DEV = Path(__file__).parent.parent / "data" / "reports_dev"
REPORT_LINES = sorted(
    {line for path in DEV.glob("*.txt") for line in path.read_text(encoding="utf-8").splitlines()}
)


def _check(text: str) -> None:
    snapshot = import_report(text, "pasted.txt", taken_at="t")
    count = len(text.splitlines())
    for found in snapshot.facts:
        line = found.source.line
        assert line is None or 1 <= line <= max(count, 1), (found, count)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=2000))
def test_arbitrary_text_never_raises(text: str) -> None:
    _check(text)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(REPORT_LINES),
            st.sampled_from(REPORT_LINES).map(lambda line: line[: len(line) // 2]),
            st.text(alphabet="0123456789.:\uff1a=-| \u7248\u672crcRCpostv\t", max_size=40),
        ),
        max_size=60,
    ),
    st.sampled_from(["\n", " ", "\r\n", "\n\n"]),
)
def test_real_lines_cut_and_glued_never_raise(lines: list[str], joiner: str) -> None:
    _check(joiner.join(lines))
