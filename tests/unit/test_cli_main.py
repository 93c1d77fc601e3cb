from __future__ import annotations

import json
import os
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
