"""A text lower-cased once per scan (``lowertexts``): the same copy for every reader while a
repo is scanned, nothing kept after it."""

from __future__ import annotations

from bringup.scan import lowertexts
from bringup.scan.lowertexts import lower_text

# Ascend/MindIE-LLM README.md:47, a version table's header (a wide text: the case that made
# lower-casing the whole repo twice cost ~20 ms each)
LINE = (
    "| MindIE 软件版本&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;"
    "| CANN 版本兼容性&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;|"
)


def test_a_text_is_lowered_once_while_a_scan_is_under_way() -> None:
    with lowertexts.kept():
        first = lower_text(LINE)
        assert first == LINE.lower()
        assert lower_text(LINE) is first
    assert not lowertexts._lowered


def test_outside_a_scan_nothing_is_kept() -> None:
    assert lower_text(LINE) == LINE.lower()
    assert not lowertexts._lowered
