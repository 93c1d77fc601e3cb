"""What a repo's file list and build texts say about its layout before any file is scoped.

The top-level parts of a repo with no build at its root, the nested CMake projects, the shell
scripts a build script copies into its package. Kept apart from ``scopes`` (which decides
each file's scope) because these are read once per repo, from the texts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from posixpath import dirname

from bringup import lazyre
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.scopedirs import (
    CI_DIRS,
    COLLECTIONS,
    DOCKER_DIRS,
    PACKAGE_FILES,
    PROJECT_FILES,
    TEST_DIRS,
)

_COPIED = lazyre.compile(
    r"\bcp\s+(?:-\w+\s+)*[\"']?((?:\$(?:\{\w+\}|\w+\b)[\"']?)?[\w./-]*\.sh)\b", prefilter=True
)


def repo_parts(rels: list[str], readme: str) -> frozenset[str]:
    """The top-level directories that make up a repo with no build at its root: each one the
    top-level ``readme`` names with a native build or a requirements list directly in it
    (DIOPI README.md:21-24 lists its components impl, diopi_test, proto, adaptor:
    ``impl/CMakeLists.txt`` is the build its README runs, ``diopi_test/requirements.txt``
    what its tests need) is a part of the repo, not a sub-project beside it. A directory
    with a Python build of its own (msit's ``msprechecker/pyproject.toml`` beside
    ``msit/setup.py``) stays a project; only the files directly in a part are the repo's:
    deeper directories (``impl/cuda``, one of the backends ``-DIMPL_OPT`` picks) keep the
    part's scope."""
    special = CI_DIRS | DOCKER_DIRS | TEST_DIRS | COLLECTIONS | DOC_DIRS
    found, packaged = set(), set()
    for rel in rels:
        parts = rel.split("/")
        if len(parts) != 2 or parts[0].lower() in special or parts[0].startswith("."):
            continue
        name = parts[1].lower()
        if name in PACKAGE_FILES:
            packaged.add(parts[0])
        elif name in PROJECT_FILES or (name.startswith("requirement") and name.endswith(".txt")):
            found.add(parts[0])
    return frozenset(
        p for p in found - packaged if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", readme)
    )


_PROJECT = lazyre.compile(r"^[ \t]*project[ \t]*\(", re.IGNORECASE | re.MULTILINE)


def cmake_projects(build_texts: Mapping[str, str]) -> set[str]:
    """The nested directories whose ``CMakeLists.txt`` is a CMake project of its own
    (``project(QOS_TOOL CXX)``, MindSpeed mindspeed/ops/csrc/qos/CMakeLists.txt:5) in a repo
    with no CMake build at its root: built on its own like a nested ``build.sh``, a part of
    the repo's build only where a build file outside names it (``BuildNames.detached``)."""
    return {
        dirname(rel)
        for rel, text in build_texts.items()
        if rel.lower().endswith("/cmakelists.txt") and _PROJECT.search(text)
    }


def copied_scripts(build_texts: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """``(copier, path)`` of each shell script a build script copies (``cp`` of a ``.sh``)."""
    return tuple(
        (rel, match.group(1))
        for rel, text in build_texts.items()
        if rel.endswith(".sh") and "cp " in text
        for match in _COPIED.finditer(text)
    )
