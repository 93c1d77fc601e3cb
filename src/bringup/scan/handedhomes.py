"""A toolkit's home a build script hands its CMake configure from the user's environment."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile

_DEFINED_FROM = lazyre.compile(r"-D\w+=[\"']?\$\{?([A-Z][A-Z0-9_]*)\}?")
_SETS = lazyre.compile(r"^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=", re.MULTILINE)


def handed_homes(file: SourceFile, joined: list[LogicalLine], homes: set[str]) -> list[Requirement]:
    """A toolkit's home the script hands its CMake configure without setting it
    (``CMAKE_ARGS="$CMAKE_ARGS -DASCEND_HOME_PATH=${ASCEND_HOME_PATH}"``, amct build.sh:238):
    the configure looks for the toolkit where the user's environment says. ``homes``: the
    variables that hold a toolkit's home."""
    own = set(_SETS.findall(file.text))
    found: dict[str, Requirement] = {}
    for line in joined:
        for name in _DEFINED_FROM.findall(line.text):
            if name in homes and name not in own and name not in found:
                text = f"{line.text.strip()[:160]}: the configure is told the toolkit's home"
                found[name] = file.requirement("env_var", name, line.line, text=text)
    return list(found.values())
