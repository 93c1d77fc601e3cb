"""``RepoTexts`` skips opening a name its folder's listing lacks: the pytest configuration
names tried in every folder of a test tree (ops-nn: ~28,000 tries, ~4,000 folders). What it
reads must be what opening each path reads: a file present is read, wherever and however its
path is spelled, and a path it cannot vouch for is opened as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan import reading, repotexts
from bringup.scan.repotexts import RepoTexts


def _tree(root: Path) -> RepoTexts:
    (root / "tests" / "ut").mkdir(parents=True)
    (root / "tests" / "pytest.ini").write_text("[pytest]\n")
    (root / "setup.cfg").write_text("[tool:pytest]\n")
    (root / "notes.txt").write_text("a file, not a folder\n")
    return RepoTexts(root, {})


def test_present_files_are_read_and_absent_ones_are_none(tmp_path: Path) -> None:
    texts = _tree(tmp_path)
    assert texts.read("tests/pytest.ini") == "[pytest]\n"
    assert texts.read("setup.cfg") == "[tool:pytest]\n"
    assert texts.read("tests/ut/pytest.ini") is None
    assert texts.read("missing/pytest.ini") is None
    assert texts.read("notes.txt/pytest.ini") is None


def test_paths_with_dot_parts_are_opened(tmp_path: Path) -> None:
    texts = _tree(tmp_path)
    assert texts.read("tests/ut/tox.ini") is None  # the folder is listed now
    assert texts.read("tests/./pytest.ini") == "[pytest]\n"
    assert texts.read("tests/ut/../pytest.ini") == "[pytest]\n"


def test_kept_keeps_what_it_read_and_inside_stays_in_the_checkout(tmp_path: Path) -> None:
    known: dict[str, str | None] = {"README.md": "scanned text"}
    texts = RepoTexts(tmp_path, known)
    assert texts.kept("README.md") == "scanned text"  # never opened: there is no such file
    (tmp_path / "run.sh").write_text("echo hi\n")
    assert texts.inside("run.sh") == "echo hi\n"
    assert known["run.sh"] == "echo hi\n"
    assert texts.inside("../run.sh") is None
    assert texts.inside("/etc/hostname") is None


def test_a_name_the_listing_lacks_is_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = _tree(tmp_path)
    opened: list[str] = []
    real = reading.read_text

    def read_text(path: Path, ref: str):  # type: ignore[no-untyped-def]
        opened.append(ref)
        return real(path, ref)

    monkeypatch.setattr(repotexts, "read_text", read_text)
    for name in ("pytest.toml", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"):
        texts.read(f"tests/{name}")
        texts.read(f"tests/ut/{name}")
    assert opened == []
    assert texts.read("tests/pytest.ini") == "[pytest]\n"
    # another case of a listed name is opened: on a case-insensitive file system it is there
    texts.read("tests/PYTEST.INI")
    assert opened == ["tests/pytest.ini", "tests/PYTEST.INI"]
