"""A tree git cannot read is fingerprinted without what its .gitignore files ignore
(outsider11 #11: in a tarball checkout, every step's outputs changed the tree, so nothing was
ever reused, even with the outputs in .gitignore). Patterns from real .gitignore files:
uv-xiao/cuda-kernel-uv@2fe491e1:.gitignore:2,7,20,24 (``build/``, ``*.o``, ``*.out``,
``*.py[cod]``) and zhouxzh/Ascend310@c6c6460c:.gitignore:3,24 (``*.py[codz]``, ``*.egg-info/``);
the rest is gitignore(5)'s own rules (anchoring, ``**``, ``!``, a deeper file)."""

from __future__ import annotations

import os
from pathlib import Path

from bringup.run.fingerprint import stat_tree
from bringup.run.ignorefiles import Rule, ignored, read_rules
from cpuclock import cpu_seconds


def _rules(tmp_path: Path, text: str, base: str = "") -> list[Rule]:
    path = tmp_path / "ignore"
    path.write_text(text, encoding="utf-8")
    return read_rules(path, base)


def test_the_real_patterns_match_as_git_matches_them(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "build/\n*.o\n*.out\n*.py[cod]\n*.egg-info/\n")
    assert ignored(rules, "build", True)
    assert ignored(rules, "chapters/01/build", True)
    assert not ignored(rules, "build", False)  # a file named build is no build tree
    assert ignored(rules, "src/kernel.o", False)
    assert ignored(rules, "a.out", False)
    assert ignored(rules, "pkg/__init__.pyc", False)
    assert not ignored(rules, "pkg/__init__.py", False)
    assert ignored(rules, "x.egg-info", True)


def test_anchoring_double_stars_negation_and_a_deeper_file(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "/out\ndocs/**/*.html\n*.log\n!keep.log\n\\#note\n")
    assert ignored(rules, "out", True)
    assert not ignored(rules, "sub/out", True)  # a slash anchors it to its directory
    assert ignored(rules, "docs/a/b/x.html", False)
    assert ignored(rules, "docs/x.html", False)
    assert not ignored(rules, "keep.log", False)
    assert ignored(rules, "run.log", False)
    assert ignored(rules, "#note", False)
    deeper = rules + _rules(tmp_path, "!run.log\n", base="sub")
    assert not ignored(deeper, "sub/run.log", False)
    assert ignored(deeper, "run.log", False)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 5_000_000_000  # a later write, whatever the clock's grain
    os.utime(path, ns=(stamp, stamp))


def test_outputs_the_gitignore_lists_leave_the_tree_as_it_was(tmp_path: Path) -> None:
    _write(tmp_path / "src" / "kernel.cu", "__global__ void k() {}\n")
    _write(tmp_path / ".gitignore", "build/\n*.out\n")
    _write(tmp_path / "tests" / ".gitignore", "*.txt\n")
    before = stat_tree(tmp_path)
    _write(tmp_path / "build" / "kernel.o", "obj")
    _write(tmp_path / "a.out", "exe")
    _write(tmp_path / "tests" / "result.txt", "ok")
    assert stat_tree(tmp_path) == before
    _write(tmp_path / "src" / "kernel.cu", "__global__ void k() { }\n")
    assert stat_tree(tmp_path) != before  # a source edit still counts
    edited = stat_tree(tmp_path)
    _write(tmp_path / "result.txt", "not ignored at the top")
    assert stat_tree(tmp_path) != edited


def test_a_rule_git_cannot_read_or_too_wild_to_match_quickly_ignores_nothing(
    tmp_path: Path,
) -> None:
    """review30: "[^]" raised re.error out of the fingerprint (a traceback, exit 3), and
    ``*a*a*a*a*a*a*a*a*a*a*b`` against a name of 120 a's did not finish in a minute. Both are
    left out: their files count, so a step is at worst run again."""

    (tmp_path / ".gitignore").write_text(
        "[^]\n[z-a]\n*a*a*a*a*a*a*a*a*a*a*b\n*.log\n", encoding="utf-8"
    )
    rules = read_rules(tmp_path / ".gitignore", "")
    started = cpu_seconds()
    assert not ignored(rules, "a" * 120, False)
    assert cpu_seconds() - started < 5
    assert ignored(rules, "run.log", False)
