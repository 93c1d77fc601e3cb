"""Version checks that stop a CMake configure, read as the versions they leave the build.

``if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 7.5) message(FATAL_ERROR ...)`` means GCC >= 7.5.
Kept apart from ``cmake`` (which tracks the ``if`` blocks and finds the stop) because reading
the comparison is its own question.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.cmakewords import vocabulary

_REFERENCE = lazyre.compile(r"\$\{(\w+)\}")
"""A whole argument that is one variable's value (``"${_min_version}"``)."""
_FLIP = {
    "VERSION_LESS": ">=",
    "VERSION_LESS_EQUAL": ">",
    "VERSION_GREATER": "<=",
    "VERSION_GREATER_EQUAL": "<",
    "LESS": ">=",
    "LESS_EQUAL": ">",
    "GREATER": "<=",
    "GREATER_EQUAL": "<",
}
"""What a fatal ``if(<version> <operator> <value>)`` leaves the build: the other side."""
_KEEP = {
    "VERSION_LESS": "<",
    "VERSION_LESS_EQUAL": "<=",
    "VERSION_GREATER": ">",
    "VERSION_GREATER_EQUAL": ">=",
    "LESS": "<",
    "LESS_EQUAL": "<=",
    "GREATER": ">",
    "GREATER_EQUAL": ">=",
}
"""What a fatal ``if(NOT <version> <operator> <value>)`` leaves the build: the comparison
itself (CMake's ``NOT`` binds to the one test after it)."""


def fatal_guard(
    condition: tuple[str, ...], enclosing: tuple[str, ...], variables: dict[str, str]
) -> list[tuple[str, str, str]]:
    """``(subject, spec, words)`` a fatal ``if(condition)`` enforces. The compiler version is
    Clang's in a condition or an enclosing branch naming Clang (``elseif(CMAKE_CXX_COMPILER_ID
    MATCHES "Clang")`` around ``if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 6.0.0)``,
    ppl.llm.kernel.cuda cmake/deps.cmake:14-15): whichever compiler CMake found. A version
    held in a variable set before is compared as its value (``set(_min_version "7.3.0")`` then
    ``VERSION_LESS "${_min_version}"``, hicann/cmake function/prepare.cmake:48-50). A ``NOT``
    right before the comparison negates it alone: ``if(NOT GCC_VERSION VERSION_GREATER 8)``
    stops below 9 (NVIDIA/MatX@4d58c1a8 CMakeLists.txt:124), ``... AND NOT
    CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 9.4`` below 9.4 (CVCUDA/CV-CUDA@da51fc96
    cmake/ConfigCompiler.cmake:42)."""
    negated = {i + 1 for i, word in enumerate(condition) if word == "NOT"}
    compared = {i for i in range(len(condition) - 2) if condition[i + 1] in _FLIP}
    if "OR" in condition or negated - compared:
        return []
    # only a branch that is Clang's alone: not ``NOT ... MATCHES "Clang"``, not "GNU|Clang"
    plain = "OR" not in enclosing and "NOT" not in enclosing
    named_clang = any("Clang" in w and "GNU" not in w for w in (*condition, *enclosing))
    found: list[tuple[str, str, str]] = []
    for index in range(len(condition) - 2):
        variable, operator, value = condition[index : index + 3]
        variable = variable.strip("${}")
        held = _REFERENCE.fullmatch(value)
        value = variables.get(held.group(1), value) if held else value
        if operator not in _FLIP or not re.match(r"^\d+(?:\.\w+)*$", value):
            continue
        for pattern, named in vocabulary().version_variables:
            if pattern.match(variable):
                clang = named == "gcc" and plain and named_clang
                subject = "clang" if clang else named
                side = _KEEP if index in negated else _FLIP
                found.append((subject, f"{side[operator]}{value}", " ".join(condition)))
    return found


def overridable(conditions: list[tuple[tuple[str, ...], bool, int]], variable: str) -> bool:
    """Whether a ``set`` of ``variable`` under the open ``if`` blocks ``conditions`` (each its
    arguments and whether in its first branch) is a default the user overrides: in ``if(NOT
    DEFINED X)``, ``if(NOT X)`` or ``if("${X}" STREQUAL "")``, or in the ``else`` of
    ``if(DEFINED X)`` (cuda-kernel-uv@2fe491e chapters/01_introduction/CMakeLists.txt:24-26,
    outsider11 #2: "75;80;86" unless ``-DCMAKE_CUDA_ARCHITECTURES`` says otherwise)."""
    for args, first, _ in conditions:
        words = [a.strip("\"'") for a in args]
        unset = words in (["NOT", "DEFINED", variable], ["NOT", variable])
        unset = unset or words in (
            ["${" + variable + "}", "STREQUAL", ""],
            [variable, "STREQUAL", ""],
        )
        if (unset and first) or (words in (["DEFINED", variable], [variable]) and not first):
            return True
    return False
