from __future__ import annotations

from pathlib import Path

import pytest

from npu_toolchain.ir.cli import main


def test_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "k.kir"
    source.write_text("func f(x: f32[2]) -> f32[2] {\n  y = exp(x)\n  return y\n}\n")
    assert main(["check", str(source)]) == 0
    assert "f: 2 values, ok" in capsys.readouterr().out


def test_check_reports_file_line_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.kir"
    source.write_text("func f(x: f32[2]) -> f32[3] {\n  return x\n}\n")
    assert main(["check", str(source)]) == 1
    assert f"{source}:2:3: f returns f32[2], declared f32[3]" in capsys.readouterr().err


def test_fmt_prints_canonical_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "k.kir"
    source.write_text("func   f( x:f32[2] )->f32[2]{ y=relu( x ) return y }")
    assert main(["fmt", str(source)]) == 0
    assert capsys.readouterr().out == "func f(x: f32[2]) -> f32[2] {\n  y = relu(x)\n  return y\n}\n"


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    assert main(["check", str(tmp_path / "absent.kir")]) == 2
