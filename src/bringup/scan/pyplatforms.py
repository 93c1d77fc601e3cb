"""The platforms a Python build script stops on any other of: an ``arch`` or ``os`` guard whose
branch raises or exits, or an ``if``/``elif`` chain over the machine or the system whose
``else`` does. Apart from ``pyguards``, which reads the script's other needs, since the
platform tests are a reading of their own (spellings, chains, nested branches)."""

from __future__ import annotations

import ast

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted, python_outcome
from bringup.scan.pynodes import nodes, string_constant

_PLATFORM_CALLS = {
    "platform.machine": "arch",
    "os.uname().machine": "arch",
    "platform.system": "os",
    "sys.platform": "os",
}
_SPELLINGS = {
    "amd64": "x86_64",
    "x64": "x86_64",
    "x86_64": "x86_64",
    "arm64": "aarch64",
    "aarch64": "aarch64",
    "win32": "windows",
    "cygwin": "windows",
}


def _platform_of(node: ast.expr, names: dict[str, str]) -> str | None:
    """``arch`` or ``os`` when ``node`` reads the machine or the system (directly or through
    a module-level name assigned from it)."""
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    target = node.func if isinstance(node, ast.Call) else node
    return _PLATFORM_CALLS.get(dotted(target)) if isinstance(target, ast.expr) else None


def _values(node: ast.expr) -> list[str]:
    items = node.elts if isinstance(node, (ast.List, ast.Tuple, ast.Set)) else [node]
    found = [string_constant(item) for item in items]
    return [_SPELLINGS.get(v.lower(), v.lower()) for v in found if v]


def _passing(test: ast.expr, names: dict[str, str]) -> tuple[str, list[str]] | None:
    """``(subject, values)`` when ``test`` is true exactly for the platforms not listed:
    ``x != "a"``, ``x not in (...)``, ``not x.startswith("linux")``."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        subject = _platform_of(test.left, names)
        if subject and isinstance(test.ops[0], (ast.NotEq, ast.NotIn)):
            return subject, _values(test.comparators[0])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        call = test.operand
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.args:
            subject = _platform_of(call.func.value, names)
            if subject and call.func.attr == "startswith":
                return subject, _values(call.args[0])
    return None


def _tested(test: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """``(what is read, the values it is tested for)`` of a test true for the values listed:
    ``x == "a"``, ``x in (...)``, ``x.startswith("linux")`` (DeepGEMM setup.py:77
    ``if sys.platform.startswith('linux'):`` then ``else: raise ValueError('Unsupported
    platform: ...')``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        if isinstance(test.ops[0], (ast.Eq, ast.In)):
            return test.left, test.comparators[0]
        return None
    call = test
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.args:
        return (call.func.value, call.args[0]) if call.func.attr == "startswith" else None
    return None


def _chain(node: ast.If, names: dict[str, str]) -> tuple[str, list[str]] | None:
    """An ``if x == "a": ... elif x == "b": ... else: raise`` chain: any of the tested
    values. A chain testing a prefix passes one platform or names none: causal-conv1d
    setup.py:53-61 maps Linux, macOS and Windows each to its wheel tag, which restricts nothing
    (its classifiers state the OS, setup.py:371)."""
    values: list[str] = []
    subject = None
    prefixed = False
    current: ast.stmt = node
    while isinstance(current, ast.If):
        tested = _tested(current.test)
        if tested is None:
            return None
        read, value = tested
        prefixed = prefixed or isinstance(current.test, ast.Call)
        subject = subject or _platform_of(read, names)
        if subject is None or _platform_of(read, names) != subject:
            return None
        values += _values(value)
        if len(current.orelse) != 1 or not isinstance(current.orelse[0], ast.If):
            fails = _stops(current.orelse)
            one = not prefixed or len(set(values)) == 1
            return (subject, values) if fails and one else None
        current = current.orelse[0]
    return None


def _stops(body: list[ast.stmt]) -> bool:
    """Whether a branch stops the build whenever it is taken: a ``raise``, a failing
    ``sys.exit`` or an ``assert`` of a false constant among its own statements. A failure
    under a condition of its own holds on some machines only: faiss faiss/python/setup.py:54-62
    ``if platform.system() != "AIX":`` asserts that one of the libraries the build made is
    there, which names no platform the build needs (least of all AIX)."""
    for statement in body:
        if isinstance(statement, ast.Assert):
            if isinstance(statement.test, ast.Constant) and not statement.test.value:
                return True
        elif isinstance(statement, (ast.Raise, ast.Expr)) and python_outcome([statement]) == "fail":
            return True
    return False


def platforms(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    names = {
        target.id: subject
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and (subject := _platform_of(statement.value, {})) is not None
        for target in statement.targets
        if isinstance(target, ast.Name)
    }
    found: list[Requirement] = []
    elifs = {id(n.orelse[0]) for n in nodes(tree) if isinstance(n, ast.If) and n.orelse}
    nested = _under_platform_tests(tree, names)
    for node in nodes(tree):
        if not isinstance(node, ast.If) or id(node) in elifs or id(node) in nested:
            continue
        guard = _passing(node.test, names) if _stops(node.body) else None
        guard = guard or _chain(node, names)
        if guard is not None and guard[1]:
            subject, values = guard
            text = f"{ast.unparse(node.test)}: the build stops on any other {subject}"
            spec = ",".join(dict.fromkeys(values))
            found.append(file.requirement(subject, spec, node.lineno, text=text))
    return found


def _under_platform_tests(tree: ast.Module, names: dict[str, str]) -> set[int]:
    """The ``if`` statements inside a branch taken on some platforms only (``if system ==
    "Darwin": if machine not in [...]: raise``): a guard there holds on that platform only."""
    inside: set[int] = set()
    for node in nodes(tree):
        if not isinstance(node, ast.If):
            continue
        tests = [n for n in ast.walk(node.test) if isinstance(n, ast.expr)]
        if not any(_platform_of(n, names) for n in tests):
            continue
        for branch in (*node.body, *node.orelse):
            inside.update(id(n) for n in ast.walk(branch) if isinstance(n, ast.If))
    return inside
