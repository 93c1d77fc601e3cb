"""A package found inside a toolkit's install is a part of that toolkit, not a library of its own.

A CMake file that points ``CMAKE_PREFIX_PATH`` at the toolkit's install and then calls its
own Find module (``find_package(<X> MODULE ...)``: the module
searches that prefix) looks ``X`` up inside the toolkit: sgl-project/sgl-kernel-npu
csrc/attentions/csrc/ops/CMakeLists.txt:38-43 (``set(CMAKE_PREFIX_PATH ${CMAKE_PREFIX_PATH}
${ASCEND_CANN_PACKAGE_PATH})`` then ``find_package(alog MODULE REQUIRED)``), Ascend/MindIE-LLM
src/kernels/mie_ops/csrc/cmake/dependencies.cmake:12-64, hicann/opbase CMakeLists.txt:67-82
(``list(APPEND CMAKE_PREFIX_PATH ${ASCEND_HOME_PATH})`` then ``find_cann_package(metadef MODULE
REQUIRED)``, graph, runtime, ...: a wrapper named for the toolkit finds in its install whatever
the mode). A find whose ``HINTS``/``PATHS`` name the install is one as well: hicann/ops-nn
cmake/dependencies.cmake:63 (``find_package(ASC REQUIRED HINTS
${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake)``). A module path alone
(``CMAKE_MODULE_PATH``) says nothing: the repo's own Find modules for third-party libraries sit
beside the toolkit's. CANN's Ascend C, log,
metadef, runtime and tiling packages come with the CANN install: each such find is cited as the
toolkit's requirement (the repo's other mentions of it join that), never ``cmake:<X>`` — a
user installs CANN, not the package (the truth briefs' convention since scan15).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.extraction import SourceFile
from bringup.subjects import display_name

_PREFIX = "CMAKE_PREFIX_PATH"
_HINTS = ("HINTS", "PATHS")
_FIND_KEYWORDS = frozenset(
    {"HINTS", "PATHS", "REQUIRED", "QUIET", "MODULE", "CONFIG", "NO_MODULE", "COMPONENTS",
     "OPTIONAL_COMPONENTS", "NAMES", "CONFIGS", "PATH_SUFFIXES", "EXACT", "NO_DEFAULT_PATH"}
)  # fmt: skip
_DRIVER_PARTS = frozenset({"ascend_hal"})
"""Packages a toolkit's wrapper finds that the driver installs (``/usr/local/Ascend/driver``'s
``libascend_hal.so``, as ``_BESIDE`` says): hicann/hcomm CMakeLists.txt:129
``find_cann_package(ascend_hal MODULE REQUIRED)`` stays ``cmake:ascend_hal``."""
_FIND = re.compile(r"find_package|find_\w{1,40}_package")
"""``find_package`` and a repo's wrapper of it (``find_cann_package``, hicann/opbase)."""
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


def toolkit_parts(
    file: SourceFile,
    commands: Sequence[CMakeCommand],
    installs: Sequence[tuple[str, re.Pattern[str]]],
) -> list[Requirement]:
    """The toolkit requirement of each find that looks its package up inside a toolkit's
    install (``installs``: toolkit subject, what points at its install): a ``MODULE`` find while
    ``CMAKE_PREFIX_PATH`` names the install, any find through a wrapper
    named for the toolkit (it looks in the install wherever the prefix is set), or a find whose
    ``HINTS``/``PATHS`` name it."""
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
        elif name == "list" and len(args) > 2 and args[1] == _PREFIX:
            values = {"APPEND": args[2:], "PREPEND": args[2:], "INSERT": args[3:]}
            prefix = _install_of(values.get(args[0], ()), installs, located) or prefix
        elif _FIND.fullmatch(name) and args and "${" not in args[0]:
            part = _part_of(name, args, prefix, installs, located)
            if part is None or args[0].lower() in _DRIVER_PARTS:
                continue
            text = f"{name}({' '.join(args)}): a part of the {display_name(part)} install"
            hard = "REQUIRED" in args
            found.append(
                file.requirement(part, "", line, text=text, confidence="medium", hard=hard)
            )
    return found


def _part_of(
    name: str,
    args: Sequence[str],
    prefix: str | None,
    installs: Sequence[tuple[str, re.Pattern[str]]],
    located: dict[str, str],
) -> str | None:
    """The toolkit a find looks its package up in, or None."""
    hinted = _install_of(_hint_values(args), installs, located)
    if hinted is not None:
        return hinted
    if name != "find_package":
        named = name[len("find_") : -len("_package")].lower()
        return next((subject for subject, _ in installs if named == subject.lower()), None)
    return prefix if prefix is not None and "MODULE" in args[1:] else None


def _hint_values(args: Sequence[str]) -> list[str]:
    """The paths after ``HINTS``/``PATHS`` up to the next keyword, none leaving its folder
    (``${ASCEND_HOME_PATH}/../thirdparty`` is beside the install, not in it)."""
    values: list[str] = []
    taking = False
    for arg in args[1:]:
        if arg in _FIND_KEYWORDS:
            taking = arg in _HINTS
        elif taking and "/../" not in arg:
            values.append(arg)
    return values
