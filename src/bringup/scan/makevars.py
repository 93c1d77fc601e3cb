"""The Makefile variables a build stops without.

``ACL_INCLUDE ?= $(error Run `source env.sh` first: ACL_INCLUDE is not set)``
(Cryspia/cann-on-gpu@9b6420d5 cuda/Makefile:5), or ``ifndef X`` / ``ifeq ($(X),)`` then
``$(error ...)``: make stops unless the user sets the variable (from the environment or the
command line), a hard ``env_var``. A variable with a default of its own (``CUDA ?=
/usr/local/cuda``, gdrcopy Makefile:32; ``export NVIDIA_SRC_DIR ?= $(shell find ...)``,
src/gdrdrv/Makefile:51; ``CUDA_HOME ?= /usr/local/cuda``, uccl-project/uccl@da914a20
collective/rdma/Makefile:5) builds without it: no need (the truth conventions, scan29: "A read
with a default or a fallback ... is NOT an env_var").
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_STOPPING_DEFAULT = lazyre.compile(
    r"^(?:export[ \t]+)?([A-Za-z_]\w*)[ \t]*\?=[ \t]*\$[({]error\b", re.M
)
"""``X ?= $(error ...)``: the default is make stopping."""
_UNSET_TEST = lazyre.compile(
    r"^[ \t]*(?:ifndef[ \t]+([A-Za-z_]\w*)|"
    r"ifeq[ \t]*\([ \t]*[\"']?\$[({]([A-Za-z_]\w*)[)}][\"']?[ \t]*,[ \t]*(?:(?:\"\"|'')[ \t]*)?\))"
    r"[ \t]*$",
    re.M,
)
"""``ifndef X`` or ``ifeq ($(X),)``: a branch taken when the variable is unset or empty."""
_ERROR = lazyre.compile(r"^[ \t]*\$[({]error\b")
_CLOSED = lazyre.compile(r"^[ \t]*(?:endif|else)\b")
_BRANCH_LINES = 3
"""Lines after an unset test read for its ``$(error``: a ``$(info`` or two may come first."""


def _stops(branch: list[str]) -> bool:
    """Whether the branch's first lines hold a ``$(error`` before it closes."""
    for text in branch:
        if _CLOSED.match(text):
            return False
        if _ERROR.match(text):
            return True
    return False


def stopping_variables(file: SourceFile) -> list[Requirement]:
    """A hard ``env_var`` per variable the Makefile stops without (``$(error``)."""
    if "error" not in file.text:
        return []
    lines = file.text.split("\n")  # as line_counter and re.M count: not at a form feed
    found: dict[str, Requirement] = {}
    line_of = line_counter(file.text)
    for match in _STOPPING_DEFAULT.finditer(file.text):
        line = line_of(match.start())
        text = lines[line - 1].strip()[:200]
        found.setdefault(
            match.group(1), file.requirement("env_var", match.group(1), line, text=text)
        )
    for match in _UNSET_TEST.finditer(file.text):
        name = match.group(1) or match.group(2)
        line = line_of(match.start())
        if name in found or not _stops(lines[line : line + _BRANCH_LINES]):
            continue
        text = f"{lines[line - 1].strip()} then $(error ...)"[:200]
        found[name] = file.requirement("env_var", name, line, text=text)
    return list(found.values())
