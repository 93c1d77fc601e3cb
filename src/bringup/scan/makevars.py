"""The Makefile variables that say where a dependency is looked for.

``CUDA ?= /usr/local/cuda`` (gdrcopy Makefile:32, built with ``make CUDA=<cuda-install-top-dir>``
in its README) or ``export NVIDIA_SRC_DIR ?= $(shell find /usr/src/nvidia-* -name
"nv-p2p.c" …)`` (gdrcopy src/gdrdrv/Makefile:51) is a variable the user sets (from the
environment or the command line) when the dependency is not where the Makefile guesses: a soft
``env_var``, as a shell script's ``${X:-/usr/local/...}`` (``shellguards``). Only a variable
named for a location (``*_HOME``, ``*_ROOT``, ``*_PATH``, ``*_DIR``, not an output or a build
directory) or for a toolkit (``CUDA``), defaulting to a path on the machine outside ``/tmp``
or to a search of the machine; the GNU install directories (``prefix``, ``libdir``) are
where the build writes, not what it needs.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.shellguards import LOCATION
from bringup.subjects import scope_of

_OVERRIDABLE = lazyre.compile(r"^(?:export\s+)?([A-Za-z_]\w*)\s*\?=\s*(\S(?:.*\S)?)\s*$", re.M)
_LOCATION_NAME = lazyre.compile(rf"^{LOCATION}$")
_MACHINE_DEFAULT = lazyre.compile(
    r"^/(?!tmp\b)(?:usr|opt|lib|srv|home)/\S|^\$\(shell\s+(?:\{\s*)?(?:find|which|command\s+-v)\b"
)


def located_variables(file: SourceFile) -> list[Requirement]:
    """A soft ``env_var`` per overridable variable locating a dependency on the machine."""
    if "?=" not in file.text:
        return []
    found: list[Requirement] = []
    for match in _OVERRIDABLE.finditer(file.text):
        name, default = match.group(1), match.group(2)
        named = _LOCATION_NAME.match(name) or scope_of(name.lower()) == "toolkit"
        if not named or not _MACHINE_DEFAULT.match(default):
            continue
        line = file.text.count("\n", 0, match.start()) + 1
        text = f"{name} ?= {default}"[:200]
        found.append(file.requirement("env_var", name, line, text=text, hard=False))
    return found
