"""A value holding line breaks stays in its column: MindCluster FaultDiag's causes list their
items on lines of their own (Ascend/mind-cluster@22bb3d98:component/ascend-faultdiag/src/
ascend_fd/configuration/kg-config.json, AISW_CANN_Runtime_064, kept in
src/bringup/kb/data/faults/faultdiag.toml), and ``explain`` printed each next item at column 1
(outsider11 #12, Ascend/pytorch#48's log), in English and in Chinese."""

from __future__ import annotations

import pytest

from bringup.report.document import Document, Table
from bringup.report.document_text import document_lines
from bringup.report.styled import Line

_EN = (
    "a. Mutex card deadlock. \n  b. Dead loop judgment. \n"
    "  c. Long-term entrapment in driver kernel mode."
)
_ZH = "a. mutex卡死。 \n  b. 死循环判断。 \n  c. 长期陷入驱动内核态。"


def _lines(value: str, width: int = 80) -> list[str]:
    document = Document(Line("t"))
    rows = ((Line("layer"), Line("device_init")), (Line("cause"), Line(value)))
    document.add(Table(("", ""), rows))
    return [line.plain for line in document_lines(document, width)][2:]


@pytest.mark.parametrize("value", [_EN, _ZH])
def test_each_item_of_a_multi_line_cause_starts_under_the_value_column(value: str) -> None:
    lines = _lines(value)
    column = lines[0].index("device_init")
    assert lines[1].startswith("cause")
    assert lines[1][column:].startswith("a. ")
    assert [line[column : column + 3] for line in lines[2:]] == ["b. ", "c. "]
    assert all(not line[:column].strip() for line in lines[2:])
    assert all(line == line.rstrip() for line in lines)


def test_a_narrow_terminal_still_wraps_each_item_under_the_column() -> None:
    lines = _lines(_EN, width=40)
    column = lines[0].index("device_init")
    assert all(not line[:column].strip() and line[column] != " " for line in lines[2:])
    assert any(line[column:].startswith("c. ") for line in lines)


# Ascend/mind-cluster@22bb3d98 kg-config.json, AISW_CANN_Runtime_063's description_zh (kept in
# faultdiag.toml): one item of Chinese with no space to wrap at.
_ZH_LONG = "g. 无人写或通信异常导致notify寄存器未被record，导致notify wait超时。"  # noqa: RUF001


def test_chinese_text_wraps_inside_the_column_and_keeps_latin_words_whole() -> None:
    lines = _lines(_ZH_LONG * 3, width=60)
    column = lines[0].index("device_init")
    from bringup.report.styled import cell_len

    assert len(lines) > 3
    assert all(cell_len(line) <= 60 for line in lines)
    assert all(not line[:column].strip() for line in lines[2:])
    assert all("notif" not in line or "notify" in line for line in lines)
