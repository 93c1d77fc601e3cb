"""A pasted report (collect_env, nvidia-smi) whose device index, memory or integer field holds
thousands of digits is read without a crash (Python's int() refuses strings over 4,300 digits): the
value is not taken. Found by review after the npu-smi parser's same fault
(tests/unit/test_report_long_numbers.py)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bringup.cli.app import cli

LONG = "9" * 5000
SMI = Path(__file__).parent.parent / "fixtures" / "logs" / "_unmatched" / "nvidia-smi-rtx3090.log"


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


def test_an_nvidia_smi_table_with_numbers_of_thousands_of_digits_is_read(tmp_path: Path) -> None:
    # a real nvidia-smi table (RTX 3090), its GPU index and memory made huge
    lines = SMI.read_text(encoding="utf-8").splitlines()
    text = "\n".join(
        line.replace("|   0  ", f"|   {LONG}  ").replace("24267MiB", f"{LONG}MiB") for line in lines
    )
    assert LONG in text
    assert _probe(tmp_path, text + "\n") == 0
