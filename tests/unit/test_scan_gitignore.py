"""The gitignore matcher, and the same patterns checked against git itself."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bringup.scan.gitignore import IgnoreStack, parse_gitignore

RULES = """\
# build products
*.o
/build/
logs/
!logs/keep.log
doc/**/*.pdf
**/generated
foo/**
\\#hash
[abc]x.txt
file?.c
"""
RULES += "trailing\\ \n"  # an escaped trailing space is part of the name

CASES = [
    ("a.o", False, True),
    ("src/deep/a.o", False, True),
    ("build", True, True),
    ("src/build", True, False),
    ("logs", True, True),
    ("logs", False, False),
    ("src/logs", True, True),
    ("doc/a.pdf", False, True),
    ("doc/x/y/a.pdf", False, True),
    ("src/doc/a.pdf", False, False),
    ("generated", True, True),
    ("a/b/generated", False, True),
    ("foo/bar", False, True),
    ("foo/bar/baz", False, True),
    ("#hash", False, True),
    ("bx.txt", False, True),
    ("dx.txt", False, False),
    ("file1.c", False, True),
    ("file10.c", False, False),
    ("trailing ", False, True),
    ("README.md", False, False),
]


@pytest.mark.parametrize(("path", "is_dir", "ignored"), CASES)
def test_patterns(path: str, is_dir: bool, ignored: bool) -> None:
    stack = IgnoreStack().push("", parse_gitignore(RULES))
    assert stack.ignored(path, is_dir) is ignored


def test_negation_re_includes_and_last_match_wins() -> None:
    stack = IgnoreStack().push("", parse_gitignore("*.log\n!keep.log\n"))
    assert stack.ignored("x.log", False)
    assert not stack.ignored("keep.log", False)
    stack = IgnoreStack().push("", parse_gitignore("!keep.log\n*.log\n"))
    assert stack.ignored("keep.log", False)


def test_deeper_files_take_precedence() -> None:
    stack = (
        IgnoreStack().push("", parse_gitignore("*.txt\n")).push("docs", parse_gitignore("!*.txt\n"))
    )
    assert stack.ignored("a.txt", False)
    assert not stack.ignored("docs/a.txt", False)
    assert stack.ignored("other/a.txt", False)


def test_anchored_patterns_are_relative_to_their_file() -> None:
    stack = IgnoreStack().push("sub", parse_gitignore("/only-here\n"))
    assert stack.ignored("sub/only-here", False)
    assert not stack.ignored("sub/x/only-here", False)
    assert not stack.ignored("only-here", False)


@pytest.mark.integration
def test_the_matcher_agrees_with_git(tmp_path: Path) -> None:
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    # Run git on tmp_path alone: a GIT_DIR inherited from a hook or `git rebase --exec` would
    # make `git init` re-initialise the caller's repository (and mark a linked worktree's
    # common repository bare).
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    subprocess.run([git, "init", "-q", str(tmp_path)], check=True, env=env)
    (tmp_path / ".gitignore").write_text(RULES)
    stack = IgnoreStack().push("", parse_gitignore(RULES))
    for path, is_dir, _ in CASES:
        query = path + ("/" if is_dir else "")
        done = subprocess.run(
            [git, "-C", str(tmp_path), "check-ignore", "-q", "--no-index", query],
            check=False,
            env=env,
        )
        assert (done.returncode == 0) is stack.ignored(path, is_dir), path
