"""What a Python build script (``setup.py``) needs besides versions, read from its syntax
tree, never run:

- ``env_var``: ``os.environ["X"]`` read where the script neither sets ``X``
  (``os.environ["X"] = ...``, ``setdefault``) nor tests it (``"X" in os.environ``,
  ``os.environ.get("X")``, ``os.getenv("X")``): the build raises ``KeyError`` without it.
- ``system_package``: ``shutil.which("ninja")`` tested by an ``if`` whose body fails
  (``if shutil.which("ninja") is None: raise RuntimeError(...)``; one that only warns or
  skips leaves an optional part out, see ``scan.outcomes``).
- ``network``: a download while building: ``urlretrieve``/``urlopen``/``requests.get`` or a
  ``git clone``/``wget``/``curl`` argv given to ``subprocess``; ``spec`` is the URL when it is
  written in the call, else the call.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted, python_outcome

_DOWNLOADERS = frozenset({"urlretrieve", "urlopen", "wget.download"})
_HTTP_GETS = frozenset({"requests.get", "httpx.get", "requests.request"})
_SUBPROCESS = frozenset(
    {"run", "call", "check_call", "check_output", "Popen", "system", "getoutput"}
)
_ALWAYS_SET = frozenset({"PATH", "HOME", "USER", "PWD", "SHELL", "LANG", "TERM"})
"""Set in every login environment: reading one is no requirement."""
_FETCH_COMMANDS = (("git", "clone"), ("wget",), ("curl",), ("git", "submodule", "update"))


def _environ(node: ast.expr) -> bool:
    return dotted(node) in ("os.environ", "environ")


def _key(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _strings(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def _environment(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    handled: set[str] = set()
    reads: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _environ(node.value):
            key = _key(node.slice)
            if key is not None and isinstance(node.ctx, ast.Load):
                reads.setdefault(key, node.lineno)
            elif key is not None:
                handled.add(key)
        elif isinstance(node, ast.Compare) and any(_environ(c) for c in node.comparators):
            handled.update(k for k in [_key(node.left)] if k)
        elif isinstance(node, ast.Call) and node.args:
            name = dotted(node.func)
            key = _key(node.args[0])
            tests = name in ("os.getenv", "getenv") or name.endswith(("environ.get", "setdefault"))
            if key and tests:
                handled.add(key)
    return [
        file.requirement(
            "env_var", key, line, text=f'os.environ["{key}"]: the build fails when it is unset'
        )
        for key, line in sorted(reads.items(), key=lambda item: item[1])
        if key not in handled and key not in _ALWAYS_SET
    ]


def _tools(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    found: list[Requirement] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or python_outcome(node.body) != "fail":
            continue
        for call in ast.walk(node.test):
            if isinstance(call, ast.Call) and dotted(call.func) in ("shutil.which", "which"):
                tool = _key(call.args[0]) if call.args else None
                if tool is not None and not tool.startswith("python"):
                    text = f"{ast.unparse(node.test)}: the build stops without it"
                    found.append(file.requirement("system_package", tool, node.lineno, text=text))
    return found


def _fetch_argv(call: ast.Call) -> bool:
    if not call.args:
        return False
    first = call.args[0]
    if isinstance(first, (ast.List, ast.Tuple)):
        words = tuple(w for w in (_key(e) for e in first.elts[:3]) if w is not None)
    else:
        text = _key(first)
        words = tuple(text.split()[:3]) if text else ()
    return any(words[: len(command)] == command for command in _FETCH_COMMANDS)


def _downloads(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    found: list[Requirement] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = dotted(node.func)
        short = name.rsplit(".", 1)[-1]
        subprocess = (short in _SUBPROCESS and name.startswith(("subprocess.", "os."))) or (
            name in _SUBPROCESS
        )
        if short in _DOWNLOADERS or name in _HTTP_GETS or (subprocess and _fetch_argv(node)):
            urls = [s for s in _strings(node) if s.startswith(("http://", "https://", "git@"))]
            spec = urls[0] if urls else f"{name}(...)"
            text = f"{ast.unparse(node)[:160]}: downloads while building"
            found.append(file.requirement("network", spec, node.lineno, text=text))
    return found


def python_vocabulary(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The ``env_var``, ``system_package`` and ``network`` requirements of a build script."""
    return _environment(file, tree) + _tools(file, tree) + _downloads(file, tree)
