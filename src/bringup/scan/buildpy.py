"""A Python build script at the top of a repo: what it runs on the build machine.

Ascend's MindStudio tools are built by ``python build.py``, which fetches the submodules
through ``download_dependencies.py`` (``git submodule update``, msopgen
download_dependencies.py:79-83) and builds with ``make`` (msopprof build.py:141, mskpp
build.py:112): each tool it runs is a ``system_package`` the build needs, read as a
``setup.py``'s are (``runtools``). Other Python files are no build step.
"""

from __future__ import annotations

import ast

from bringup import lazyre
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.runtools import build_script_tools

BUILD_PY = "build_py"
BUILD_SCRIPT = lazyre.compile(r"^(?:build|download|fetch)[\w-]{0,60}\.py$")
"""A build script's name at the repo's top (``build.py``, ``download_dependencies.py``)."""


def extract_build_py(file: SourceFile) -> Extraction:
    """The tools the script ``file`` runs; nothing when it is no valid Python."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return Extraction()
    return Extraction(requirements=tuple(build_script_tools(file, tree)))
