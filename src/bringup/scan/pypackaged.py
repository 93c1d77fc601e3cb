"""The folders the repo's top ``setup.py`` or ``pyproject.toml`` packages or compiles
(``mainroute``): ``pip install .`` builds them, so they are the repo's, not projects apart.

Read, never run (``ast`` for setup.py, TOML for pyproject): ``package_dir`` and
``find_packages(where=...)`` roots, a literal ``packages`` list, the ``sources`` of an
extension (``CUDAExtension(..., sources=["csrc/x.cu"])``: ``csrc``) and the source directory
of a CMake extension (``CMakeExtension("name", sourcedir="...")``); in pyproject, setuptools'
``package-dir``/``packages.find.where``/``packages``, scikit-build-core's ``cmake.source-dir``
and ``wheel.packages``, hatch's wheel ``packages`` and maturin's ``python-source``. A value
the reader cannot spell out (a variable, a glob) names nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from posixpath import dirname, normpath
from typing import Any

from bringup.errors import InputError
from bringup.tomlfile import parse_toml

_FIND = frozenset({"find_packages", "find_namespace_packages"})
_SOURCE_DIR_KEYWORDS = frozenset({"sourcedir", "source_dir", "cmake_lists_dir"})


def packaged_folders(
    build_texts: Mapping[str, str], rels: Collection[str]
) -> dict[str, tuple[str, int]]:
    """``folder -> (file, line)`` for each folder of the repo (one holding files of ``rels``)
    the top ``setup.py`` or ``pyproject.toml`` in ``build_texts`` packages or compiles."""
    present: set[str] = set()
    for rel in rels:
        folder = dirname(rel)
        while folder and folder not in present:
            present.add(folder)
            folder = dirname(folder)
    found: dict[str, tuple[str, int]] = {}
    for rel, reader in (("setup.py", _setup_py), ("pyproject.toml", _pyproject)):
        text = build_texts.get(rel)
        for written, line in reader(text) if text is not None else ():
            folder = normpath(written.strip() or ".")
            if folder in present:
                found.setdefault(folder, (rel, line))
    return found


def _setup_py(text: str) -> Iterator[tuple[str, int]]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        # nested too deep to parse: setup_py reports it; it names no folder here
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in _FIND:
            where = _keyword(node, "where") or (node.args[0] if node.args else None)
            yield from _strings(where, node.lineno)
            continue
        for keyword in node.keywords:
            if keyword.arg == "package_dir" and isinstance(keyword.value, ast.Dict):
                for value in keyword.value.values:
                    yield from _strings(value, node.lineno)
            elif keyword.arg == "packages":
                for package, line in _strings(keyword.value, node.lineno):
                    yield package.replace(".", "/"), line
            elif name.endswith("Extension") and keyword.arg == "sources":
                for source, line in _strings(keyword.value, node.lineno):
                    yield dirname(source), line
            elif name.endswith("Extension") and keyword.arg in _SOURCE_DIR_KEYWORDS:
                yield from _strings(keyword.value, node.lineno)
        if name == "CMakeExtension" and len(node.args) > 1:
            yield from _strings(node.args[1], node.lineno)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _strings(node: ast.expr | None, line: int) -> Iterator[tuple[str, int]]:
    """The string literals ``node`` is or lists, each with its line (else the call's)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value, getattr(node, "lineno", line)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for element in node.elts:
            yield from _strings(element, line)


def _pyproject(text: str) -> Iterator[tuple[str, int]]:
    try:
        document = parse_toml(text, "pyproject.toml")
    except InputError:
        return
    tool = _table(document, "tool")
    setuptools = _table(tool, "setuptools")
    build = _table(tool, "scikit-build")
    written: list[Any] = [
        *_values(setuptools.get("package-dir")),
        *_listed(_table(_table(setuptools, "packages"), "find").get("where")),
        *(p.replace(".", "/") for p in _listed(setuptools.get("packages")) if isinstance(p, str)),
        _table(build, "cmake").get("source-dir"),
        *_listed(_table(build, "wheel").get("packages")),
        *_listed(
            _table(_table(_table(_table(tool, "hatch"), "build"), "targets"), "wheel").get(
                "packages"
            )
        ),
        _table(tool, "maturin").get("python-source"),
    ]
    lines = text.splitlines()
    for value in written:
        if isinstance(value, str) and value:
            yield value, _line_naming(lines, value)


def _table(table: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = table.get(key)
    return value if isinstance(value, dict) else {}


def _values(value: Any) -> list[Any]:
    return list(value.values()) if isinstance(value, dict) else []


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value] if value is not None else []


def _line_naming(lines: list[str], value: str) -> int:
    """The first line quoting ``value`` (1 if none does: a value TOML built across lines)."""
    for quoted in (f'"{value}"', f"'{value}'"):
        for number, line in enumerate(lines, 1):
            if quoted in line:
                return number
    return 1
