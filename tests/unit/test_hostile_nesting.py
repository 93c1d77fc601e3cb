"""A CMake file of thousands of nested ``if``s was quadratic in its nesting: each command copied
the chains open around it (``cmakefetched._branches``, 5,000 deep 7 s), looked through every
open branch for the innermost option and the switches a ``set`` gave there
(``cmake_options.option_features``), and each ``endif`` copied the open blocks
(``cmakeincludes.included_files``); a find looked at every command for a fetch of its package.
A command now costs the same at any depth: the chains are shared nodes, the innermost option and
the switches set are kept as the branches open and close. What each answers is unchanged (the
earlier tests of each module); the guard bounds the CPU time a hostile depth costs."""

from __future__ import annotations

from bringup.scan.cmake_options import option_features
from bringup.scan.cmakefetched import self_fetched_finds
from bringup.scan.cmakeincludes import included_files
from bringup.scan.cmakelex import CMakeCommand
from cpuclock import cpu_seconds

DEPTH = 6000


def _nested(inner: list[CMakeCommand], first: CMakeCommand | None = None) -> list[CMakeCommand]:
    """``inner`` inside ``DEPTH`` nested ``if(A)``s (not options), ``first`` in the outermost."""
    commands: list[CMakeCommand] = [CMakeCommand("if", ("A",), 1)]
    commands.extend([first] if first is not None else [])
    commands += [CMakeCommand("if", ("A",), 10 + n) for n in range(DEPTH)]
    commands += [
        CMakeCommand(name, args, 10 + DEPTH + n) for n, (name, args, _) in enumerate(inner)
    ]
    commands += [CMakeCommand("endif", (), 20 + DEPTH + n) for n in range(DEPTH + 1)]
    return commands


def test_a_fetch_and_its_find_deep_inside_ifs_are_paired_in_linear_time() -> None:
    commands = _nested(
        [
            CMakeCommand("fetchcontent_declare", ("fmt",), 0),
            CMakeCommand("find_package", ("fmt", "REQUIRED"), 0),
        ]
    )
    started = cpu_seconds()
    lines = self_fetched_finds(commands)
    assert cpu_seconds() - started < 0.5  # was 1.9 s at this depth, quadratic
    assert lines == {11 + DEPTH}


def test_a_fetch_in_another_branch_deep_inside_ifs_is_no_fallback() -> None:
    commands = _nested(
        [
            CMakeCommand("if", ("USE_SYSTEM_FMT",), 0),
            CMakeCommand("find_package", ("fmt", "REQUIRED"), 0),
            CMakeCommand("else", (), 0),
            CMakeCommand("fetchcontent_declare", ("fmt",), 0),
            CMakeCommand("endif", (), 0),
        ]
    )
    assert self_fetched_finds(commands) == set()


def test_the_option_around_lines_deep_inside_ifs_is_found_in_linear_time() -> None:
    inner: list[CMakeCommand] = [CMakeCommand("find_package", ("CUDAToolkit", "REQUIRED"), 0)]
    commands = _nested(inner, first=CMakeCommand("set", ("USE_Y", "OFF"), 2))
    started = cpu_seconds()
    features = option_features(commands, "CMakeLists.txt")
    assert cpu_seconds() - started < 0.5  # was 1.5 s at this depth, quadratic
    assert features == {}
    optional = [CMakeCommand("if", ("USE_CUDA",), 1), *commands, CMakeCommand("endif", (), 99_999)]
    assert option_features(optional, "CMakeLists.txt")[10 + DEPTH] == "option:USE_CUDA"


def test_a_switch_set_deep_inside_ifs_holds_there_and_ends_with_its_branch() -> None:
    commands: list[CMakeCommand] = [
        CMakeCommand("option", ("CHECK", "doc", "ON"), 1),
        *_nested(
            [
                CMakeCommand("set", ("CHECK", "OFF"), 0),
                CMakeCommand("if", ("CHECK",), 0),
                CMakeCommand("endif", (), 0),
            ]
        ),
        CMakeCommand("if", ("CHECK",), 99_000),
        CMakeCommand("message", ("x",), 99_001),
        CMakeCommand("endif", (), 99_002),
    ]
    features = option_features(commands, "CMakeLists.txt")
    assert features[11 + DEPTH] == "option:CHECK"  # off where the set holds
    assert 99_001 not in features  # on again once its branch closed


def test_an_include_deep_inside_blocks_is_judged_in_linear_time() -> None:
    commands = _nested([CMakeCommand("include", ("cmake/deps.cmake",), 0)])
    started = cpu_seconds()
    assert included_files("CMakeLists.txt", commands) == ()
    assert cpu_seconds() - started < 0.5
    top = [*commands, CMakeCommand("include", ("cmake/deps.cmake",), 99_000)]
    assert included_files("CMakeLists.txt", top) == ("cmake/deps.cmake",)
