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
from bringup.subjects import has_own_scheme

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


_WORD = lazyre.compile(r"[\w+-]{2,80}")


def _library(path: str, branch: str) -> Optional[str]:
    """The library of the header directory ``path`` where the branch that stops without it
    names it, outside a path (nlohmann_json's "Error: nlohmann_json not found"), and no subject
    of its own scheme (``/usr/local/cuda/include`` is the CUDA toolkit's). The folder above
    ``include`` may be a prefix or a version's link, naming no library: Achrafbennanizia/
    Slitherlink@6bfdba73 scripts/compile_all_versions.sh:9-21 tests ``/opt/homebrew/include`` and
    ``/opt/intel/oneapi/tbb/latest/include`` and stops with "TBB not found" (it read as the
    system packages "homebrew" and "latest")."""
    named = _HEADERS.search(path)
    if named is None or has_own_scheme(named.group(1).lower()):
        return None
    said = " ".join(word for word in branch.split() if "/" not in word)
    words = {_key(w) for w in _WORD.findall(said)}
    return named.group(1) if _key(named.group(1)) in words else None


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "", name).lower()


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
        branch = _missing_branch(texts, index, bool(test.group("neg"))) if path else ""
        library = _library(path, branch) if branch else None
        if library and shell_stops(branch) and _NOT_FOUND.search(branch):
            message = next((b for b in branch.splitlines() if _NOT_FOUND.search(b)), "")
            words = f"{path} is tested, else the script stops: {message}"[:200]
            found.append(file.requirement("system_package", library, joined.line, text=words))
    return found
