"""A Python build script at the top of a repo: what it runs on the build machine.

Ascend's MindStudio tools are built by ``python build.py``, which fetches the submodules
through ``download_dependencies.py`` (``git submodule update``, msopgen
download_dependencies.py:79-83) and builds with ``make`` (msopprof build.py:141, mskpp
build.py:112): each tool it runs is a ``system_package`` the build needs, read by the one
reader of a Python build script that ``setup.py`` also goes through (``runtools``). Only
``build.py`` and the fetcher of the build's dependencies are such scripts: a repo's
``download_model.py``, ``fetch_data.py`` or ``build_vocab.py`` gets a model, data or a
vocabulary at run time, and the tools they run are no need of the build.
"""

from __future__ import annotations

import ast

from bringup import lazyre
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.pyruns import build_script_tools

BUILD_PY = "build_py"
BUILD_SCRIPT = lazyre.compile(
    r"^(?:build|(?:download|fetch|get)_(?:dependencies|deps|third_?party)[\w-]{0,40})\.py$"
)
"""A build script's name at the repo's top (``build.py``, ``download_dependencies.py``)."""


def extract_build_py(file: SourceFile) -> Extraction:
    """The tools the script ``file`` runs; nothing when it is no valid Python."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return Extraction()
    return Extraction(requirements=tuple(build_script_tools(file, tree)))
