"""A header directory a build script stops without.

HongminTan/ACNC2025-HCCL@f85b7e6 build.sh:140-152 (a cann-hccl fork) takes the nlohmann json
headers from ``--nlohmann_path``, else from ``DEFAULT_NLOHMANN_PATH="/opt/nlohmann_json/
include"`` when ``[ -d "${DEFAULT_NLOHMANN_PATH}" ]``, else logs "Error: nlohmann_json not
found. Please install it or specify path with --nlohmann_path." and exits 1: the build needs
that library's headers, though no package file names it (outsider40 D1: the plan counted
``bash build.sh`` runnable once CANN was installed). A ``-d`` test of a directory named
``include`` (written in the test or assigned to the tested variable), whose branch taken when
it is missing stops with a "not found" message, is a ``system_package`` need of the library
the directory above ``include`` is named for.
"""

from __future__ import annotations

import re
from typing import Optional

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import shell_stops

_DIR_TEST = lazyre.compile(
    r"^(?:el)?if\s+(?:\[\[?|test)\s+(?P<neg>!\s+)?-d\s+\"?(?:\$\{?(?P<var>[A-Za-z_]\w*)\}?|"
    r"(?P<path>/[^\s\"\]]{1,200}))\"?"
)
_ASSIGNED_PATH = lazyre.compile(r"^(?:export\s+|local\s+)?([A-Za-z_]\w*)=[\"']?(/[^\s\"';]{1,200})")
_HEADERS = lazyre.compile(r"/([A-Za-z][\w.+-]{1,60})/include/?$")
"""The library a header directory is named for: ``/opt/nlohmann_json/include``."""
_NOT_FOUND = lazyre.compile(
    r"\bnot\s+(?:found|exist|installed)|\bno\s+such\b|\bcannot\s+find\b|找不到|未找到|不存在|未安装",
    re.IGNORECASE,
)
_BLOCK_LINES = 16


def _missing_branch(texts: list[str], start: int, negated: bool) -> str:
    """The lines of the ``if`` at ``texts[start]`` that run when the directory is missing:
    the ``then`` part of a negated test, else the ``else`` part, up to its ``fi``."""
    taken: list[str] = []
    inside, depth = negated, 0
    for text in texts[start + 1 : start + _BLOCK_LINES]:
        line = text.strip()
        if line.startswith("if ") and not re.search(r"\bfi\s*;?\s*$", line):
            depth += 1
        elif line.startswith("fi") and depth:
            depth -= 1
        elif depth == 0 and line.startswith(("fi", "else", "elif")):
            if line.startswith("fi") or inside:
                break
            inside = line.startswith("else")
            continue
        if inside:
            taken.append(line)
    return "\n".join(taken)


def _library(path: str) -> Optional[str]:
    named = _HEADERS.search(path)
    return named.group(1) if named is not None else None


def header_dirs(file: SourceFile, lines: list[LogicalLine]) -> list[Requirement]:
    """The libraries whose header directory ``file``'s tests stop without (``_HEADERS``)."""
    texts = [line.text for line in lines]
    paths: dict[str, str] = {}
    found: list[Requirement] = []
    for index, joined in enumerate(lines):
        text = joined.text.strip()
        assigned = _ASSIGNED_PATH.match(text)
        if assigned is not None:
            paths[assigned.group(1)] = assigned.group(2)
        test = _DIR_TEST.match(text) if "-d" in text else None
        if test is None:
            continue
        path = test.group("path") or paths.get(test.group("var") or "", "")
        library = _library(path)
        branch = _missing_branch(texts, index, bool(test.group("neg"))) if library else ""
        if library and shell_stops(branch) and _NOT_FOUND.search(branch):
            message = next((b for b in branch.splitlines() if _NOT_FOUND.search(b)), "")
            words = f"{path} is tested, else the script stops: {message}"[:200]
            found.append(file.requirement("system_package", library, joined.line, text=words))
    return found
