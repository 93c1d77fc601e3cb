"""A pasted ``npu-smi info`` table cut off part-way (an issue body's excerpt) still lists the
NPUs whose first row is in the text, and says that their count is only what the text shows.

The real pastes: tests/fixtures/commands/npu-smi/910b1-23.0.3-cut.txt, the npu-smi output of
https://github.com/vllm-project/vllm-ascend/issues/750, which ends after NPU 0's first row
(outsider 7 #13: "accelerators: none found ... npu_smi unparsed"). The cuts at every line and
inside each row are constructed from the real recorded outputs in the same folder, not seen
in the wild as such."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.backends.ascend.parse import parse_npu_smi_info
from bringup.model import Source
from conftest import FIXTURES

FOLDER = FIXTURES / "commands" / "npu-smi"
SOURCE = Source(kind="file", ref="npu-smi.txt")
_FIRST_ROW = re.compile(r"^\|\s*(\d+)\s+[^|\s]*[A-Za-z][^|]*\|\s*\w+\s*(\||$)")
"""An NPU's first row in the one-name-column layouts, up to its Health cell at least."""


def _counts(text: str) -> dict[str, object]:
    parsed = parse_npu_smi_info(text, SOURCE)
    return {f.key: (f.status, f.value) for f in parsed.facts}


def test_the_va750_paste_lists_its_910b1() -> None:
    """vllm-ascend#750's paste, lines 7-8: the header and ``| 0     910B1 | OK | 94.2 ...``,
    then nothing: one 910B1 (family 910B, health OK), its count a lower bound."""
    text = (FOLDER / "910b1-23.0.3-cut.txt").read_text()
    parsed = parse_npu_smi_info(text, SOURCE)
    assert [(d.index, d.name, d.family, d.health) for d in parsed.accelerators] == [
        (0, "910B1", "910B", "OK")
    ]
    assert parsed.accelerators[0].memory_total_mib is None  # its second row is not there
    facts = {f.key: f for f in parsed.facts}
    assert facts["ascend.npu_smi"].value == "ok"
    count = facts["ascend.device_count"]
    assert count.status == "unknown"
    assert count.reason is not None
    assert "cut off at line 8 after 1 listed" in count.reason


def _cases() -> list[Path]:
    """The whole recorded tables of the one-name-column layout (an A2, 910 or 310 card; the
    A3's two dies per NPU are checked apart below)."""
    return [
        p
        for p in sorted(FOLDER.glob("*.txt"))
        if not p.name.startswith(("driver-", "950-", "910_93-")) and "cut" not in p.name
    ]


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.stem)
def test_every_cut_keeps_the_npus_it_shows(case: Path) -> None:
    """Cut after each line, and inside each NPU row after its Health cell: every NPU whose
    first row is in the text is listed, with no other; the count is known only when the
    cut falls where no NPU's rows are open."""
    lines = case.read_text().splitlines()
    whole = parse_npu_smi_info("\n".join(lines), SOURCE)
    assert whole.accelerators, case
    for end in range(1, len(lines) + 1):
        kept = lines[:end]
        for text in ("\n".join(kept), *_inside_last_row(kept)):
            table = text.split("Process id", maxsplit=1)[
                0
            ].splitlines()  # the process table is no NPU
            shown = [int(m.group(1)) for m in map(_FIRST_ROW.match, table) if m]
            parsed = parse_npu_smi_info(text, SOURCE)
            got = [d.index for d in parsed.accelerators]
            assert got == shown, (case.name, end, text.splitlines()[-1])
            if not shown:
                continue
            listed = {d.index: d for d in whole.accelerators}
            assert [d.name for d in parsed.accelerators] == [listed[i].name for i in got]
            count = _counts(text)["ascend.device_count"]
            expected = ("unknown", None) if _open(text) else ("ok", len(shown))
            assert count == expected, (case.name, end)


def _inside_last_row(kept: list[str]) -> list[str]:
    """The text cut inside its last line, just after the Health cell, when that line is an
    NPU's first row (``| 7     910B3               | OK``, as vllm-ascend#3261's excerpt
    ends)."""
    last = kept[-1]
    if not _FIRST_ROW.match(last):
        return []
    cut = last[: last.index("|", last.index("|", 1) + 1) - 1].rstrip()
    return ["\n".join([*kept[:-1], cut])]


def _open(text: str) -> bool:
    """Whether the text ends inside an NPU's rows: its last row of the device table is an
    NPU's first row, with no second row (bus id) after it."""
    rows = [
        line
        for line in text.split("Process id", maxsplit=1)[0].splitlines()
        if _FIRST_ROW.match(line) or _BUS_ROW.search(line)
    ]
    return bool(rows) and bool(_FIRST_ROW.match(rows[-1]))


_BUS_ROW = re.compile(r"\|\s*(NA|[0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\w)\s*\|")


def test_an_a3_table_cut_after_a_die_lists_it_with_the_next_device_id() -> None:
    """An A3 (two dies per NPU, ``Chip Phy-ID``): cut after NPU 0's second die's first row
    (constructed from 910_93-a3-25.2.0.txt, nputop's recording), the die is the device after
    the first, not a second device 0."""
    lines = (FOLDER / "910_93-a3-25.2.0.txt").read_text().splitlines()
    end = [n for n, line in enumerate(lines) if line.startswith("| 0     Ascend910")][1] + 1
    parsed = parse_npu_smi_info("\n".join(lines[:end]), SOURCE)
    assert [(d.index, d.family) for d in parsed.accelerators] == [(0, "910_93"), (1, "910_93")]
    assert _counts("\n".join(lines[:end]))["ascend.npu_count"] == ("unknown", None)


def test_a_second_row_cut_before_its_hbm_pair_has_no_memory() -> None:
    """``| 0 | 0000:C1:00.0 | 0    0 / 0`` (cut before HBM-Usage; constructed from
    910b4-a2-25.5.0.txt, vllm-ascend#8809): the Memory-Usage pair is not the device's
    memory."""
    lines = (FOLDER / "910b4-a2-25.5.0.txt").read_text().splitlines()
    second = next(n for n, line in enumerate(lines) if "0000:" in line)
    cut = lines[second][: lines[second].index("/") + 4]
    parsed = parse_npu_smi_info("\n".join([*lines[:second], cut]), SOURCE)
    assert [d.memory_total_mib for d in parsed.accelerators] == [None]
