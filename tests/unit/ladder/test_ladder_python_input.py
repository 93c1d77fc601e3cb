"""``ladder --python`` names the interpreter the rungs run in: a file that is not an executable
Python 3 (the outside tester's ``--python /etc/passwd``, which ran and reported "[ ERR ]
device-init ... permission denied", exit 1) is bad input (exit 2), as a missing one is."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bringup.cli.ladder import interpreter
from bringup.cli.main import main
from bringup.errors import InputError


def _file(path: Path, text: str, mode: int) -> str:
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    return str(path)


@pytest.mark.parametrize(
    "case",
    [
        (
            "passwd",
            "root:x:0:0:root:/root:/bin/bash\n",
            0o644,
            "not an interpreter: not executable",
        ),
        ("script", "#!/bin/sh\necho hello\n", 0o755, "not a Python 3 interpreter"),
        ("silent", "#!/bin/sh\nexit 0\n", 0o755, "not a Python 3 interpreter"),
        ("failing", "#!/bin/sh\nexit 1\n", 0o755, "not a Python 3 interpreter"),
    ],
    ids=["passwd", "script", "silent", "failing"],
)
def test_a_file_that_is_no_python_is_bad_input(
    case: tuple[str, str, int, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, text, mode, reason = case
    path = _file(tmp_path / name, text, mode)
    assert main(["ladder", "--python", path]) == 2
    assert f"{path}: {reason}" in capsys.readouterr().err


def test_a_directory_and_a_missing_path_are_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a file"):
        interpreter(str(tmp_path), None)
    with pytest.raises(InputError, match="no such interpreter"):
        interpreter(str(tmp_path / "python"), None)


def test_an_environment_whose_python_is_no_python_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    _file(tmp_path / "bin" / "python", "not a program\n", 0o644)
    with pytest.raises(InputError, match="not executable"):
        interpreter(None, tmp_path)


def test_a_real_python_is_the_interpreter() -> None:
    assert interpreter(sys.executable, None) == sys.executable
