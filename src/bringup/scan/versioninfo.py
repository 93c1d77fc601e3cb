"""The exact CANN a build checks: the repo's ``version.info`` against the installed package's.

CANN's open component repos carry a ``version.info`` (``Version=7.7.T17.0``) and their build
refuses any CANN whose copy of the component's ``version.info`` differs: cann-hccl
cmake/config.cmake:19-22 runs ``check_version_compatiable.sh ${ASCEND_CANN_PACKAGE_PATH} hccl
${CMAKE_CURRENT_SOURCE_DIR}/version.info``, and the script stops unless the first four fields of
both ``Version=`` lines are equal (yzh1703456/cann-hccl@9aeddc05 cmake/scripts/
check_version_compatiable.sh:30-36). That is an exact version the build checks, not an
unversioned CANN: a ``cann`` need pinned to the repo's own version, cited at the check.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from bringup import lazyre
from bringup.model import Requirement, file_source
from bringup.scan.cmake_options import option_features
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.reading import read_text
from bringup.scan.walk import inside

_CHECK = lazyre.compile(
    r"^[^#\n]*\$\{?(?:ASCEND_CANN_PACKAGE_PATH|ASCEND_HOME_PATH|ASCEND_TOOLKIT_HOME|"
    r"ASCEND_INSTALL_PATH|CANN_PATH)\}?[^#\n]*$",
    re.MULTILINE,
)
"""A line that hands the installed CANN's directory to a command."""
_OWN_INFO = lazyre.compile(
    r"\$\{(?:CMAKE_CURRENT_SOURCE_DIR|CMAKE_SOURCE_DIR|PROJECT_SOURCE_DIR)\}/version\.info\b"
)
"""The repo's own ``version.info``, named by CMake's source-directory variables."""
_VERSION = lazyre.compile(r"^\s*Version\s*=\s*([0-9][\w.-]*)\s*$", re.MULTILINE)
_OPTION = "option:"
_INFO_BYTES = 64 * 1024
"""A ``version.info`` is a few lines; more is not one."""


def _check_line(text: str) -> int | None:
    """The line (1-based) of a command that is given both the CANN directory and the repo's
    own ``version.info`` (within the next five lines, as an ``execute_process`` spreads them)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if _OWN_INFO.search(line) is None:
            continue
        around = "\n".join(lines[max(0, index - 5) : index + 1])
        if _CHECK.search(around) is not None:
            return index + 1
    return None


def _own_info(root: Path) -> str | None:
    """The text of the repo's ``version.info``, read as every scan file is (a regular file,
    bounded, not binary) and only when it lies inside the repo: a FIFO hung the scan."""
    path = root / "version.info"
    if path.is_symlink() and not inside(str(path), os.path.realpath(root)):
        return None
    text, _ = read_text(path, "version.info", _INFO_BYTES)
    return text


def checked_versions(
    root: Path, component: str, files: Iterable[tuple[str, str, str, str]]
) -> Iterator[Requirement]:
    """A ``cann ==<Version>`` need for each CMake file (``(ref, rel, kind, text)``) that compares
    the installed CANN's ``version.info`` with the repo's own, where the repo has one; the
    repo's file is read only once a CMake file names it."""
    checks = [
        (ref, rel, line, _switch(text, rel, line))
        for ref, rel, kind, text in files
        if kind == "cmake" and "version.info" in text
        for line in (_check_line(text),)
        if line is not None
    ]
    if not checks:
        return
    info = _own_info(root)
    version = None if info is None else _VERSION.search(info)
    if info is None or version is None:
        return
    at = info[: version.start()].count("\n") + 1
    exact = version.group(1)
    for ref, rel, line, switch in checks:
        yield Requirement(
            subject="cann",
            spec=f"=={exact}",
            component=component,
            source=file_source(ref, line),
            confidence="medium",
            text=(
                "the build stops unless the installed CANN's version.info equals this repo's "
                f"(version.info:{at}: Version={exact})"
                + (
                    f", but only with {switch[len(_OPTION) :]} on, which is off here"
                    if switch
                    else ""
                )
            ),
            also_at=(file_source(ref[: len(ref) - len(rel)] + "version.info", at),),
            feature=switch,
        )


def _switch(text: str, rel: str, line: int) -> str:
    """``option:X`` when the check at ``line`` runs only under a switch that is off (``if
    (CHECK_COMPATIBLE)`` after ``set(CHECK_COMPATIBLE OFF)``): then it is no need of the
    default build; "" when the check always runs. The line may be an argument's, inside the
    command that starts above it (``set(_param … --code_version_info_file=…)``). Only a switch
    the file itself declares or sets counts: one named like an option but declared ON in
    another file (``if (BUILD_OPEN_PROJECT)``, ops-transformer CMakeLists.txt:15) is no sign."""
    commands = cmake_commands(text)
    start = max((command.line for command in commands if command.line <= line), default=0)
    switch = option_features(commands, rel).get(start, "")
    named = {args[0] for name, args, _ in commands if name in ("option", "set") and args}
    return switch if switch[len(_OPTION) :] in named else ""
