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
  ``try`` catches it, nor an ``if`` that asks first whether the tree has git metadata (``if
  os.path.isdir(".git"):``, ``shutil.which("git")``): such a run is skipped on a copy (review38).

setuptools_scm >= 7 reads a ``git archive``'s ``.git_archival.txt`` itself when the archive filled
it in (``node: 7a3b...`` rather than ``$Format:%H$``): a version from it needs no clone, unless the
build pins setuptools_scm below 7.

The need is said as a note (``GIT_VERSION``) the plan reads for the steps that build the
checkout: a git clone builds, this copy does not. A tree inside a git work tree (``.git`` in
it or a folder above) has the metadata: nothing is said."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Optional

from packaging.requirements import InvalidRequirement, Requirement

from bringup.errors import InputError
from bringup.model import Source
from bringup.scan.buildguards import run_at_load
from bringup.scan.extraction import Finding
from bringup.scan.locate import line_of_table
from bringup.scan.pyruns import called_name, command_words, imported_names, runs_program
from bringup.tomlfile import parse_toml

GIT_VERSION = "git_version"
"""The subject of the note that the checkout's build asks git for its version."""
_NO_CHECKOUT = frozenset({"clone", "init", "--version", "version", "help", "--help"})
"""What ``git`` does without a work tree: anything else stops outside one ("not a git
repository")."""
_RAISING = frozenset({"check_output", "check_call"})
_SCM = frozenset({"setuptools-scm", "setuptools_scm"})
_ARCHIVAL_SCM = ("7.0", "7.1", "8.0", "8.3", "9.0")
"""setuptools_scm releases that read ``.git_archival.txt`` themselves: one a pin allows does."""


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
    pyproject = read("pyproject.toml")
    found = _from_pyproject(pyproject) or _from_setup(read("setup.py"))
    if found is None:
        return []
    rel, line, words = found
    if words.split()[0] != "git" and _archived(read(".git_archival.txt"), pyproject):
        return []
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


def _archived(archival: Optional[str], pyproject: Optional[str]) -> bool:
    """Whether setuptools_scm reads the version from a filled-in ``.git_archival.txt``: its
    ``node`` or ``describe-name`` holds a value, not the ``$Format:...$`` placeholder an export
    left unexpanded, and the build's setuptools_scm is one that reads the file (>= 7)."""
    if archival is None:
        return False
    filled = False
    for line in archival.splitlines():
        key, _, value = line.partition(":")
        value = value.strip()
        if key.strip() in ("node", "describe-name") and value:
            filled = filled or ("$format" not in value.lower() and "%(describe" not in value)
    return filled and _scm_reads_archives(pyproject)


def _scm_reads_archives(pyproject: Optional[str]) -> bool:
    """Whether the build's setuptools_scm may be one >= 7: no ``[build-system] requires`` pin
    keeps it below."""
    try:
        document = parse_toml(pyproject, "pyproject.toml") if pyproject else {}
    except InputError:
        return True
    system = document.get("build-system")
    requires = system.get("requires") if isinstance(system, dict) else None
    for text in requires if isinstance(requires, list) else []:
        try:
            requirement = Requirement(str(text))
        except InvalidRequirement:
            continue
        if requirement.name.lower() in _SCM and not list(
            requirement.specifier.filter(_ARCHIVAL_SCM, prereleases=True)
        ):
            return False
    return True


def _has_fallback(table: dict[str, Any]) -> bool:
    """Whether a version table gives a version to use without git (``fallback_version``,
    hatch-vcs's ``fallback-version`` or its ``raw-options``)."""
    raw = table.get("raw-options")
    inner = raw if isinstance(raw, dict) else {}
    keys = {*table, *inner}
    return bool(keys & {"fallback_version", "fallback-version"})


def _from_setup(text: Optional[str]) -> Optional[tuple[str, int, str]]:
    """The first call ``setup.py`` makes when loaded that asks git for a version with no
    ``try`` around it nor an ``if`` asking for git metadata first: setuptools_scm's
    ``get_version``, ``use_scm_version``, a ``git`` run whose failure raises."""
    if text is None:
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):  # too deep to parse: unread
        return None
    names = imported_names(tree)
    caught = {id(n) for t in ast.walk(tree) if isinstance(t, ast.Try) for n in _tried(t)}
    for node in run_at_load(tree, _behind_git_check):
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


def _behind_git_check(node: ast.AST) -> Iterator[ast.AST]:
    """The children of ``node`` that run only on one answer to whether the tree has git
    metadata: both ways of an ``if`` (or ``x if ... else y``) whose test asks it, what follows
    such a test in an ``and``."""
    if isinstance(node, ast.If) and _asks_for_git(node.test):
        yield from node.body + node.orelse
    elif isinstance(node, ast.IfExp) and _asks_for_git(node.test):
        yield from (node.body, node.orelse)
    elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for at, value in enumerate(node.values):
            if _asks_for_git(value):
                yield from node.values[at + 1 :]
                return


def _asks_for_git(test: ast.expr) -> bool:
    """Whether ``test`` asks for a ``.git`` (``os.path.isdir(".git")``, ``(here /
    ".git").exists()``) or for the ``git`` program (``shutil.which("git")``)."""
    for node in ast.walk(test):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            path = node.value.rstrip("/")
            if path == ".git" or path.endswith("/.git"):
                return True
        if isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Attribute):
            first = node.args[0]
            named = isinstance(first, ast.Constant) and first.value == "git"
            if node.func.attr == "which" and named:
                return True
    return False


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
