"""The lines of a Python build script that run on another OS only: the branch of an ``if``
that tests for Windows or macOS (``if os.name == "nt":``, ``sys.platform == "win32"``,
``platform.system() == "Darwin"``, ``IS_WINDOWS``), or the ``else`` of a test for Linux or
POSIX. What a build reads or stops without there is no need on the Linux machines bringup
plans for: AutoGPTQ@9f7d370 setup.py:214-218 reads ``CUDA_PATH`` under ``if os.name ==
"nt":`` ("On Windows, fix an error LNK2001 ...") and raises when it is unset, while the
``else`` the Linux build takes never reads it (outsider12 #8)."""

from __future__ import annotations

import ast
from typing import Optional

from bringup.scan.outcomes import dotted
from bringup.scan.pynodes import nodes

_READS = frozenset({"os.name", "sys.platform", "platform.system"})
_OTHER = ("nt", "win", "cygwin", "msys", "darwin")
"""Values (and prefixes) that name another OS than Linux, lower-cased."""
_LINUX = ("linux", "posix")


def _side(value: str) -> Optional[bool]:
    """True for another OS's name, False for Linux's (or POSIX's), None for neither."""
    lowered = value.lower()
    if lowered.startswith(_LINUX):
        return False
    return True if lowered.startswith(_OTHER) else None


def _values(node: ast.expr) -> list[str]:
    items = node.elts if isinstance(node, (ast.List, ast.Tuple, ast.Set)) else [node]
    return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


def _platform(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return dotted(target) in _READS


def _starts_with(test: ast.Call) -> bool:
    """``sys.platform.startswith(...)``."""
    if not isinstance(test.func, ast.Attribute) or not test.args:
        return False
    return test.func.attr == "startswith" and _platform(test.func.value)


def _other_os(test: ast.expr, names: dict[str, bool]) -> Optional[bool]:
    """True when ``test`` holds on another OS only, False when on Linux (or POSIX) only,
    None when it says neither: ``os.name == "nt"``, ``sys.platform.startswith("win")``,
    ``sys.platform in ("win32", "cygwin")``, ``not IS_WINDOWS``, ``os.name != "posix"``."""
    if isinstance(test, ast.Name):
        return names.get(test.id)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _other_os(test.operand, names)
        return None if inner is None else not inner
    values: list[str] = []
    negated = False
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _platform(test.left):
        if not isinstance(test.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
            return None
        values = _values(test.comparators[0])
        negated = isinstance(test.ops[0], (ast.NotEq, ast.NotIn))
    elif isinstance(test, ast.Call) and _starts_with(test):
        values = _values(test.args[0])
    sides = {_side(value) for value in values}
    if len(sides) != 1 or None in sides:
        return None
    (side,) = sides
    return side != negated


def _named(tree: ast.Module) -> dict[str, bool]:
    """Module-level names bound to such a test (``IS_WINDOWS = sys.platform == "win32"``)."""
    found: dict[str, bool] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            side = _other_os(node.value, found)
            if isinstance(target, ast.Name) and side is not None:
                found[target.id] = side
    return found


def other_os_lines(tree: ast.Module) -> frozenset[int]:
    """The lines of ``tree`` inside a branch taken on another OS than Linux only."""
    names = _named(tree)
    lines: set[int] = set()
    for node in nodes(tree):
        if not isinstance(node, ast.If):
            continue
        side = _other_os(node.test, names)
        branch = node.body if side else node.orelse if side is False else []
        for statement in branch:
            lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    return frozenset(lines)
