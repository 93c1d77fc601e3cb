from __future__ import annotations

import os
from pathlib import Path

import pytest

from npu_toolchain.profiler import ProfilerError, build_command, find_msprof


def _executable(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


def test_found_on_path(tmp_path: Path) -> None:
    tool = _executable(tmp_path / "bin" / "msprof")
    assert find_msprof({"PATH": str(tool.parent)}) == tool


def test_found_under_the_toolkit(tmp_path: Path) -> None:
    tool = _executable(tmp_path / "tools" / "profiler" / "bin" / "msprof")
    assert find_msprof({"PATH": "", "ASCEND_TOOLKIT_HOME": str(tmp_path)}) == tool


def test_missing_msprof_says_where_it_comes_from() -> None:
    with pytest.raises(ProfilerError, match="set_env.sh"):
        find_msprof({"PATH": os.devnull})


def test_command_keeps_the_program_arguments_apart(tmp_path: Path) -> None:
    command = build_command(Path("/opt/msprof"), ["python3", "train.py", "--steps", "10"], tmp_path)
    assert command == [
        "/opt/msprof",
        f"--output={tmp_path}",
        "--aic-metrics=PipeUtilization",
        "python3",
        "train.py",
        "--steps",
        "10",
    ]


def test_nothing_to_profile() -> None:
    with pytest.raises(ProfilerError):
        build_command(Path("/opt/msprof"), [], Path("out"))
