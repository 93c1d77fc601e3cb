"""A pasted report whose numbers are garbled into runs of thousands of digits (the fuzzer's
mutation of tests/fixtures/commands/npu-smi/310b4-23.0.0.txt) is read, not a crash: Python's
int() refuses strings over 4,300 digits."""

from __future__ import annotations

import re
from pathlib import Path

from bringup.probe.importers import import_report

FIXTURE = Path(__file__).parents[1] / "fixtures" / "commands" / "npu-smi" / "310b4-23.0.0.txt"


def test_an_npu_smi_table_with_5000_digit_numbers_is_read_without_a_crash() -> None:
    text = re.sub(r"\d+", "9" * 5000, FIXTURE.read_text())
    snapshot = import_report(text, "report.txt")
    assert not snapshot.accelerators
    assert import_report(FIXTURE.read_text(), "report.txt").accelerators
