"""Whether any build of a repo runs its CMake files (its root ``CMakeLists.txt``).

A Python project may keep a root ``CMakeLists.txt`` no build runs: its ``setup.py`` compiles a
torch extension and nothing else names CMake. deepseek-ai/DeepEP says so in the file's first
line ("this CMake is only for debugging; for setup, please use Torch extension",
CMakeLists.txt:1), deepseek-ai/DeepGEMM too ("current just for CMake-based IDE (e.g. CLion)
indexing, the real compilation is done via JIT"): what such a file asks for (``cmake_minimum_
required``, ``find_package(pybind11 REQUIRED)``, ``set(CMAKE_CXX_STANDARD 20)``) is what an
IDE build needs, the ``development`` scope's, not the repo's.

The file's own words are not read: the repo's other build files decide. The root CMake is
unbuilt when the repo builds with a Python build at its root (``setup.py`` or
``pyproject.toml``) and no build file, build script or top README outside CMake's own files
names CMake at all (no ``cmake`` command, no ``CMakeExtension``, no scikit-build backend, no
"CMake 3.18" prerequisite): a repo that builds through CMake says so somewhere.

The same holds for a CMake project nested in such a repo with no root CMake: facebookresearch/
xformers keeps ``xformers/csrc/attention/hip_decoder/CMakeLists.txt`` (a HIP test harness with
``set(project_root_dir /xformers)``) that setup.py only names as an include directory, and
hyper-parallel's ``custom_pass/CMakeLists.txt`` is run by a Python helper when MindSpore is
found, a failure only warned about; neither ``pip install .`` runs CMake.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bringup import lazyre

_CMAKE_FILE = lazyre.compile(r"(?:^|/)(?:CMakeLists\.txt|[^/]+\.cmake)$", re.IGNORECASE)
_NAMES_CMAKE = lazyre.compile(r"cmake|scikit[-_]build|skbuild", re.IGNORECASE)
_PYTHON_BUILDS = frozenset({"setup.py", "pyproject.toml"})


def cmake_file(rel: str) -> bool:
    """Whether ``rel`` is a CMake file (``CMakeLists.txt``, ``x.cmake``)."""
    return _CMAKE_FILE.search(rel) is not None


def unbuilt_cmake(rels: Iterable[str], build_texts: Mapping[str, str]) -> bool:
    """Whether the repo of files ``rels`` has CMake files none of its builds runs (see the
    module docstring); ``build_texts`` holds the build files' and the top
    README's texts by path."""
    rels = list(rels)
    root = {rel.lower() for rel in rels if "/" not in rel}
    if not root & _PYTHON_BUILDS or not any(cmake_file(rel) for rel in rels):
        return False
    return not any(
        _NAMES_CMAKE.search(text) for rel, text in build_texts.items() if not cmake_file(rel)
    )
