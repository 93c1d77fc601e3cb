"""The C/C++ compiler a Makefile builds with.

A Makefile that sets its compiler variable to GCC or Clang (``CXX := g++``, uccl-project/uccl
p2p/Makefile:24) or whose recipes run one by name (``g++ -c $< -o $@ $(INC) $(CXXFLAGS)``,
uccl collective/rdma/Makefile:43) needs that compiler, its version unstated, as a build
script's ``export CXX=g++`` does (``compilers``). A value that chooses between two compilers
(``CXX := $(if $(filter Darwin,$(UNAME_S)),clang++,g++)``, cann-on-gpu tests/Makefile:12)
states neither alone and is left out. One requirement per compiler, at its first place.
"""

from __future__ import annotations

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_COMPILER = r"(?:\S*/)?(gcc|g\+\+|clang|clang\+\+)(?:-\d+(?:\.\d+)*)?"
_NAMED = lazyre.compile(rf"(?<![\w+.-]){_COMPILER}(?![\w+.-])")
_SETTING = lazyre.compile(
    r"^\s{0,8}(?:export\s+|override\s+)?(?:CC|CXX|HOSTCC|HOSTCXX|HOST_COMPILER)\s{0,8}"
    r"(?::{1,2}=|\?=|=)\s{0,8}(.{1,200})$"
)
"""An assignment of the compiler variable: ``CXX := g++``, ``CC ?= gcc``, ``CXX = clang++``."""
_RECIPE = lazyre.compile(rf"^\t[@+\-\s]{{0,4}}{_COMPILER}\s")
"""A recipe line running the compiler by name."""
_SUBJECTS = {"gcc": "gcc", "g++": "gcc", "clang": "clang", "clang++": "clang"}


def _named(value: str) -> str:
    """The one compiler family ``value`` names, "" for none or a choice of two."""
    families = {_SUBJECTS[match.group(1)] for match in _NAMED.finditer(value.partition("#")[0])}
    return families.pop() if len(families) == 1 else ""


def make_compilers(file: SourceFile) -> list[Requirement]:
    """The compilers ``file``, a Makefile, sets or runs, one requirement each."""
    found: dict[str, Requirement] = {}
    for number, line in enumerate(file.text.splitlines(), 1):
        setting = _SETTING.match(line)
        recipe = _RECIPE.match(line) if setting is None else None
        subject = _named(setting.group(1)) if setting is not None else ""
        if recipe is not None:
            subject = _SUBJECTS[recipe.group(1)]
        if not subject or subject in found:
            continue
        words = f"the Makefile's compiler: {line.strip()[:160]}"
        found[subject] = file.requirement(subject, "", number, text=words, confidence="medium")
    return list(found.values())
