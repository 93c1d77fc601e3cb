"""A Python build script at the top of a repo: ``build.py``, which the repo's guide runs to
build, test and package it (``python build.py``, Ascend/msopprof@d6c29dfa
docs/en/install_guide/msopprof_install_guide.md:34; so do Ascend/mskpp and
Ascend/mssanitizer). The tools it runs are the build's, as a ``setup.py``'s are
(``runtools.setup_tools``): ``self._execute_command(["make", "-j", str(self.build_jobs)])``
(msopprof build.py:141) stops on a machine without make."""

from __future__ import annotations

import ast

from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.runtools import setup_tools

BUILD_PY = "build_py"


def extract_build_py(file: SourceFile) -> Extraction:
    """The tools the build script ``file`` runs; a script that does not parse states none
    (it is no manifest: ``setup_py`` reports its own parse failures)."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return Extraction()
    return Extraction(requirements=tuple(setup_tools(file, tree)))
