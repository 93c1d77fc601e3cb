"""A formatter the repo's own library imports is what the library runs, not a developer's tool.

A requirements list naming a formatter or linter puts it under ``development``
(``pydeps._LINTERS``), but a library may call one at run time: GroundingDINO's config class
pretty-prints itself with yapf (``from yapf.yapflib.yapf_api import FormatCode``,
IDEA-Research/GroundingDINO@856dde2 groundingdino/util/slconfig.py:14, with yapf in
requirements.txt:5, the package's install_requires through setup.py:211), as does the mmcv
config it was copied from (open-mmlab/mmcv mmcv/utils/config.py, yapf in
requirements/runtime.txt). Such an import anywhere in the main package, tests left out, makes
the tool a need of the repo itself, cited at the import too. Only an import at column 0, run
whenever the module loads: one indented under ``try``, ``if`` or a function is optional or lazy
(NVIDIA/torch-harmonics@9e9fa53 torch_harmonics/filter_basis.py:46-47 tries scipy, its
``dev`` and ``filter_basis`` extras; as ``pkgimports`` reads imports). Only read
when a list named a development tool (few repos), each module up to its first
``moduletexts.MAX_BYTES``, at most ``_MAX_MODULES``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

import msgspec

from bringup.model import Requirement, file_source
from bringup.scan.moduletexts import module_text
from bringup.scan.pkgimports import TEST_DIRS, main_package
from bringup.scan.scopenames import DEVELOPMENT

_MAX_MODULES = 2000


def _module(subject: str) -> str:
    """``yapf`` for ``pypi:yapf``: the import name of a tool distribution."""
    return subject.split(":", 1)[-1].replace("-", "_")


def _sources(folder: Path) -> list[Path]:
    """The package's modules, sub-packages included, tests left out, in a stable order."""
    found: list[Path] = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d.lower() not in TEST_DIRS and not d.startswith("."))
        found.extend(Path(top) / n for n in sorted(files) if n.endswith(".py"))
        if len(found) >= _MAX_MODULES:
            return found[:_MAX_MODULES]
    return found


def _shortest(names: Iterable[str]) -> list[str]:
    """``names`` less each that holds another of them: a text holding ``sphinx_tabs`` holds
    ``sphinx``, so testing ``sphinx`` alone says whether it may hold either (flashinfer's
    eight documentation tools are four such tests over its 844 modules, ~17 MB)."""
    ordered = sorted(set(names), key=lambda name: (len(name), name))
    kept: list[str] = []
    for name in ordered:
        if not any(other in name for other in kept):
            kept.append(name)
    return kept


def library_tools(
    requirements: list[Requirement], root: Path, shown: str, component: str, provides: list[str]
) -> list[Requirement]:
    """``requirements`` with each ``development`` tool the main package imports made a need of
    the repo (its feature cleared, the first import added to ``also_at``)."""
    tools = {
        _module(r.subject): r.subject
        for r in requirements
        if r.feature == DEVELOPMENT and r.subject.startswith("pypi:")
    }
    package = main_package(root, component, provides) if tools else ""
    if not package:
        return requirements
    names = "|".join(re.escape(t) for t in sorted(tools))
    pattern = re.compile(rf"^(?:from|import)[ \t]+({names})\b", re.MULTILINE)
    prefix = "" if shown in ("", ".") else f"{shown.rstrip('/')}/"
    shortest = _shortest(tools)
    imported: dict[str, tuple[str, int]] = {}
    for path in _sources(root / package):
        rel = path.relative_to(root).as_posix()
        text = module_text(path, rel)
        if not text or not any(tool in text for tool in shortest):  # a match holds a tool's name
            continue
        for found in pattern.finditer(text):
            line = text.count("\n", 0, found.start()) + 1 if text else 0
            imported.setdefault(tools[found.group(1)], (f"{prefix}{rel}", line))
    return [
        msgspec.structs.replace(
            r, feature="", also_at=(*r.also_at, file_source(*imported[r.subject]))
        )
        if r.feature == DEVELOPMENT and r.subject in imported
        else r
        for r in requirements
    ]
