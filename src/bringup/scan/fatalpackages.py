"""A distribution's headers package a CMake configure stops without, named in its message:
``message(FATAL_ERROR "IBVerbs not found. Install libibverbs-dev or rdma-core-devel. ...")``
(microsoft/mscclpp CMakeLists.txt:258), ``"Can't get python3-dev, Python Frontend can't
build."`` (pypto cmake/config.cmake:44), ``"Reference BLAS (cblas.h / libblas) not found. "
"Install via: apt-get install libblas-dev"`` (hicann/ops-blas cmake/test.cmake:221-222). The
configure fails on a machine without the package, so the machine needs it: a
``system_package``, cited where the message names it (and where the message begins, if
earlier).

Only a Debian or RPM headers package (``-dev``, ``-devel``: ``hosttools.headers_package``) is
read: a name PyPI gives none, so no Python distribution is mistaken for one. Packages the
message gives as alternatives ("libibverbs-dev or rdma-core-devel": the Debian and the RPM
name of one library) are one need, its spec the first, the others in its text; packages named
together ("libblas-dev liblapack-dev") are all needed.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import cmake_outcome

_HEADERS = lazyre.compile(
    r"(?<![\w./+-])([a-z][a-z0-9.+]{0,60}(?:-[a-z0-9.+]{1,40}){0,4}-dev(?:el)?)\b"
)
"""A headers package as a message names it, whole (not a path's or an option's tail)."""
_ALTERNATIVES = lazyre.compile(r"-dev(?:el)?\s{0,4}(?:\bor\b|或|/)\s{0,4}[a-z]")
"""Two packages given as alternatives: "libibverbs-dev or rdma-core-devel"."""


def fatal_packages(
    file: SourceFile, commands: Sequence[CMakeCommand], lines: Sequence[str]
) -> list[Requirement]:
    """One ``system_package`` per failing ``message`` that names headers packages."""
    found: list[Requirement] = []
    for name, args, line in commands:
        if name != "message" or cmake_outcome(args) != "fail":
            continue
        message = " ".join(args[1:])
        named = list(dict.fromkeys(_HEADERS.findall(message)))
        if not named:
            continue
        spec = named[0] if _ALTERNATIVES.search(message) else " ".join(named)
        at = line_of(lines, named[0], line)
        text = f"message(FATAL_ERROR {message.strip()[:200]})"
        need = file.requirement("system_package", spec, at, text=text, confidence="medium")
        found.append(
            msgspec.structs.replace(need, also_at=(file.source(line),)) if at != line else need
        )
    return found
