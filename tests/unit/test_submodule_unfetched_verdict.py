"""A repo with a build of its own whose build reads a submodule that is not fetched (its folder
empty, as ``git archive`` leaves it) runs here only after fetching it, and says so in its verdict
(outsider13 D18: pybind/cmake_example was "runs here after installing wheel", exit 0, the fetch
only action 2, hedged "if not checked out", while the build failed at CMakeLists.txt:4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

GITMODULES = """[submodule "pybind11"]
    path = pybind11
    url = https://github.com/pybind/pybind11.git
    branch = master
"""
"""pybind/cmake_example@7a94877f581a14de4de1a096fb053a55fc2a66bf:.gitmodules:1-4."""

CMAKELISTS = """cmake_minimum_required(VERSION 3.4...3.18)
project(cmake_example)

add_subdirectory(pybind11)
pybind11_add_module(cmake_example src/main.cpp)
"""
"""pybind/cmake_example@7a94877f581a14de4de1a096fb053a55fc2a66bf:CMakeLists.txt:1-5."""


def _repo(tmp_path: Path, *, fetched: bool) -> Path:
    root = tmp_path / "cmake_example"
    (root / "pybind11").mkdir(parents=True)
    (root / ".gitmodules").write_text(GITMODULES, encoding="utf-8")
    (root / "CMakeLists.txt").write_text(CMAKELISTS, encoding="utf-8")
    if fetched:
        (root / "pybind11" / "CMakeLists.txt").write_text("project(pybind11)\n", encoding="utf-8")
    return root


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def test_an_empty_submodule_folder_is_in_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(_repo(tmp_path, fetched=False))])
    out = _out(capsys)
    assert "runs here after fetching submodule pybind11" in out
    assert "git submodule update --init -- pybind11 (its folder is empty here;" in out


def test_a_fetched_submodule_is_no_obstacle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(_repo(tmp_path, fetched=True))])
    out = _out(capsys)
    assert "fetching submodule" not in out
    assert "git submodule update" not in out
