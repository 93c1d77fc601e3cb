"""A pasted collect_env report whose device index or integer field holds thousands of digits is
read without a crash (Python's int() refuses strings over 4,300 digits): the value is not taken.
Found by review after the npu-smi parser's same fault (tests/unit/test_report_long_numbers.py)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bringup.cli.main import cli

LONG = "9" * 5000


def _probe(tmp_path: Path, text: str) -> int:
    report = tmp_path / "report.txt"
    report.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["probe", "--from", str(report), "--json"])
    return result.exit_code


def test_a_device_index_of_thousands_of_digits_is_not_read(tmp_path: Path) -> None:
    # the line shape of PyTorch's collect_env ("GPU 0: NVIDIA A100"), index made huge
    text = f"PyTorch version: 2.1.0\nGPU models and configuration: \nGPU {LONG}: NVIDIA A100\n"
    assert _probe(tmp_path, text) == 0


def test_a_normal_device_index_is_still_read(tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    text = "PyTorch version: 2.1.0\nGPU models and configuration: \nGPU 0: NVIDIA A100\n"
    report.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["probe", "--from", str(report), "--json"])
    assert result.exit_code == 0
    assert "A100" in result.output
