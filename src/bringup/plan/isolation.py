"""The checkout's install turned off pip's build isolation when its setup script imports what
the isolated build does not have.

``pip install .`` builds a project without a ``pyproject.toml`` build table, or with one, in a
fresh environment holding only what that table requires (setuptools and wheel when there is
none). A ``setup.py`` that imports torch at its top to build a ``CUDAExtension``
(camenduru/simple-knn@60f461f4 setup.py:13) then fails with ``No module named 'torch'``
before it builds anything, whatever the repo's environment holds (outsider13 D4). Run with
``--no-build-isolation`` after the environment's install (which puts the import's
distribution in first, a requirement the scan read from the same line), the build sees it.
"""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path
from typing import Optional

import msgspec

from bringup.model.requirements import Component, Step
from bringup.scan.commands import pip_install_targets
from bringup.scan.reading import read_text
from bringup.scan.setup_py import BUILD_IMPORTS
from bringup.scan.sourceinstalls import installed_folder
from bringup.subjects import frameworks
from bringup.tomlfile import parse_toml

NO_BUILD_ISOLATION = "--no-build-isolation"
_ISOLATED_DEFAULT = frozenset({"setuptools", "wheel"})
"""What pip's isolated build has when the project declares no ``build-system.requires``."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def without_build_isolation(component: Component) -> Component:
    """``component`` with ``--no-build-isolation`` on each ``pip install`` of a folder of its
    checkout whose setup script imports a build dependency its isolated build lacks
    (``undeclared``) or whose build table leaves open what the repo caps; else ``component``
    itself. Each folder's setup.py and pyproject.toml are read once, however many steps
    install it."""
    bounds = _bounded(component)
    decided: dict[Path, str] = {}
    steps = [_step(step, Path(component.path), bounds, decided) for step in component.steps]
    if all(new is old for new, old in zip(steps, component.steps)):
        return component
    return msgspec.structs.replace(component, steps=tuple(steps))


def _step(step: Step, root: Path, bounds: frozenset[str], decided: dict[Path, str]) -> Step:
    argv = step.argv
    if pip_install_targets(argv) is None or NO_BUILD_ISOLATION in argv:
        return step
    folder = installed_folder(step.cwd or ".", argv)
    if not folder or folder.startswith(("/", "..")):
        return step
    inside = root / posixpath.normpath(folder)
    if inside not in decided:
        decided[inside] = _why(inside, posixpath.normpath(folder), bounds)
    if not decided[inside]:
        return step
    at = argv.index("install") + 1
    words = step.name.split()
    named = words.index("install") + 1 if "install" in words else len(words)
    return msgspec.structs.replace(
        step,
        argv=(*argv[:at], NO_BUILD_ISOLATION, *argv[at:]),
        name=" ".join((*words[:named], NO_BUILD_ISOLATION, *words[named:])),
        notes=(*step.notes, f"bringup added {NO_BUILD_ISOLATION}: {decided[inside]}"),
    )


def _why(inside: Path, folder: str, bounds: frozenset[str]) -> str:
    """Why ``inside``'s install runs without build isolation, in words; empty when it need not."""
    requires = build_table(inside)
    where = "" if folder == "." else f"{folder}/"
    missing = undeclared(inside, requires)
    if missing:
        return (
            f"{where}setup.py imports {', '.join(missing)}, which pip's isolated build lacks:"
            " the build takes them from the environment"
        )
    capped = _unbounded(requires, bounds)
    if capped:
        return (
            f"{where}pyproject.toml's build table leaves {', '.join(capped)} open, which the repo"
            " caps; the build takes the environment's"
        )
    return ""


def undeclared(folder: Path, requires: Optional[list[str]]) -> list[str]:
    """The build dependencies ``folder``'s ``setup.py`` imports when it starts (outside a
    ``try`` or a function) that its isolated build would not have: neither in its build
    table's ``requires`` (``build_table``) nor pip's default, nor a module of the folder."""
    text, _ = read_text(folder / "setup.py", "setup.py")  # a regular file only: not a FIFO
    if text is None:
        return []
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    required = set(_ISOLATED_DEFAULT) if requires is None else set(_names(requires))
    missing = []
    for module in _started_imports(tree.body):
        subject = BUILD_IMPORTS.get(module) or (module if module in frameworks() else None)
        if subject is None or _local(folder, module):
            continue
        name = _key(subject.removeprefix("pypi:"))
        if name not in required and name not in missing:
            missing.append(name)
    return missing


def _bounded(component: Component) -> frozenset[str]:
    """The distributions the repo caps (a hard ``<`` bound: ``cmake <4`` where CMake 4 refuses
    its ``cmake_minimum_required``, ``scan.cmake``)."""
    return frozenset(
        _key(r.subject.removeprefix("pypi:"))
        for r in component.requirements
        if r.hard and "<" in r.spec.replace("<=", "")
    )


def _unbounded(requires: Optional[list[str]], bounds: frozenset[str]) -> list[str]:
    """What a build table's ``requires`` lists with no upper bound that the repo caps: the
    isolated build takes the newest (``cmake>=3.12``, pybind/cmake_example@7a94877f
    pyproject.toml:6, took CMake 4, which refuses the vendored pybind11's
    ``cmake_minimum_required(VERSION 3.4)``, outsider13 D13); without isolation the build
    uses the environment's, planned within the cap."""
    found = []
    for entry in requires or []:
        name = _NAME.match(entry.strip())
        if name is not None and _key(name.group(0)) in bounds and "<" not in entry:
            found.append(_key(name.group(0)))
    return found


def _started_imports(body: list[ast.stmt]) -> list[str]:
    """The top modules the statements import when they run, in order: top-level, under
    ``if``/``with``/``else``, not in a ``try`` (a fallback) or a definition (maybe never run)."""
    found: list[str] = []
    for node in body:
        if isinstance(node, ast.Import):
            found.extend(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module.split(".")[0])
        elif isinstance(node, (ast.If, ast.With)):
            found.extend(_started_imports(node.body))
            found.extend(_started_imports(getattr(node, "orelse", [])))
    return found


def build_table(folder: Path) -> Optional[list[str]]:
    """The entries of ``folder``'s ``pyproject.toml`` ``build-system.requires``; None when it
    lists none (no file, no table, unreadable)."""
    text, _ = read_text(folder / "pyproject.toml", "pyproject.toml")  # not a FIFO
    if text is None:
        return None
    try:
        document = parse_toml(text, "pyproject.toml")
    except ValueError:
        return None
    build = document.get("build-system")
    requires = build.get("requires") if isinstance(build, dict) else None
    if not isinstance(requires, list):
        return None
    return [entry for entry in requires if isinstance(entry, str)]


def _names(requires: list[str]) -> list[str]:
    names = (_NAME.match(entry.strip()) for entry in requires)
    return [_key(match.group(0)) for match in names if match]


def _local(folder: Path, module: str) -> bool:
    """Whether ``module`` is the folder's own (``versioneer.py``, a package beside setup.py)."""
    return (folder / f"{module}.py").is_file() or (folder / module).is_dir()


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
