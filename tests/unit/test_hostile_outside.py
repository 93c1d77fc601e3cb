"""A file of the repo that leads out of it was left out without a word: a requirements list
including one beside the repo (``-r ../shared/base.txt``, a repo that is one folder of a larger
checkout) read as a repo needing only what its own list names, "1 file read of 1", no finding.
What lies outside is still not read (it may be anything: ``-r ../../etc/shadow``), but the
answer now says which file was left out and the line that leads there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main


def _scan(repo: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    assert main(["scan", str(repo), "--json"]) == 0
    return json.loads(capsys.readouterr().out)["data"]


def test_an_include_out_of_the_repo_is_said_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "base.txt").write_text("numpy==1.26.4\n", encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "requirements.txt").write_text(
        "torch==2.1.0\n-r ../shared/base.txt\n-r local.txt\n", encoding="utf-8"
    )
    (repo / "local.txt").write_text("-c ../../etc/shadow\n", encoding="utf-8")
    data = _scan(repo, capsys)
    said = {
        (finding["message"], source["ref"], source.get("line"))
        for finding in data["findings"]
        for source in finding["sources"]
    }
    assert said == {
        ("../shared/base.txt: outside the repo; not read", str(repo / "requirements.txt"), 2),
        ("../../etc/shadow: outside the repo; not read", str(repo / "local.txt"), 1),
    }
    (component,) = data["components"]
    assert [r["subject"] for r in component["requirements"]] == ["torch"]


def test_an_include_inside_the_repo_is_read_and_not_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    (repo / "requirements").mkdir(parents=True)
    (repo / "requirements.txt").write_text("-r requirements/base.txt\n", encoding="utf-8")
    (repo / "requirements" / "base.txt").write_text("-r ../dev.txt\ntorch\n", encoding="utf-8")
    (repo / "dev.txt").write_text("numpy\n", encoding="utf-8")
    data = _scan(repo, capsys)
    assert "findings" not in data or not data["findings"]
    (component,) = data["components"]
    assert sorted(r["subject"] for r in component["requirements"]) == ["pypi:numpy", "torch"]


def test_a_listed_file_linked_out_of_the_repo_is_said_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "reqs.txt").write_text("numpy==1.26.4\n", encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / "sub").mkdir(parents=True)
    (repo / "README.md").write_text("# repo\n", encoding="utf-8")
    (repo / "requirements.txt").symlink_to(tmp_path / "shared" / "reqs.txt")
    (repo / "sub" / "environment.yml").symlink_to("/dev/zero")
    (repo / "notes.txt").symlink_to("/etc/hostname")  # no kind of file the scan reads
    data = _scan(repo, capsys)
    said = {
        (source["ref"], finding["message"])
        for finding in data["findings"]
        for source in finding["sources"]
    }
    assert said == {
        (
            str(repo / "requirements.txt"),
            f"a symbolic link out of the repo (to {tmp_path / 'shared' / 'reqs.txt'}); not read",
        ),
        (
            str(repo / "sub" / "environment.yml"),
            "a symbolic link out of the repo (to /dev/zero); not read",
        ),
    }
    (component,) = data["components"]
    assert "requirements" not in component
