"""A link to nothing in a directory of repos is said, not skipped (outsider12 #15): the
tester's stack held ``marlin/`` and ``autogptq -> ../no/such/AutoGPTQ``, and ``check`` spoke
of one repo with no word of the other."""

from __future__ import annotations

import os
from pathlib import Path

from bringup.scan.stack import scan_stack


def _repo(path: Path) -> None:
    path.mkdir(parents=True)
    (path / "README.md").write_text("# marlin\n")  # IST-DASLab/marlin@2f6d7c1 README.md:1
    (path / "setup.py").write_text("from setuptools import setup\nsetup(name='marlin')\n")


def test_a_dangling_link_in_a_directory_of_repos_is_said(tmp_path: Path) -> None:
    stack = tmp_path / "stack"
    _repo(stack / "marlin")
    os.symlink("../no/such/AutoGPTQ", stack / "autogptq")
    found = scan_stack([stack])
    assert [c.name for c in found.components] == ["marlin"]
    said = [(f.kind, f.message, str(f.sources[0])) for f in found.findings]
    assert said == [
        (
            "unreadable",
            "a dangling symlink (to ../no/such/AutoGPTQ); not known whether it is a repo",
            f"{stack}/autogptq",
        )
    ]


def test_a_live_link_to_a_repo_is_scanned_without_a_word(tmp_path: Path) -> None:
    stack = tmp_path / "stack"
    _repo(stack / "marlin")
    _repo(tmp_path / "elsewhere" / "AutoGPTQ")
    os.symlink("../elsewhere/AutoGPTQ", stack / "autogptq")
    found = scan_stack([stack])
    assert sorted(c.name for c in found.components) == ["AutoGPTQ", "marlin"]
    assert [f for f in found.findings if f.kind == "unreadable"] == []
