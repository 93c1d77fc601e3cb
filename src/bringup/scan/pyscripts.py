"""The Python scripts a repo's script runs, and what they import: the run's needs.

A sample's ``run.sh`` builds the operator, then runs ``python3 scripts/gen_data.py`` and
``python3 scripts/verify_result.py ...`` (hansheng1001/AscendCContest@4904517
01Addcmul/KernelLaunch/MseLossKernelInvocation/run.sh:118,125): the scripts import numpy and
torch (scripts/gen_data.py:4,7; scripts/verify_result.py:3), so a run of ``run.sh`` needs
them, though no requirements file of the repo names them (outsider20 D7). The script run by
a script the build or a guide's steps run (``shellruns``: the same places, the running
script's folder and the repo's top) is read as a file of its own; only a file no name pattern
classifies (``walk.classify``: a test, ``setup.py`` and ``build.py`` are read as what they are).

Its needs are the distributions its top-level imports name, as ``pkgimports`` knows them by
import name (``yaml`` is PyYAML): an import indented under ``try``, ``if`` or a function is
optional or lazy, and the standard library and the repo's own modules name no distribution.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Iterable

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import Command, run_program
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.pkgimports import imported_distribution
from bringup.scan.walk import classify
from bringup.subjects import python_subject

PYSCRIPT = "pyscript"
"""The kind of a Python script a repo's script runs (``followed.included``)."""
_PYTHON = lazyre.compile(r"^python(?:3(?:\.\d{1,2})?)?$")
_LEADING_VARIABLE = lazyre.compile(r"^(?:\$\{?[A-Za-z_]\w{0,60}\}?/|\./)")


def _script(argv: tuple[str, ...]) -> str | None:
    """The ``.py`` file a run of the interpreter runs (``python3 scripts/gen_data.py``); none
    for ``-m``/``-c`` or an interpreter option before it."""
    program, args = run_program(argv)
    if _PYTHON.match(program) is None or not args:
        return None
    first = args[0]
    return first if first.endswith(".py") and not first.startswith("-") else None


def python_scripts(rel: str, commands: Iterable[Command]) -> tuple[str, ...]:
    """Repo-relative paths where the Python scripts ``commands`` run may lie: beside the
    script at ``rel`` and from the repo's top, each only where no name pattern reads it."""
    here = posixpath.dirname(rel)
    found: list[str] = []
    for command in commands:
        script = _script(command.argv)
        if script is None:
            continue
        path = _LEADING_VARIABLE.sub("", script, count=1)
        if "$" in path or path.startswith("/"):
            continue
        for base in dict.fromkeys((here, "")):
            joined = posixpath.normpath(posixpath.join(base, path))
            if not joined.startswith("..") and classify(joined) is None:
                found.append(joined)
    return tuple(dict.fromkeys(found))


def extract_python_script(file: SourceFile) -> Extraction:
    """One need per distribution the script's top-level imports name, cited at its first
    import; nothing when the file is no valid Python."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return Extraction()
    found: dict[str, Requirement] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            modules = [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom) and not statement.level and statement.module:
            modules = [statement.module]
        else:
            continue
        for module in modules:
            distribution = imported_distribution(module.split(".", 1)[0])
            if distribution and distribution not in found:
                found[distribution] = file.requirement(
                    python_subject(distribution),
                    "",
                    statement.lineno,
                    text=f"the script imports {module.split('.', 1)[0]}",
                    confidence="medium",
                )
    return Extraction(requirements=tuple(found.values()))
