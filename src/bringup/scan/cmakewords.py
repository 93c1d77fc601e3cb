"""The CMake words of each registered backend, compiled once per registry.

``find_package`` names and what they mean, the variables that hold a tool's version, what
points at a toolkit's install, the languages a toolkit compiles, the chip variables and the
standard variables: generic ones here, the backends' from their vocabularies. Kept apart from
``cmake`` (which reads the commands) so the readers of CMake share one table.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import backends, patterncache
from bringup.backends.base import Backend

_PACKAGES = {
    "python": "python",
    "python3": "python",
    "pythoninterp": "python",
    "pythonlibs": "python",
    "torch": "torch",
    "pybind11": "pypi:pybind11",
}
"""Generic ``find_package`` names; the backends add theirs (``Vocabulary.names``). pybind11's
CMake package ships inside its Python distribution (``pybind11/share/cmake/pybind11``, what
``python -m pybind11 --cmakedir`` prints), as torch's does (``torch/share/cmake/Torch``): ``pip
install pybind11`` meets ``find_package(pybind11)``, a need the package index fills."""
_VERSION_VARIABLES = (
    (r"^CMAKE_(?:CXX|C)_COMPILER_VERSION$", "gcc"),
    (r"^CMAKE_VERSION$", "cmake"),
    # the version a build reads from ``ninja --version`` (AscendNPU-IR CMakeLists.txt:7-12)
    (r"^NINJA_VERSION$", "ninja"),
    (r"^GCC_VERSION$", "gcc"),
    (r"^CLANG_VERSION$", "clang"),
    (r"^(?:Python3?_VERSION|PYTHON_VERSION\w*)$", "python"),
    (r"^(?:Torch_VERSION|TORCH_VERSION)$", "torch"),
)


class CMakeWords(NamedTuple):
    packages: dict[str, str]
    version_variables: tuple[tuple[re.Pattern[str], str], ...]
    installs: tuple[tuple[str, re.Pattern[str]], ...]
    """(toolkit subject, what in an argument points at its install)."""
    languages: dict[str, str]
    chip_variables: frozenset[str]
    standards: frozenset[str]
    """``CMAKE_<LANG>_STANDARD`` of C++ and of each backend's languages: the C++ standard."""
    parts: frozenset[str]
    """The toolkits' own CMake packages (``Vocabulary.cmake_packages``): found in the install,
    unless the find's ``HINTS``/``PATHS`` look elsewhere (``cmake._find_package``)."""


def _compile(registered: tuple[Backend, ...]) -> CMakeWords:
    packages = dict(_PACKAGES)
    variables = list(_VERSION_VARIABLES)
    installs: list[tuple[str, re.Pattern[str]]] = []
    languages: dict[str, str] = {}
    for backend in registered:
        words = backend.vocabulary
        packages.update(words.names)
        packages.update(words.cmake_packages)
        variables.extend(words.version_variables)
        toolkit = words.toolkit_subject
        if toolkit and words.setup_markers:
            installs.append((toolkit, patterncache.compile(words.setup_markers)))
        languages.update((language, toolkit) for language in words.build_languages if toolkit)
    return CMakeWords(
        packages=packages,
        version_variables=tuple((patterncache.compile(rx), subject) for rx, subject in variables),
        installs=tuple(installs),
        languages=languages,
        chip_variables=frozenset(v for b in registered for v in b.vocabulary.chip_variables),
        standards=frozenset(f"CMAKE_{language}_STANDARD" for language in ("CXX", *languages)),
        parts=frozenset(k for b in registered for k in b.vocabulary.cmake_packages),
    )


vocabulary = backends.per_registry(_compile)
