"""Outsider 27's D9 (tests/data/outsider46/REPORT.md): ``bringup scan`` of
BillionsRichard/mm_rs_with_catlass@e5cfd63 said "21 files read of 62" for a tree of 321 files,
259 of them under 3rdparty/catlass, skipped without a word. The walk says each vendored
directory it passes over and how many files it holds."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.walk import walk_repo


def _tree(tmp_path: Path) -> Path:
    repo = tmp_path / "mm_rs_with_catlass"
    # source: https://github.com/BillionsRichard/mm_rs_with_catlass/blob/e5cfd63/CMakeLists.txt (1)
    (repo / "examples").mkdir(parents=True)
    (repo / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.10)\n")
    vendored = repo / "3rdparty" / "catlass" / "include"
    vendored.mkdir(parents=True)
    for index in range(3):
        (vendored / f"h{index}.hpp").write_text("#pragma once\n")
    (repo / "3rdparty" / "catlass" / "CMakeLists.txt").write_text("project(catlass)\n")
    return repo


def test_the_walk_counts_what_each_vendored_directory_holds(tmp_path: Path) -> None:
    _files, stats = walk_repo(_tree(tmp_path))
    assert stats.vendored == (("3rdparty", 4),)


def test_the_scan_says_the_vendored_code_it_did_not_read(tmp_path: Path) -> None:
    findings = scan_repo(_tree(tmp_path), "mm_rs_with_catlass").component.findings
    notes = [f for f in findings if "vendored code not read" in (f.reason or "")]
    assert [(f.source.ref.rsplit("/", 1)[-1], f.reason) for f in notes] == [
        (
            "3rdparty",
            "vendored code not read: 3rdparty/ (4 files); what it states is its own projects'"
            " need, not the repo's",
        )
    ]
