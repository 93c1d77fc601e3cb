"""``git`` that a ``setup.py`` runs on the checkout itself, when the file says it needs it.

Asking the checkout for its commit (``git rev-parse HEAD`` for a version suffix or a build-info
file) needs no download, and most such files fall back quietly when git is missing
(DrivingSDK setup.py:185-190 ``except Exception: return "Unknown"``; mindnlp setup.py:114-124
tests the return code): no need (``runtools``). The file states one when:

- the run raises when git is missing, outside any ``try``: ``subprocess.check_output(["git",
  "rev-parse", "--short", "HEAD"])`` (xformers setup.py:68-70) stops the install;
- the file looks git up (``shutil.which("git")``, msprof-analyze setup.py:45) or tells the user
  to have it ("Please make sure git is available.", hyper-parallel setup.py:91-95, after
  ``os.system("git rev-parse ...")``): the build asks for git and goes on without it, a soft
  need.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.pynodes import nodes
from bringup.scan.runtools import called_name, imported_names, runs_program

_RAISING = frozenset({"check_call", "check_output"})
_ASKS = lazyre.compile(
    r"\bgit\b.{0,40}\b(?:available|installed|not found|missing|required)\b", re.IGNORECASE
)
"""A message that tells the user to have git ("Please make sure git is available.")."""


def _scopes(tree: ast.Module) -> Iterator[ast.AST]:
    """The module and each function: where a run and the words about it are read together."""
    yield tree
    for node in nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _own(scope: ast.AST) -> Iterator[tuple[ast.AST, bool]]:
    """The nodes of ``scope`` outside the functions nested in it, each with whether a ``try``
    body holds it."""
    waiting: list[tuple[ast.AST, bool]] = [(child, False) for child in ast.iter_child_nodes(scope)]
    while waiting:
        node, tried = waiting.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        yield node, tried
        if isinstance(node, ast.Try):
            waiting.extend((child, True) for child in node.body)
            others = [*node.handlers, *node.orelse, *node.finalbody]
            waiting.extend((child, tried) for child in others)
        else:
            waiting.extend((child, tried) for child in ast.iter_child_nodes(node))


def _runs_git(call: ast.Call, names: dict[str, str]) -> bool:
    """Whether ``call`` runs git through ``subprocess``/``os`` (an argv's first word, a
    command line's)."""
    if not runs_program(call, names):
        return False
    first = call.args[0] if call.args else None
    if isinstance(first, (ast.List, ast.Tuple)) and first.elts:
        first = first.elts[0]
    return (
        isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and first.value.split()[:1] == ["git"]
    )


def _looks_up_git(call: ast.Call, names: dict[str, str]) -> bool:
    return called_name(call, names) in ("shutil.which", "which") and any(
        isinstance(a, ast.Constant) and a.value == "git" for a in call.args
    )


def with_stated_git(
    file: SourceFile, tree: ast.Module, tools: list[Requirement]
) -> list[Requirement]:
    """``tools`` (what ``setup.py`` runs, ``runtools``) with the git it states it needs, where
    they do not hold git already (a ``git submodule update`` of the same file)."""
    if any(r.spec == "git" for r in tools):
        return tools
    return tools + _stated_git(file, tree)


def _stated_git(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The ``system_package`` git of a ``setup.py`` that runs it on the checkout and says it
    needs it (see the module's doc); one, at the first place. A run that raises, in any scope,
    states the hard need; a scope that looks git up and runs it, elsewhere, only the soft one."""
    names = imported_names(tree)
    raising: list[int] = []
    asked: list[int] = []
    for scope in _scopes(tree):
        own = list(_own(scope))
        runs = [(node, tried) for node, tried in own if isinstance(node, ast.Call)]
        raising.extend(
            node.lineno
            for node, tried in runs
            if not tried
            and _runs_git(node, names)
            and called_name(node, names).rsplit(".", 1)[-1] in _RAISING
        )
        if any(_runs_git(n, names) or _looks_up_git(n, names) for n, _ in runs):
            asked.extend(
                node.lineno
                for node, _ in own
                if (isinstance(node, ast.Call) and _looks_up_git(node, names))
                or (
                    (isinstance(node, ast.Constant) and isinstance(node.value, str))
                    and _ASKS.search(node.value)
                )
            )
    if raising:
        text = f"{file.rel} runs git outside any try: the install stops without it"
        return [file.requirement("system_package", "git", min(raising), text=text)]
    if asked:
        text = f"{file.rel} looks for git and asks for it, going on without"
        return [file.requirement("system_package", "git", min(asked), text=text, hard=False)]
    return []
