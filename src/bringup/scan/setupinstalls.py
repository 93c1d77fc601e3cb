"""A ``setup.py`` that runs ``pip install`` itself changes the environment behind the plan.

GroundingDINO's setup.py defines ``install_torch()`` (``subprocess.check_call([sys.executable,
"-m", "pip", "install", "torch"])`` when ``import torch`` fails) and calls it at module level
(IDEA-Research/GroundingDINO@856dde2 setup.py:29-37): ``pip install -e .`` then installs an
unpinned torch from the package index, whatever the plan pinned. The scan never runs the
script; it says so, as a ``note`` cited at the call. A call counts when the module runs it:
at module level, or inside a function the module calls (any branch); the packages are the
plain words after ``install`` (an option such as ``--upgrade`` is not one).
"""

from __future__ import annotations

import ast

from bringup.scan.extraction import Finding, SourceFile

_RUNNERS = frozenset({"check_call", "call", "run", "Popen", "check_output", "system"})


def _words(node: ast.expr) -> list[str]:
    """The literal words of a command: a list's string items, or a string split on spaces."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split()
    if isinstance(node, (ast.List, ast.Tuple)):
        return [
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    return []


def _installed(call: ast.Call) -> list[str]:
    """The packages ``call`` has pip install, or none when it runs something else."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in _RUNNERS or not call.args:
        return []
    words = _words(call.args[0])
    pips = [i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] in ("pip", "pip3")]
    if not pips or words[pips[0] + 1 : pips[0] + 2] != ["install"]:
        return []
    return [w for w in words[pips[0] + 2 :] if not w.startswith("-")]


def _after_import_error(handlers: list[ast.ExceptHandler], call: ast.Call) -> bool:
    return any(
        isinstance(h.type, ast.Name)
        and h.type.id in ("ImportError", "ModuleNotFoundError")
        and any(n is call for n in ast.walk(h))
        for h in handlers
    )


def setup_installs(file: SourceFile, tree: ast.Module) -> list[Finding]:
    """A note per ``pip install`` the script runs when it is run (``pip install .``)."""
    called = {
        n.func.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    handlers = [h for t in ast.walk(tree) if isinstance(t, ast.Try) for h in t.handlers]
    scopes: list[tuple[str, ast.AST]] = [("", tree)]
    scopes += [
        (n.name, n) for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in called
    ]
    found: list[Finding] = []
    for function, scope in scopes:
        for call in _calls(scope):
            packages = _installed(call)
            if not packages:
                continue
            shown = " ".join(packages)
            when = " when it cannot import it" if _after_import_error(handlers, call) else ""
            where = f" (in {function}(), which it calls)" if function else ""
            message = (
                f"setup.py runs pip install {shown} itself{where}{when}: installing the repo "
                f"(pip install .) installs {shown} from the package index, outside the plan's pins"
            )
            found.append(file.finding("note", message, call.lineno))
    return found


def _calls(scope: ast.AST) -> list[ast.Call]:
    """The calls in ``scope``'s own statements, not those of functions defined inside it."""
    found: list[ast.Call] = []
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Call):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda c: c.lineno)
