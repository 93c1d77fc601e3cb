"""A repo tree deeper than Python's recursion limit (1,100 nested directories) is walked, not
an exit 3: the walk keeps its own stack of directories, in the same order as before (each
directory's files, then its subdirectories' in name order)."""

from __future__ import annotations

import sys
from pathlib import Path

from bringup.scan.walk import walk_repo


def test_a_tree_deeper_than_the_recursion_limit_is_walked(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "requirements.txt").write_text("torch\n", encoding="utf-8")
    depth = sys.getrecursionlimit() + 100
    deepest = root
    for _ in range(depth):  # one at a time: mkdir(parents=True) recurses as deep
        deepest /= "d"
        deepest.mkdir()
    (deepest / "requirements.txt").write_text("numpy\n", encoding="utf-8")
    (root / "z.txt").write_text("", encoding="utf-8")
    try:
        files, _ = walk_repo(root)
    finally:
        # bottom up, one at a time: pytest's own removal (shutil.rmtree) recurses as deep
        (deepest / "requirements.txt").unlink()
        while deepest != root:
            deepest.rmdir()
            deepest = deepest.parent
    deep = "/".join(["d"] * depth + ["requirements.txt"])
    assert [f.rel for f in files] == ["requirements.txt", deep]
