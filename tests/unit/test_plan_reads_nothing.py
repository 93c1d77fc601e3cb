"""plan/ takes data (DESIGN.md, "Pure core, thin edges"): the checkout's top
(``checkouttop``) and the build files of the folders its steps install (``buildfolders``)
are read at the edge and passed in. No module of the package calls what reads the disk."""

from __future__ import annotations

import ast
from pathlib import Path

import bringup.plan

READERS = frozenset(
    {"open", "read_text", "read_bytes", "scandir", "iterdir", "listdir", "walk", "glob",
     "rglob", "exists", "is_file", "is_dir", "stat", "lstat", "isfile", "isdir", "getsize"}
)  # fmt: skip


def _calls(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            on_ast = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "ast"
            if name in READERS and not on_ast:  # ast.walk walks a tree, not the disk
                found.append((name, node.lineno))
    return found


def test_no_plan_module_reads_the_disk() -> None:
    folder = Path(bringup.plan.__file__).parent
    modules = sorted(folder.glob("*.py"))
    assert len(modules) > 10
    reads = {m.name: _calls(ast.parse(m.read_text("utf-8"))) for m in modules}
    assert {name: calls for name, calls in reads.items() if calls} == {}


def test_the_check_sees_a_read() -> None:
    text = "def f(p, t):\n    os.walk(p)\n    ast.walk(t)\n    return p.read_text()\n"
    assert _calls(ast.parse(text)) == [("walk", 2), ("read_text", 4)]
