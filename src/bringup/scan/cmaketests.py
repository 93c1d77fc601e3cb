"""Tests a CMake project builds only when a configure option turns them on.

``ctest`` in a build folder configured without them runs nothing and exits 0: ebiggers/libdeflate
@28e88e9 CMakeLists.txt:52 ``option(LIBDEFLATE_BUILD_TESTS "Build the test programs" OFF)``
and :62-63 ``if(LIBDEFLATE_BUILD_TESTS) enable_testing() endif()``, whose inferred ``ctest
--test-dir build`` was counted a test step (outsider15 D2). The same shape is common:
``option(BUILD_TESTS "Enable building with tests" OFF)`` over ``include(CTest)`` /
``enable_testing()``, ``set(ENABLE_TEST OFF CACHE BOOL ...)`` over ``include(CTest)``,
``option(BUILD_TEST "Build the tests" OFF)`` over ``enable_testing()`` and ``add_test``. An
``option`` with no value is OFF too (cmake's ``option`` documentation).

The configure step is left as the project's default: turning the option on also turns on
what the tests need (``find_package(GTest CONFIG REQUIRED)`` beside ``include(CTest)`` in such
a block), which would stop the library's own build on a host without it. The ``ctest`` step
says the option instead: the user's input, never run by ``up`` as written, not counted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from bringup.scan.cmakelex import CMakeCommand

TESTS_OFF = "tests are off by default"
"""The words a ``ctest`` step's input carries (``reason_wording``, ``check_rows``)."""
_TESTING = frozenset({"enable_testing", "add_test", "gtest_discover_tests"})
_OFF = frozenset({"OFF", "FALSE", "NO", "0", "N"})


def tests_option(commands: Sequence[CMakeCommand]) -> Optional[tuple[str, int]]:
    """The option (and the line declaring it) that every test declaration of the file is
    inside the first branch of an ``if`` naming, when that option is off by default; None
    when one is outside such a block (the tests are built by default)."""
    off: dict[str, int] = {}
    stack: list[tuple[tuple[str, ...], bool]] = []
    found: Optional[tuple[str, int]] = None
    for name, args, line in commands:
        if _declares_off(name, args):
            _declared(off, args[0], line, stack)
        elif name == "if":
            stack.append((args, True))
        elif name in ("elseif", "else") and stack:
            stack[-1] = (stack[-1][0], False)
        elif name == "endif" and stack:
            stack.pop()
        elif name in _TESTING or (name == "include" and args[:1] == ("CTest",)):
            guard = _guard(stack, off)
            if guard is None:
                return None
            found = found or (guard, off[guard])
    return found


def _declares_off(name: str, args: tuple[str, ...]) -> bool:
    """``option(X "doc" OFF)``, ``option(X "doc")`` or ``set(X OFF CACHE BOOL "doc")``."""
    if name == "option":
        return bool(args) and (len(args) < 3 or args[2].upper() in _OFF)
    return name == "set" and len(args) >= 3 and args[1].upper() in _OFF and "CACHE" in args


def _declared(off: dict[str, int], name: str, line: int, stack: Sequence[object]) -> None:
    """An option declared off outside every ``if``: one declared off in a branch is another
    branch's on (``if(CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR) option(BUILD_TESTS "Build
    tests" ON) else() option(BUILD_TESTS "Build tests" OFF)``: on for the top project)."""
    if not stack:
        off.setdefault(name, line)


def _guard(stack: Sequence[tuple[tuple[str, ...], bool]], off: dict[str, int]) -> Optional[str]:
    """The off-by-default option an enclosing ``if``'s first branch requires: named bare in
    its condition, not after ``NOT``, nor beside an ``OR``."""
    for condition, first in stack:
        if not first or "OR" in condition:
            continue
        for index, word in enumerate(condition):
            if word in off and (index == 0 or condition[index - 1] != "NOT"):
                return word
    return None


def tests_input(option: tuple[str, int], rel: str) -> str:
    """What the ``ctest`` step needs first: the option on at configure, and why."""
    return f"-D{option[0]}=ON ({TESTS_OFF}: {rel}:{option[1]})"
