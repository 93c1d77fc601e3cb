"""Small glitches (outsider9 #15): a file the scan could not read was counted as read because a
finding cites it ("1 finding; 2 files read of 1" for a folder it could not list; here a pipe and
a binary file, which root cannot make unreadable otherwise); "The scan noted 1 more things";
``up --dry-run`` answered only "No such option". Lines: Ascend/MindSpeed@028de58c
requirements.txt:1-5."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bringup.cli.main import main

LINES = "pybind11\nninja\nwheel\nnumpy<=1.26.0\nsix\n"
HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "hosts"
    / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="makes a named pipe")
def test_a_file_the_scan_could_not_read_is_not_counted_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "requirements.txt").write_text(LINES)
    os.mkfifo(tmp_path / "requirements-dev.txt")
    (tmp_path / "requirements-gpu.txt").write_bytes(b"torch\0\0")
    assert main(["scan", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "2 findings; 1 file read of 3" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="makes a named pipe")
def test_one_more_thing_is_one_thing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text(LINES)
    os.mkfifo(tmp_path / "requirements-dev.txt")
    main(["check", str(tmp_path), "--snapshot", str(HOST), "--details"])
    out = capsys.readouterr().out
    assert "The scan noted 1 more thing (" in out


def test_an_option_that_does_not_exist_is_answered_with_those_that_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The README promises no dry run; ``up --help`` says what shows the plan instead."""
    assert main(["up", "--dry-run", "."]) == 2
    err = capsys.readouterr().err
    # click 8.2+ quotes the option ("No such option '--dry-run'"); 8.1, the last for Python
    # 3.9, writes "No such option: --dry-run"
    assert re.search(r"No such option(?::)? '?--dry-run", err), err
    assert "TIP: `bringup up` takes --yes, --force, --resume," in err
    assert main(["up", "--help"]) == 0
    assert "`bringup check PATH` prints the plan" in " ".join(capsys.readouterr().out.split())


SETUP = """from setuptools import setup

setup(
    name="mindrlhf",
    python_requires='>=3.7',
)
"""
BUILD = "python setup.py bdist_wheel -d ${BASEPATH}/output\n"


def test_a_place_that_states_no_version_is_not_cited_as_stating_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mindspore-lab/mindrlhf setup.py:155 states Python >= 3.7; build.sh:22 only runs
    ``python``: check --details cited both as "stated at" for ">= 3.7"."""
    (tmp_path / "setup.py").write_text(SETUP)
    (tmp_path / "build.sh").write_text(BUILD)
    main(["check", str(tmp_path), "--snapshot", str(HOST), "--details"])
    out = " ".join(capsys.readouterr().out.split())
    assert "setup.py:5; also needed at build.sh:1" in out
