"""The C++ standard a CMake build compiles with where no ``CMAKE_CXX_STANDARD`` says it: a
``-std=c++NN`` flag in ``add_compile_options``, ``target_compile_options`` or ``CMAKE_CXX_FLAGS``
(msopprof cmake/options.cmake:2, mspti CMakeLists.txt:68, opbase
aicpu_common/context/host/CMakeLists.txt:70), and a target's ``CXX_STANDARD`` property
(``set_target_properties(rmm PROPERTIES ... CXX_STANDARD 20)``, rmm cpp/CMakeLists.txt:142).
Each is cited at the line holding the flag or the property, which is where a reader looks in a
command written over several lines."""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of
from bringup.scan.extraction import SourceFile

STD_DRAFTS = {"0x": "11", "1y": "14", "1z": "17", "2a": "20", "2b": "23", "2c": "26"}
"""The names GCC and Clang give a C++ standard before it is published: ``-std=gnu++1z`` is
C++17 (the CANN custom-operator template's CMake, cann-ops CMakeLists.txt:57
``$<$<COMPILE_LANGUAGE:CXX>:-std=gnu++1z>``; xllm-ops cmake/custom_build.cmake:42)."""
STD_FLAG = r"-std=(?:c|gnu)\+\+(\d\d|" + "|".join(STD_DRAFTS) + r")\b"
"""A C++ standard flag, the standard by its number or by one of the draft names that exist
(``STD_DRAFTS``: ``c++2x`` is none)."""
_FLAG = lazyre.compile(r"(?:^|[\s:>;])" + STD_FLAG)
"""``-std=c++17``, ``-std=gnu++14``, also inside a generator expression
(``$<$<COMPILE_LANGUAGE:CXX>:-std=c++17>``), and a standard by its draft name."""
_OPTIONS = frozenset({"add_compile_options", "target_compile_options"})
_FLAG_VARIABLES = frozenset({"CMAKE_CXX_FLAGS"})
_PROPERTIES = frozenset({"set_target_properties", "set_property"})


def _flag_args(command: CMakeCommand) -> Sequence[str]:
    """The arguments of ``command`` that hold compile flags."""
    name, args, _ = command
    if name in _OPTIONS:
        return args
    if name == "set" and args[:1] and args[0] in _FLAG_VARIABLES:
        return args[1:]
    if name == "string" and args[:1] == ("APPEND",) and args[1:2] == ("CMAKE_CXX_FLAGS",):
        return args[2:]
    return ()


def _property(args: Sequence[str]) -> str | None:
    """The value a ``CXX_STANDARD`` property is set to (``CXX_STANDARD 20``, or ``PROPERTY
    CXX_STANDARD 17``), if a number."""
    for index, arg in enumerate(args[:-1]):
        if arg == "CXX_STANDARD" and args[index + 1].isdigit():
            return args[index + 1]
    return None


def flag_standards(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """The ``cxx_standard`` each compile flag or ``CXX_STANDARD`` property states."""
    found: list[Requirement] = []
    lines: list[str] = []
    for command in commands:
        standard, words, needle = None, "", "CXX_STANDARD"
        if command.name in _PROPERTIES:
            standard = _property(command.args)
            words = f"CXX_STANDARD {standard}"
        else:
            for arg in _flag_args(command):
                flag = _FLAG.search(arg)
                if flag is not None:
                    standard = STD_DRAFTS.get(flag.group(1), flag.group(1))
                    words = flag.group(0).strip(" :>;")
                    needle = words
                    break
        if standard is None:
            continue
        lines = lines or file.text.split("\n")
        where = line_of(lines, needle, command.line)
        text = f"{command.name}(... {words})"
        found.append(file.requirement("cxx_standard", f">={standard}", where, text=text))
    return found
