"""A repo tree deeper than Python's recursion limit (1,100 nested directories) is walked, not
an exit 3: the walk keeps its own stack of directories, in the same order as before (each
directory's files, then its subdirectories' in name order)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bringup.scan.stack import Stack, scan_stack
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


# Outsider o2 D1 and D12: entries the scan cannot follow, at a repo's top or a stack's, were
# exit 3 (ELOOP from ``DirEntry.is_dir()``, EACCES from ``Path.exists()`` of a file in a
# directory it may not list). Each is now a finding and the rest of the repo is read. The
# repos are constructed: a requirements.txt of one pin beside the hostile entries.


def _repo(tmp_path: Path, name: str = "repo") -> Path:
    root = tmp_path / name
    root.mkdir()
    (root / "requirements.txt").write_text("torch==2.1.0\n", encoding="utf-8")
    return root


def _unreadable(stack: Stack) -> list[tuple[str, str]]:
    return [(str(f.sources[0].ref), f.message) for f in stack.findings if f.kind == "unreadable"]


@pytest.mark.parametrize(
    # ("here", "."): a link to the folder that holds it, as /work/o20/odd/loop/self -> ../loop
    # was read silently (outsider20 D21)
    "links",
    [[("a", "b"), ("b", "a")], [("self", "self")], [("here", ".")]],
)
def test_a_link_loop_at_the_top_of_a_repo_is_a_finding(
    tmp_path: Path, links: list[tuple[str, str]]
) -> None:
    root = _repo(tmp_path)
    for name, target in links:
        os.symlink(target, root / name)
    os.symlink(".gitignore", root / ".gitignore")  # read by the walk when it is a file
    stack = scan_stack([str(root)])
    assert [r.spec for r in stack.components[0].requirements if r.subject == "torch"] == ["==2.1.0"]
    loop = "a symbolic link loop; not followed"
    looped = [".gitignore", *(name for name, _ in links)]
    assert _unreadable(stack) == [(f"{root}/{name}", loop) for name in looped]


@contextlib.contextmanager
def _denied(path: Path) -> Iterator[None]:
    path.chmod(0)
    try:
        yield
    finally:
        path.chmod(0o755)


def _scan_without_privilege(paths: list[Path]) -> dict[str, Any]:
    """``bringup scan --json`` where a mode-000 directory really is unreadable: as root (which
    reads it anyway), under ``setpriv`` without the capabilities that let root read it."""
    argv = [sys.executable, "-m", "bringup", "scan", "--json", *map(str, paths)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root reads a mode-000 directory, and setpriv is missing")
        drop = "-dac_override,-dac_read_search"
        argv = ["setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}", "--", *argv]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(os.path.abspath, sys.path[1:]))}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)["data"]
    return data


def test_a_directory_it_may_not_list_is_a_finding_in_a_repo_and_in_a_stack(
    tmp_path: Path,
) -> None:
    repo = _repo(tmp_path)
    (repo / "secret").mkdir()
    stack = tmp_path / "stack"
    stack.mkdir()
    _repo(stack, "one")
    _repo(stack, "two")
    (stack / "locked").mkdir()
    with contextlib.ExitStack() as denied:
        for path in (repo / "secret", stack / "locked"):
            denied.enter_context(_denied(path))
        data = _scan_without_privilege([repo, stack])
    names = [c["name"] for c in data["components"]]
    assert names == ["repo", "one", "two"]
    unreadable = [(f["sources"][0]["ref"], f["message"]) for f in data["findings"]]
    assert (f"{repo}/secret", "cannot list: Permission denied") in unreadable
    locked = (f"{stack}/locked", "cannot list: Permission denied; not known whether it is a repo")
    assert locked in unreadable
