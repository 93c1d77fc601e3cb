"""Environment variables a Python build script stops without: it reads the variable with no
default of its own (``os.getenv("X")``, ``os.getenv("X", None)``, ``os.getenv("X", "")``,
``os.environ.get("X")``), then a branch that tests it unset (``is None``, ``not x``,
``== ""``) raises or exits (``ascend_root = os.getenv('ASCEND_TOOLKIT_HOME', None)`` then
``if ascend_root is None: raise EnvironmentError("Environment variable 'ASCEND_TOOLKIT_HOME'
is not set. ...")``, omni-ai-npu/omni-infer omni/accelerators/placement/setup.py:24-26).

That branch is the variable's presence check, so it is no feature switch (``pyguards``'
``_switched`` reads an ``if`` on a variable as one); a read with a real default
(``os.getenv("X", "/usr/local/...")``) has a fallback and is no need (the truth conventions,
C2), nor is one whose name is given another value before the test (``user_home =
os.getenv("TRITON_HOME")`` then ``if not user_home: user_home = os.getenv("HOME") or ...``,
Triton-distributed python/setup.py:353-356). Only a ``raise`` or failing exit standing
directly in the branch counts: an ``assert`` of something else under ``if not flag:`` is what
the flag switches on.
"""

from __future__ import annotations

import ast
from collections import Counter
from typing import Optional

import msgspec

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted
from bringup.scan.pynodes import nodes

_EXITS = frozenset({"sys.exit", "exit", "quit", "os._exit"})


def _no_default_read(node: ast.AST) -> Optional[str]:
    """``X`` of ``os.getenv("X")``/``os.environ.get("X")`` whose default, if any, is ``None``
    or the empty string."""
    if not isinstance(node, ast.Call) or not node.args or len(node.args) > 2 or node.keywords:
        return None
    name = dotted(node.func)
    if name not in ("os.getenv", "getenv") and not name.endswith("environ.get"):
        return None
    key = node.args[0]
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    if len(node.args) == 2:
        default = node.args[1]
        if not isinstance(default, ast.Constant) or default.value not in (None, ""):
            return None
    return key.value


def _unset(test: ast.expr, bound: dict[str, str]) -> Optional[str]:
    """The variable a test finds unset: ``x is None``, ``not x``, ``x == ""`` of a name bound
    to a read (``bound``) or of the read itself."""

    def read(node: ast.expr) -> Optional[str]:
        return bound.get(node.id) if isinstance(node, ast.Name) else _no_default_read(node)

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return read(test.operand)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        other = test.comparators[0]
        empty = isinstance(other, ast.Constant) and other.value in (None, "")
        if empty and isinstance(test.ops[0], (ast.Is, ast.Eq)):
            return read(test.left)
    return None


def _stops(body: list[ast.stmt]) -> Optional[ast.stmt]:
    """The ``raise`` or failing exit standing directly in ``body``."""
    for statement in body:
        if isinstance(statement, ast.Raise):
            return statement
        call = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(call, ast.Call) and dotted(call.func) in _EXITS:
            code = call.args[0] if call.args else None
            if code is not None and not (isinstance(code, ast.Constant) and code.value == 0):
                return statement
    return None


def unset_stops(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """An ``env_var`` for each variable the script reads without a default and stops
    without, cited where it is read, at the test and at the stop."""
    bound: dict[str, str] = {}
    read_at: dict[str, int] = {}
    stored = Counter(
        n.id for n in nodes(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    )
    for node in nodes(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, key = node.targets[0], _no_default_read(node.value)
            if isinstance(target, ast.Name) and key and stored[target.id] == 1:
                bound[target.id] = key
                read_at.setdefault(key, node.lineno)
    found: list[Requirement] = []
    for node in nodes(tree):
        if not isinstance(node, ast.If):
            continue
        key = _unset(node.test, bound)
        stop = _stops(node.body) if key else None
        if key is None or stop is None:
            continue
        text = f"{ast.unparse(node.test)}: the build stops when {key} is unset"
        lines = dict.fromkeys((read_at.get(key, node.lineno), node.lineno, stop.lineno))
        first, *others = lines
        need = file.requirement("env_var", key, first, text=text)
        also = tuple(file.source(line) for line in others)
        found.append(msgspec.structs.replace(need, also_at=also) if also else need)
    return found
