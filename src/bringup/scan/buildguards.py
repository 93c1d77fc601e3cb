"""What a ``setup.py`` cannot build without: the conditions of an ``if`` whose other branch
fails. OpenGVLab/DCNv4@4b848f7 DCNv4_op/setup.py:36-48 builds only ``if
torch.cuda.is_available() and CUDA_HOME is not None`` and ``else: raise
NotImplementedError('Cuda is not available')``: without a visible GPU and the CUDA toolkit the
build stops, so both are hard needs of the build, not a choice it makes where it finds them
(outsider18 D1)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator

from bringup import backends
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted, python_outcome


def _held(test: ast.expr, negated: bool = False) -> Iterator[ast.expr]:
    """The conditions that must all hold for ``test`` to be true (``negated``: false): the
    operands of an ``and`` (of an ``or`` under ``not``), a ``not`` read through; an ``or``
    lets any one do, so none of its operands is needed alone."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        yield from _held(test.operand, not negated)
    elif isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or if negated else ast.And):
        for value in test.values:
            yield from _held(value, negated)
    elif not negated and not isinstance(test, ast.BoolOp):
        yield test


def run_at_load(
    tree: ast.Module, skipped: Callable[[ast.AST], Iterable[ast.AST]] = lambda node: ()
) -> Iterator[ast.AST]:
    """The nodes the script runs when it is loaded: the module's statements, and the bodies of
    the functions it calls from them (``ext_modules=get_extensions()``); a function nothing
    at the top calls (a helper left behind) runs never (review37). ``skipped(node)`` names
    children of ``node`` not to go into, nor into the functions they call."""
    functions = {
        n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    pending: list[ast.AST] = [n for n in tree.body if n not in functions.values()]
    seen: set[str] = set()
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called = functions.get(node.func.id)
            if called is not None and called.name not in seen:
                seen.add(called.name)
                pending.extend(called.body)
        left = {id(child) for child in skipped(node)}
        pending.extend(c for c in ast.iter_child_nodes(node) if id(c) not in left)


def required_conditions(tree: ast.Module) -> list[ast.expr]:
    """The conditions without which the script fails: those of an ``if`` whose ``else`` fails
    (an ``elif`` is another way, not a failure), and the negated ones of an ``if not ...:``
    whose body fails."""
    found: list[ast.expr] = []
    chained: set[int] = set()
    for node in run_at_load(tree):
        if not isinstance(node, ast.If):
            continue
        elif_chain = len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)
        if elif_chain or id(node) in chained:
            chained.add(id(node.orelse[0]) if elif_chain else id(node))
            continue
        if node.orelse and python_outcome(node.orelse) == "fail":
            found.extend(_held(node.test))
        if python_outcome(node.body) == "fail":
            found.extend(_held(node.test, negated=True))
    return found


def _device_module(condition: ast.expr, modules: dict[str, str]) -> str | None:
    """The device kind ``condition`` asks is visible (``torch.cuda.is_available()`` -> gpu)."""
    if isinstance(condition, ast.Call) and not condition.args:
        name = dotted(condition.func)
        if name.endswith(".is_available"):
            return modules.get(name[: -len(".is_available")])
    return None


def required_names(tree: ast.Module) -> set[int]:
    """The ids of every name inside a required condition (``CUDA_HOME`` in ``CUDA_HOME is not
    None``): the toolkit it names is needed, not chosen where found."""
    return {
        id(inner)
        for condition in required_conditions(tree)
        for inner in ast.walk(condition)
        if isinstance(inner, ast.Name)
    }


def build_devices(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """One visible device of each kind a required condition asks for: the build itself stops
    on a host without it, so it is hard, cited at the condition."""
    modules = {m: b.device_kind for b in backends.registered() for m in b.vocabulary.code_modules}
    found: dict[str, Requirement] = {}
    for condition in required_conditions(tree):
        subject = backends.count_subject(_device_module(condition, modules))
        if subject is not None and subject not in found:
            found[subject] = file.requirement(
                subject,
                ">=1",
                condition.lineno,
                text=f"setup.py stops unless {ast.unparse(condition)}: the build needs the device",
            )
    return list(found.values())
