"""The branches of a CMake file taken only when an optional language or package is found.

``check_language(CUDA)`` then ``if(CMAKE_CUDA_COMPILER)`` (microsoft/glinthawk@61976e3a
etc/cuda.cmake:2-7), or ``find_package(CUDAToolkit)`` without ``REQUIRED`` then
``if(CUDAToolkit_FOUND)``: the build goes on without the branch where nothing is found, so
what the branch states (``set(CMAKE_CUDA_ARCHITECTURES 75)``, :16) is what the optional
feature needs, not the project's default build; and a switch the branch turns on
(``set(CUDA_ENABLED ON)``, :18) is off by default, so what ``if(CUDA_ENABLED)`` guards in
another file (CMakeLists.txt:48-50, ``add_subdirectory(targets/cuda)``) is the feature's too
(outsider29 D1). A probe whose ``else`` stops the configure (``else() message(FATAL_ERROR
...)``) makes the language required (reread43, ``cmakecommands._compiler_probed``): not a
probe branch here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup import lazyre
from bringup.scan.outcomes import cmake_outcome

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

_COMPILER = lazyre.compile(r"^CMAKE_([A-Z]+)_COMPILER$")
_FOUND = lazyre.compile(r"^(\w+?)_FOUND$")
_ON = frozenset({"ON", "TRUE", "YES", "1"})


def probe_branches(commands: Sequence[CMakeCommand]) -> frozenset[int]:
    """The lines of the ``if`` whose single operand is a compiler the file's ``check_language``
    probes (``CMAKE_<LANG>_COMPILER``) or a package found without ``REQUIRED`` (``<Pkg>_FOUND``),
    and whose ``else`` does not stop the configure."""
    required = {
        args[0].upper()
        for name, args, _ in commands
        if name == "find_package" and args and "REQUIRED" in args
    }
    # a compiler is optional only where the file asks whether there is one: in a project whose
    # ``project(... LANGUAGES CUDA)`` or ``enable_language(CUDA)`` made it required,
    # ``if(CMAKE_CUDA_COMPILER)`` is always taken
    checked = {args[0].upper() for name, args, _ in commands if name == "check_language" and args}
    probes: set[int] = set()
    opened: list[tuple[int, bool]] = []  # each open block's if line, and whether a probe
    stopping: set[int] = set()
    in_else: list[bool] = []
    for name, args, line in commands:
        if name == "if":
            opened.append((line, _probe(args, required, checked)))
            in_else.append(False)
        elif name == "elseif" and opened:
            opened[-1] = (opened[-1][0], False)
        elif name == "else" and in_else:
            in_else[-1] = True
        elif name == "endif" and opened:
            start, probe = opened.pop()
            in_else.pop()
            if probe and start not in stopping:
                probes.add(start)
        elif name == "message" and opened and in_else[-1] and cmake_outcome(args) == "fail":
            stopping.add(opened[-1][0])
    return frozenset(probes)


def _probe(args: tuple[str, ...], required: set[str], checked: set[str]) -> bool:
    if len(args) != 1:
        return False
    operand = args[0].strip("${}")
    compiler = _COMPILER.match(operand)
    if compiler:
        return compiler.group(1).upper() in checked
    found = _FOUND.match(operand)
    return found is not None and found.group(1).upper() not in required


def probe_switches(commands: Sequence[CMakeCommand]) -> set[str]:
    """The variables a plain ``set(X ON)`` turns on only inside a probe branch."""
    probes = probe_branches(commands)
    inside: list[bool] = []
    switched: set[str] = set()
    for name, args, line in commands:
        if name == "if":
            inside.append(line in probes)
        elif name in ("elseif", "else") and inside:
            inside[-1] = False
        elif name == "endif" and inside:
            inside.pop()
        elif name == "set" and len(args) == 2 and args[1].upper() in _ON and any(inside):
            switched.add(args[0])
    return switched


def probed_names(commands: Sequence[CMakeCommand]) -> set[str]:
    """What the file's probe branches test, lower case: the language of each
    ``CMAKE_<LANG>_COMPILER`` (``cuda``) and the package of each ``<Pkg>_FOUND``
    (``cudatoolkit``). A toolkit the file finds without ``REQUIRED`` and then probes
    (glinthawk etc/cuda.cmake:5 ``find_package(CUDAToolkit)``) is as optional as the branch."""
    probes = probe_branches(commands)
    names: set[str] = set()
    for name, args, line in commands:
        if name == "if" and line in probes:
            operand = args[0].strip("${}")
            found = _FOUND.match(operand)
            names.add(
                found.group(1).lower()
                if found
                else operand[len("CMAKE_") : -len("_COMPILER")].lower()
            )
    return names
