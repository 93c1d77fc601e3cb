"""outsider11 #14's wording: a repo that asks for nothing stood as an environment of its own
with an empty pins cell ("environment 2 / repos: Ascend310"), or beside the NPU host's CANN and
torch_npu pins, as if it needed them. Such an environment says it installs nothing and that any
environment serves its repos. The repo: a folder with a README of notes only (outsider11's
Ascend310 checkout held only a LaTeX paper's sources)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

HOST = Path(__file__).resolve().parents[1] / "fixtures" / "hosts"
DEV = HOST / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU_REPO = Path(__file__).resolve().parents[2] / "examples" / "six-repos" / "npu-samples"


def _check(paths: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(["check", *paths, "--snapshot", str(DEV)])
    return " ".join(capsys.readouterr().out.split())


def test_an_environment_of_repos_that_ask_for_nothing_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "README.md").write_text("# Notes\n\nA paper's sources.\n", encoding="utf-8")
    alone = _check([str(notes)], capsys)
    assert "repos: notes pins: nothing to install: any environment serves it" in alone
    beside = _check([str(NPU_REPO), str(notes)], capsys)
    assert "repos: notes pins that differ: nothing to install: any environment serves it" in beside
    assert "here = this machine's plan where it differs" not in alone
