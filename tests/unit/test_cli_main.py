from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bringup import __version__
from bringup.cli.main import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_command_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "no-such-command" in capsys.readouterr().err


def test_json_of_a_repo_whose_file_names_are_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = os.path.join(os.fsencode(tmp_path), b"repo\xff")
    os.mkdir(repo)
    with open(os.path.join(repo, b"requirements\xe9.txt"), "wb") as handle:
        handle.write(b"torch>=2.1\n")
    with open(os.path.join(repo, b"requirements.txt"), "wb") as handle:
        handle.write(b"numpy\n")
    assert main(["scan", os.fsdecode(repo), "--json"]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["data"]["components"][0]["path"].endswith("repo\\xff")


_ENDING = """
import atexit, sys, threading, time
from bringup.cli.main import end
atexit.register(lambda: print("atexit ran"))
sys.stdout.write("buffered ")
if sys.argv[1] == "thread":
    threading.Thread(target=lambda: (time.sleep(0.2), print("thread done"))).start()
end(3)
"""


@pytest.mark.parametrize(
    ("case", "expected"),
    [("alone", "buffered atexit ran\n"), ("thread", "buffered thread done\natexit ran\n")],
)
def test_the_end_keeps_output_exit_code_atexit_and_threads(case: str, expected: str) -> None:
    """The quick exit (no interpreter teardown) loses nothing a normal exit would keep: the
    buffered output, the exit code and the atexit handlers; with another thread still at
    work it is a normal exit, which waits for that thread."""
    done = subprocess.run(
        [sys.executable, "-c", _ENDING, case], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (3, expected, "")
