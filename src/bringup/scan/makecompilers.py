"""The C/C++ compiler a Makefile builds with.

A Makefile that sets its compiler variable to GCC or Clang (``CXX := g++``, uccl-project/uccl
p2p/Makefile:24) or whose recipes run one by name (``g++ -c $< -o $@ $(INC) $(CXXFLAGS)``,
uccl collective/rdma/Makefile:43) needs that compiler, its version unstated, as a build
script's ``export CXX=g++`` does (``compilers``). A value that chooses between two compilers
(``CXX := $(if $(filter Darwin,$(UNAME_S)),clang++,g++)``, cann-on-gpu tests/Makefile:12)
states neither alone and is left out, and so is a setting under a branch for macOS or Windows
(``else ifeq ($(UNAME), Darwin)`` ... ``CXX := /usr/local/opt/llvm/bin/clang``,
NVIDIA/MinkowskiEngine Makefile:48-53) or one no line of the file uses (``CXX = g++`` beside
targets that only run ``protoc``, intelligent-machine-learning/dlrover dlrover/Makefile:2).
One requirement per compiler, at its first place.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_COMPILER = r"(?:\S*/)?(gcc|g\+\+|clang|clang\+\+)(?:-\d+(?:\.\d+)*)?"
_NAMED = lazyre.compile(rf"(?<![\w+.-]){_COMPILER}(?![\w+.-])")
_SETTING = lazyre.compile(
    r"^\s{0,8}(?:export\s+|override\s+)?(?P<name>CC|CXX|HOSTCC|HOSTCXX|HOST_COMPILER)\s{0,8}"
    r"(?::{1,2}=|\?=|=)\s{0,8}(?P<value>.{1,200})$"
)
"""An assignment of the compiler variable: ``CXX := g++``, ``CC ?= gcc``, ``CXX = clang++``."""
_RECIPE = lazyre.compile(rf"^\t[@+\-\s]{{0,4}}{_COMPILER}\s")
"""A recipe line running the compiler by name."""
_SUBJECTS = {"gcc": "gcc", "g++": "gcc", "clang": "clang", "clang++": "clang"}
_BRANCH = lazyre.compile(r"^\s*(else\s+)?(ifn?eq|ifn?def)\b(.*)$|^\s*(else|endif)\b")
_OTHER_OS = lazyre.compile(r"\b(?:Darwin|Windows|Windows_NT|MINGW\w*|CYGWIN\w*)\b")


def _other_os_lines(lines: list[str]) -> set[int]:
    """The numbers (from 1) of the lines under a conditional branch for macOS or Windows:
    ``ifeq (..., Darwin)``'s body, ``ifneq (..., Darwin)``'s ``else``."""
    inside: set[int] = set()
    stack: list[list[bool]] = []  # per level: [this branch is another OS's, the else's is]
    for number, line in enumerate(lines, 1):
        # a recipe line (a tab first) is the shell's: its ``else`` is no Make conditional
        branch = None if line.startswith("\t") else _BRANCH.match(line)
        if branch is not None:
            named = branch.group(3) is not None and _OTHER_OS.search(branch.group(3)) is not None
            equal = (branch.group(2) or "").startswith("ife")
            if branch.group(1) and stack:  # ``else ifeq``: the level's next branch
                stack[-1] = [named and equal, named and not equal]
            elif branch.group(2):
                stack.append([named and equal, named and not equal])
            elif branch.group(4) == "else" and stack:
                stack[-1] = [stack[-1][1], False]
            elif branch.group(4) == "endif" and stack:
                stack.pop()
            continue
        if any(level[0] for level in stack):
            inside.add(number)
    return inside


def _named(value: str) -> str:
    """The one compiler family ``value`` names, "" for none or a choice of two."""
    families = {_SUBJECTS[match.group(1)] for match in _NAMED.finditer(value.partition("#")[0])}
    return families.pop() if len(families) == 1 else ""


def _used(setting: re.Match[str], text: str) -> bool:
    """Whether the variable ``setting`` sets is used: ``$(CXX)`` or ``${CXX}`` in the file."""
    name = setting.group("name")
    return f"$({name})" in text or f"${{{name}}}" in text


def make_compilers(file: SourceFile) -> list[Requirement]:
    """The compilers ``file``, a Makefile, sets or runs, one requirement each."""
    found: dict[str, Requirement] = {}
    lines = file.text.splitlines()
    elsewhere = _other_os_lines(lines)
    for number, line in enumerate(lines, 1):
        if number in elsewhere:
            continue
        setting = _SETTING.match(line)
        recipe = _RECIPE.match(line) if setting is None else None
        subject = (
            _named(setting.group("value"))
            if setting is not None and _used(setting, file.text)
            else ""
        )
        if recipe is not None:
            subject = _SUBJECTS[recipe.group(1)]
        if not subject or subject in found:
            continue
        words = f"the Makefile's compiler: {line.strip()[:160]}"
        found[subject] = file.requirement(subject, "", number, text=words, confidence="medium")
    return list(found.values())
