"""A package found inside a toolkit's install is a part of that toolkit, not a library of its own.

A CMake file that points ``CMAKE_PREFIX_PATH`` at the toolkit's install and then calls its own
Find module (``find_package(<X> MODULE ...)``: the module searches that prefix) looks ``X`` up
inside the toolkit: sgl-project/sgl-kernel-npu csrc/attentions/csrc/ops/CMakeLists.txt:38-43
(``set(CMAKE_PREFIX_PATH ${CMAKE_PREFIX_PATH} ${ASCEND_CANN_PACKAGE_PATH})`` then
``find_package(alog MODULE REQUIRED)``), Ascend/MindIE-SD csrc/ops/CMakeLists.txt:36-41, and
Ascend/MindIE-LLM src/kernels/mie_ops/csrc/cmake/dependencies.cmake:12-64 (``ASCEND_DIR`` is
``$ENV{ASCEND_HOME_PATH}`` or ``/usr/local/Ascend/...``, ``set(CMAKE_PREFIX_PATH
${ASCEND_DIR}/)``, then ``find_package(dlog MODULE REQUIRED)``, metadef, runtime, ...). CANN's
log, metadef, runtime and tiling libraries come with the CANN install: each such find is cited
as the toolkit's requirement (the repo's other mentions of it join that), never ``cmake:<X>``.

Only in a build nested in the repo (a kernel library under ``csrc/`` or ``src/kernels/``, built
by its own script): the repo's top-level build names the components it is built against as
packages of their own (hicann/opbase CMakeLists.txt:71-82, ``find_cann_package(metadef ...)``),
and the truths count those.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.extraction import SourceFile
from bringup.subjects import display_name

_PREFIX = "CMAKE_PREFIX_PATH"
_READ = re.compile(r"\$\{(\w+)\}")
_BESIDE = re.compile(r"/(?:driver|firmware|nnal)(?:/|$)")
"""What else installs under the vendor's folder: ``/usr/local/Ascend/driver`` (the driver,
``ascend_hal``), ``/usr/local/Ascend/nnal/atb`` (NNAL): a prefix there is not the toolkit's."""


def _install_of(
    values: Sequence[str],
    installs: Sequence[tuple[str, re.Pattern[str]]],
    located: dict[str, str],
) -> str | None:
    """The toolkit whose install one of ``values`` names, itself or through a variable the
    file set to it."""
    for value in values:
        if _BESIDE.search(value):
            continue
        for subject, install in installs:
            if install.search(value):
                return subject
        for variable in _READ.findall(value):
            if variable in located:
                return located[variable]
    return None


def nested(rel: str) -> bool:
    """Whether the CMake file at ``rel`` belongs to a build below the repo's top level: a
    ``cmake/`` folder and everything under it (``cmake/modules``, ``cmake/third_party``,
    hicann/opbase) is the build's own that holds it."""
    parts = posixpath.dirname(rel).split("/")
    folder = parts[: parts.index("cmake")] if "cmake" in parts else parts
    return any(folder)


def toolkit_parts(
    file: SourceFile,
    commands: Sequence[CMakeCommand],
    installs: Sequence[tuple[str, re.Pattern[str]]],
) -> list[Requirement]:
    """The toolkit requirement of each ``find_package(<X> MODULE ...)`` a nested build makes
    while ``CMAKE_PREFIX_PATH`` names the toolkit's install (``installs``: toolkit subject,
    what points at its install)."""
    if not nested(file.rel):
        return []
    located: dict[str, str] = {}
    prefix: str | None = None
    found: list[Requirement] = []
    for name, args, line in commands:
        if name == "set" and len(args) >= 2:
            subject = _install_of(args[1:], installs, located)
            if args[0] == _PREFIX:
                kept = prefix if f"${{{_PREFIX}}}" in args[1:] else None
                prefix = subject or kept
            elif subject is not None:
                located[args[0]] = subject
        elif name == "list" and args[:2] == ("APPEND", _PREFIX):
            prefix = _install_of(args[2:], installs, located) or prefix
        elif name == "find_package" and prefix is not None and "MODULE" in args[1:]:
            text = (
                f"find_package({' '.join(args)}): a part of the {display_name(prefix)} "
                f"install {_PREFIX} points at"
            )
            hard = "REQUIRED" in args
            found.append(
                file.requirement(prefix, "", line, text=text, confidence="medium", hard=hard)
            )
    return found
