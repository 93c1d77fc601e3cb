"""`bringup scan`: the table, --json, --write/--force and the exit codes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan import load_manifest, scan_stack
from bringup.scan.manifest import RepoManifest

ROOT = Path(__file__).parents[2]
SIX = ROOT / "examples" / "six-repos"


def test_table_names_every_repo_with_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", str(SIX / "infer-adapter"), str(SIX / "npu-samples")]) == 0
    out = capsys.readouterr().out
    assert "infer-adapter (inference)" in out
    assert "CMakeLists.txt:14" in out
    assert "unversioned: cann is required" in out
    assert "2 repos," in out


def test_json_is_the_shared_envelope(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", "--json", str(SIX / "ascend-comm")]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["schema"], document["command"], document["exit_code"]) == (
        "bringup/1",
        "scan",
        0,
    )
    (component,) = document["data"]["components"]
    assert component["name"] == "ascend-comm"
    assert {"subject": "python", "spec": ">=3.8"}.items() <= component["requirements"][0].items()


@pytest.mark.parametrize("argv", [["scan", "/no/such/repo"], ["scan"]])
def test_bad_input_is_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2


def test_bad_manifest_is_exit_2_with_a_caret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bringup.toml").write_text('role = "ops"\ntrusted = "yes"\n')
    assert main(["scan", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "bringup.toml:2:11: Expected `bool`, got `str`" in err
    assert 'trusted = "yes"\n              ^^^^^' in err


def test_write_drafts_a_manifest_that_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "infer-adapter"
    shutil.copytree(SIX / "infer-adapter", repo)
    before = scan_stack([repo]).components[0]
    assert main(["scan", "--write", str(repo)]) == 0
    # the path is never broken; the line may wrap before it at 80 columns
    assert f"wrote {repo / 'bringup.toml'}" in " ".join(capsys.readouterr().out.split())
    text = (repo / "bringup.toml").read_text()
    assert (
        "# "
        + str(repo / "CMakeLists.txt")
        + ":14 (high): if(CANN_VERSION VERSION_GREATER_EQUAL 7.0)"
        in text
    )
    loaded = load_manifest(repo / "bringup.toml")
    assert loaded.manifest.role == "inference"  # type: ignore[union-attr]
    after = scan_stack([repo]).components[0]
    assert {(r.subject, r.spec, r.hard) for r in after.requirements} == {
        (r.subject, r.spec, r.hard) for r in before.requirements
    }
    assert [s.argv for s in after.steps] == [s.argv for s in before.steps]
    assert [s.needs for s in after.steps] == [s.needs for s in before.steps]


def test_write_keeps_an_existing_manifest_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "requirements.txt").write_text("numpy>=1.21\n")
    manifest = tmp_path / "bringup.toml"
    manifest.write_text('role = "other"\n')
    assert main(["scan", "--write", str(tmp_path)]) == 0
    assert "kept" in capsys.readouterr().out
    assert manifest.read_text() == 'role = "other"\n'
    assert main(["scan", "--write", "--force", str(tmp_path)]) == 0
    assert 'subject = "pypi:numpy"' in manifest.read_text()


def test_write_that_cannot_write_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "requirements.txt").write_text("numpy>=1.21\n")
    (tmp_path / "bringup.toml").mkdir()  # in the way: --force cannot replace a directory
    assert main(["scan", "--write", "--force", str(tmp_path)]) == 2
    assert "bringup.toml: cannot write" in capsys.readouterr().err


def test_write_keeps_file_names_from_the_repo_inside_comments(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("torch>=2.1\n")
    (tmp_path / "docs").mkdir()
    injected = 'install\n[[steps]]\nname = "pwn"\nkind = "run"\nargv = ["sh", "-c", "id"]\n#.md'
    (tmp_path / "docs" / injected).write_text("Requires CANN >= 8.0.RC1\n")
    assert main(["scan", "--write", str(tmp_path)]) == 0
    loaded = load_manifest(tmp_path / "bringup.toml")
    assert isinstance(loaded.manifest, RepoManifest)
    assert loaded.manifest.steps == ()
    assert {r.subject for r in loaded.manifest.requirements} == {"cann", "torch"}
    assert '/docs/install [[steps]] name = "pwn"' in loaded.text


def test_write_a_repo_whose_file_names_are_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("torch>=2.1\n")
    with open(os.path.join(os.fsencode(tmp_path), b"build\xff.sh"), "wb") as handle:
        handle.write(b"#!/bin/bash\ncmake -B build\n")
    assert main(["scan", "--write", str(tmp_path)]) == 0
    loaded = load_manifest(tmp_path / "bringup.toml")
    assert isinstance(loaded.manifest, RepoManifest)
    assert ("bash", "build\\xff.sh") in [step.argv for step in loaded.manifest.steps]
