"""A build that asks git for the checkout's commit or tag, read where the tree has no ``.git``
(a ``git archive`` extract, a release tarball, a copy): the build stops there, though every
package it needs is installed (outsider19 D3):

- setuptools_scm's version (``setuptools_scm.get_version()`` in wookayin/gpustat@7a3b9644
  setup.py:25, ``use_scm_version=True``, a ``[tool.setuptools_scm]`` table, hatch-vcs's
  ``[tool.hatch.version] source = "vcs"``) raises "setuptools-scm was unable to detect
  version" without git metadata, unless a ``fallback_version`` is set or the tree is an sdist
  (its ``PKG-INFO`` holds the version);
- a ``git`` command ``setup.py`` runs where a failure raises (``subprocess.check_output(["git",
  "rev-parse", "--short", "HEAD"])``, KinglittleQ/torch-batch-svd@c0a96119 setup.py:9) and no
  ``try`` catches it.

The need is said as a note (``GIT_VERSION``) the plan reads for the steps that build the
checkout: a git clone builds, this copy does not. A tree inside a git work tree (``.git`` in
it or a folder above) has the metadata: nothing is said."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Optional

from bringup.errors import InputError
from bringup.model import Source
from bringup.scan.buildguards import run_at_load
from bringup.scan.extraction import Finding
from bringup.scan.locate import line_of_table
from bringup.scan.runtools import called_name, command_words, imported_names, runs_program
from bringup.tomlfile import parse_toml

GIT_VERSION = "git_version"
"""The subject of the note that the checkout's build asks git for its version."""
_NO_CHECKOUT = frozenset({"clone", "init", "--version", "version", "help", "--help"})
"""What ``git`` does without a work tree: anything else stops outside one ("not a git
repository")."""
_RAISING = frozenset({"check_output", "check_call"})


def in_git_tree(root: Path) -> bool:
    """Whether ``root`` is in a git work tree: ``.git`` (a folder, or a worktree's or a
    submodule's file) in it or in a folder above it."""
    folder = root.resolve()
    return any((place / ".git").exists() for place in (folder, *folder.parents))


def git_version(
    root: Path,
    read: Callable[[str], Optional[str]],
    cite: Callable[[str, int], Source],
    component: str,
) -> list[Finding]:
    """The note that the build at the checkout's top asks git for its version, where the tree
    has no git metadata; none otherwise."""
    if read("PKG-INFO") is not None or in_git_tree(root):
        return []
    found = _from_pyproject(read("pyproject.toml")) or _from_setup(read("setup.py"))
    if found is None:
        return []
    rel, line, words = found
    message = (
        f"the build asks git for its version ({words}), and this tree has no .git: a git"
        " clone of the repo builds, this copy stops there"
    )
    return [
        Finding(
            kind="note",
            message=message,
            sources=(cite(rel, line),),
            component=component,
            subject=GIT_VERSION,
        )
    ]


def _from_pyproject(text: Optional[str]) -> Optional[tuple[str, int, str]]:
    """setuptools_scm's or hatch-vcs's version in ``pyproject.toml`` with no fallback."""
    if text is None:
        return None
    try:
        document = parse_toml(text, "pyproject.toml")
    except InputError:
        return None
    tool = document.get("tool")
    tool = tool if isinstance(tool, dict) else {}
    for name in ("setuptools_scm", "setuptools-scm"):
        table = tool.get(name)
        if isinstance(table, dict) and not _has_fallback(table):
            line = line_of_table(text, f"tool.{name}") or 1
            return "pyproject.toml", line, f"[tool.{name}]"
    hatch = tool.get("hatch")
    version = hatch.get("version") if isinstance(hatch, dict) else None
    if isinstance(version, dict) and version.get("source") == "vcs" and not _has_fallback(version):
        return "pyproject.toml", line_of_table(text, "tool.hatch.version") or 1, 'source = "vcs"'
    return None


def _has_fallback(table: dict[str, Any]) -> bool:
    """Whether a version table gives a version to use without git (``fallback_version``,
    hatch-vcs's ``fallback-version`` or its ``raw-options``)."""
    raw = table.get("raw-options")
    inner = raw if isinstance(raw, dict) else {}
    keys = {*table, *inner}
    return bool(keys & {"fallback_version", "fallback-version"})


def _from_setup(text: Optional[str]) -> Optional[tuple[str, int, str]]:
    """The first call ``setup.py`` makes when loaded that asks git for a version with no
    ``try`` around it: setuptools_scm's ``get_version``, ``use_scm_version``, a ``git`` run
    whose failure raises."""
    if text is None:
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):  # too deep to parse: unread
        return None
    names = imported_names(tree)
    caught = {id(n) for t in ast.walk(tree) if isinstance(t, ast.Try) for n in _tried(t)}
    for node in run_at_load(tree):
        if isinstance(node, ast.Call) and id(node) not in caught:
            words = _asks_git(node, names)
            if words:
                return "setup.py", node.lineno, words
    return None


def _tried(node: ast.Try) -> Iterator[ast.AST]:
    """The nodes of a ``try`` body whose failure a handler catches."""
    if node.handlers:
        for statement in node.body:
            yield from ast.walk(statement)


def _asks_git(call: ast.Call, names: dict[str, str]) -> str:
    """How ``call`` asks git for a version, in words; empty when it does not."""
    if called_name(call, names) == "setuptools_scm.get_version":
        return "setuptools_scm.get_version()"
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg == "use_scm_version" and not _off(value) and not _falls_back(value):
            return "use_scm_version"
    if not call.args or not runs_program(call, names):
        return ""
    words = command_words(call.args[0])
    if words[:1] != ["git"] or (len(words) > 1 and words[1] in _NO_CHECKOUT):
        return ""
    callee = called_name(call, names).rsplit(".", 1)[-1]
    checked = any(k.arg == "check" and _on(k.value) for k in call.keywords)
    return " ".join(words) if callee in _RAISING or checked else ""


def _off(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and not value.value


def _on(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and bool(value.value)


def _falls_back(value: ast.expr) -> bool:
    """``use_scm_version={"fallback_version": ...}``: a version without git."""
    return isinstance(value, ast.Dict) and any(
        isinstance(k, ast.Constant) and k.value == "fallback_version" for k in value.keys
    )
