"""Outsider 24's D8 and D11 (tests/data/outsider43/REPORT.md). D8: with download.pytorch.org
unreachable and PIP_FIND_LINKS=/opt/wheels, ``up`` on mobiusml/gemlite@1a6815d said "torch came
from your other indexes (PyPI's is its CUDA build)" where the environment held torch
2.13.0+cpu."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.report.up_text import environment_line
from bringup.run.outcome import EnvironmentOutcome
from bringup.run.up import _torch_held

_CPU_INDEX = "https://download.pytorch.org/whl/cpu"


def _env_holding(tmp_path: Path, version: str) -> Path:
    site = tmp_path / "env-1" / "lib" / "python3.11" / "site-packages"
    (site / f"torch-{version}.dist-info").mkdir(parents=True)
    return tmp_path / "env-1"


def _line(got: str | None) -> str:
    outcome = EnvironmentOutcome(
        index=1,
        components=("gemlite",),
        python="3.11.7",
        path="/state/env-1",
        status="created",
        torch_detour=_CPU_INDEX,
        torch_detour_got=got,
    )
    return environment_line(outcome)


def test_the_note_says_the_torch_the_environment_holds(tmp_path: Path) -> None:
    env = _env_holding(tmp_path, "2.13.0+cpu")
    assert _torch_held(env) == "2.13.0+cpu"
    line = _line(_torch_held(env))
    assert line.endswith("torch came from your other indexes: torch 2.13.0+cpu")
    assert "CUDA" not in line
    # a version with no local label is PyPI's (its CUDA build on Linux x86_64)
    assert _line("2.13.0").endswith(": torch 2.13.0 (PyPI's is its CUDA build)")
    # nothing read: no guess
    assert _line(None).endswith("torch came from your other indexes")


def test_scan_verbose_says_each_stage_s_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # D11: `scan -v` printed no stage timing where `check -v` says "scan: reading 1 path(s)"
    (tmp_path / "requirements.txt").write_text("pyyaml>=5.3\n", encoding="utf-8")  # mindface :5
    assert main(["scan", "-v", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"scan: reading 1 path\(s\): \d+\.\d\d s", err)
    assert re.search(r"report: writing the report: \d+\.\d\d s", err)
