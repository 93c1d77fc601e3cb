"""A Python package whose setup.py or build backend runs CMake: its top-level CMakeLists.txt
is the pip install's, not a build of its own.

vllm-ascend's CMakeLists.txt reads ``VLLM_PYTHON_PATH`` (:11) and stops unless the installed
torch is 2.10.0 (:22-26): it is written for the ``cmake_build_ext`` of setup.py (:231, ``cmake_args
= ["cmake"]`` :264), which passes those; its guide builds it with ``pip install -e .``
(docs/source/installation.md:226, zzhx1/vllm-ascend@5e39074). A bare ``cmake -S . -B build``
guessed from the file's presence is not how the repo is built: the install of the checkout
is (outsider23 D22). So with a build backend that drives CMake itself: scikit-build-core fills
``SKBUILD_PROJECT_NAME`` (pybind/scikit_build_example@HEAD CMakeLists.txt:5,8) and finds
pybind11 in the build environment, so a bare configure fails where ``pip install .``
(README.md:28) builds (outsider14 D1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bringup import lazyre
from bringup.model import Step
from bringup.scan.editable import not_editable
from bringup.scan.sourceinstalls import installs_here
from bringup.scan.walk import RepoFile

_RUNS_CMAKE = lazyre.compile(
    r"""\[\s*["']cmake["']|\bCMakeExtension\b|\bCMakeBuild\b|\bcmake_build_ext\b"""
    r"""|\b(?:from|import)[ \t]+skbuild\b"""
)
"""setup.py words that run CMake: an argv starting with ``cmake`` (``subprocess.check_call(
["cmake", ...])``, ``cmake_args = ["cmake"]``), the usual ``CMakeExtension``/``CMakeBuild``
classes of the pybind11 and setuptools examples, a ``cmake_build_ext`` command, scikit-build's
``from skbuild import setup``."""
_BACKEND = lazyre.compile(r"""(?m)^[ \t]*build-backend[ \t]*=[ \t]*["']([\w.:-]+)["']""")
"""pyproject.toml's ``build-backend = "…"`` line (its ``[build-system]`` table)."""
_CMAKE_BACKENDS = ("scikit_build_core", "skbuild", "py_build_cmake", "cmeel")
"""Build backends that configure and build the project's CMakeLists.txt themselves
(scikit-build-core, scikit-build, py-build-cmake, cmeel: each one's docs)."""
_REQUIRES = lazyre.compile(r"""requires["']?\s*[=:]\s*$""")
"""What comes before a list of distributions (``setup_requires=["cmake", "ninja"]``): the
list names packages to install, it runs nothing (review24 L5)."""
_COMMENT = lazyre.compile(r"(?m)^\s*#.*$|\s#[^\"'\n]*$")
"""A comment line, or a comment after code holding no quote (a ``#`` inside a string
stays)."""


def _runs_cmake(setup_py: str) -> bool:
    """Whether setup.py's code, less its comments, runs CMake (``_RUNS_CMAKE``), not in a
    list of requirements."""
    code = _COMMENT.sub("", setup_py)
    return any(not _REQUIRES.search(code[: m.start()]) for m in _RUNS_CMAKE.finditer(code))


def _backend_runs_cmake(pyproject: str) -> bool:
    """Whether pyproject.toml's build backend is one that drives CMake (``_CMAKE_BACKENDS``)."""
    match = _BACKEND.search(pyproject)
    return match is not None and match.group(1).split(".")[0] in _CMAKE_BACKENDS


_CMAKE_PROGRAMS = frozenset({"cmake", "ctest"})


def by_setup(
    stated: Sequence[Step], defaults: Sequence[Step], texts: Mapping[str, tuple[RepoFile, str]]
) -> tuple[list[Step], list[Step]]:
    """``stated`` and ``defaults`` with the guesses from the top-level CMakeLists.txt dropped
    when the top-level setup.py or pyproject.toml's build backend runs CMake, and the install
    of the checkout stated in their place when no stated step installs it; ``texts``: the
    files read, by citation. A guessed editable install is made plain where the README says
    editable installs do not work (``scan.editable``)."""
    defaults = not_editable(defaults, texts)
    top = {entry.rel: (ref, text) for ref, (entry, text) in texts.items()}
    setup_py = top.get("setup.py", ("", ""))[1]
    cmake_lists = top.get("CMakeLists.txt", ("", ""))[0]
    pyproject = top.get("pyproject.toml", ("", ""))[1]
    if not cmake_lists or not (_runs_cmake(setup_py) or _backend_runs_cmake(pyproject)):
        return list(stated), list(defaults)
    guessed = [
        s
        for s in defaults
        if s.argv[:1]
        and s.argv[0] in _CMAKE_PROGRAMS
        and s.source.ref == cmake_lists
        and s.cwd in ("", ".")
    ]
    if not guessed:
        return list(stated), list(defaults)
    rest = [s for s in defaults if s not in guessed]
    if any(installs_here(s.argv) and s.cwd in ("", ".") for s in stated):
        return list(stated), rest
    install = [s for s in rest if s.kind == "install" and installs_here(s.argv)]
    return [*stated, *install[:1]], [s for s in rest if s not in install[:1]]
