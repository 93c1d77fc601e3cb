"""The Python modules a CMake build imports to find its headers and libraries.

An extension built with CMake asks the interpreter where a framework lives:
``execute_process(COMMAND python3 -c "import os; import torch; print(os.path.dirname(
torch.__file__))" …)``, ``execute_process(COMMAND python3 -m pybind11 --includes …)``
(DeepGEMM_Ascend deep_gemm_ascend/framework/CMakeLists.txt:50, :59, :77). The build needs the
interpreter and each module it imports (its distribution, named as the module is: ``torch``,
``torch_npu``, ``pybind11``), versions unstated. The standard library is no requirement, nor
a module of the repo a script run in its own directory imports.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import line_of
from bringup.scan.extraction import SourceFile
from bringup.subjects import python_subject

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

_INTERPRETER = lazyre.compile(
    r"^(?:python3?(?:\.\d+)?(?:-config)?|\$\{(?:Python3?|PYTHON)_EXECUTABLE\})$", re.IGNORECASE
)
_IMPORT = lazyre.compile(
    r"(?:^|[;\s])(?:import\s+([A-Za-z_]\w*)|from\s+([A-Za-z_]\w*)[\w.]*\s+import)"
)
_STANDARD = frozenset(
    {"__future__", "os", "sys", "sysconfig", "site", "platform", "importlib", "json", "re",
     "pathlib", "distutils", "subprocess", "shutil", "glob", "ctypes", "struct"}
)  # fmt: skip


def _modules(args: Sequence[str]) -> list[str]:
    """The modules an interpreter call among ``args`` imports (``-c`` code) or runs (``-m``)."""
    found: list[str] = []
    for index, arg in enumerate(args[:-2]):
        if not _INTERPRETER.match(arg):
            continue
        flag, value = args[index + 1], args[index + 2]
        if flag == "-m":
            found.append(value.split(".", 1)[0])
        elif flag == "-c":
            found.extend(m.group(1) or m.group(2) for m in _IMPORT.finditer(value))
    return [m for m in dict.fromkeys(found) if m not in _STANDARD]


def python_imports(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """The interpreter and the modules the ``execute_process`` calls of ``commands`` run."""
    found: dict[str, Requirement] = {}
    lines = file.text.split("\n")
    for command in commands:
        if command.name != "execute_process":
            continue
        # a script run in a directory of the repo imports its own modules (``import
        # op_list_utils`` with ``WORKING_DIRECTORY …/scripts``, ascend-transformer-boost
        # ops_customize/ops/CMakeLists.txt:40): only the interpreter is needed
        local = "WORKING_DIRECTORY" in command.args
        modules = [] if local else _modules(command.args)
        if not modules and not any(_INTERPRETER.match(a) for a in command.args):
            continue
        text = f"the build runs Python: {' '.join(command.args)[:120]}"
        # the line naming the interpreter is cited beside the call's: ``COMMAND python3 …``
        # after ``execute_process(`` (hicann/cmake scripts/package/pkg_func.cmake:33-34); the
        # call's own line keeps the feature an ``if`` around it gives (``option_features``)
        ran = next((a for a in command.args if _INTERPRETER.match(a)), "")
        named = line_of(lines, ran, command.line) if ran else command.line
        beside = (file.source(named),) if named != command.line else ()
        for subject in ("python", *(python_subject(m) for m in modules)):
            if subject not in found:
                stated = file.requirement(subject, "", command.line, text=text, confidence="medium")
                found[subject] = msgspec.structs.replace(stated, also_at=beside)
    return list(found.values())
