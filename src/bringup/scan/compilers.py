"""The C/C++ compiler a build script or CMake file names.

A build that sets its compiler needs that compiler: ``export CC="${GCC_PATH}/gcc"`` and
``export CXX="${GCC_PATH}/g++"`` (ascend-transformer-boost scripts/build.sh:346-347),
``-DCMAKE_CXX_COMPILER=clang++``, ``set(CMAKE_C_COMPILER gcc)``: GCC or Clang, its version
unstated (flagged as such by the repo's settling). A CMake branch on the compiler's ID
(``if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")`` adding a warning flag, Mooncake
mooncake-common/common.cmake:28) only adapts to a compiler: it is not read as a need.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.probewords import PROBED

_COMPILER = r"(?:\S*/)?(gcc|g\+\+|clang|clang\+\+)(?:-\d+(?:\.\d+)*)?"
_SHELL_SET = lazyre.compile(
    rf"(?:^|[\s;(])(?:export\s+)?(?:CC|CXX|HOST_COMPILER)=[\"']?"
    rf"(?:\$\({PROBED}|\$\{{[A-Z_]{{1,40}}:-)?{_COMPILER}\)?\}}?[\"']?(?=[\s;)]|$)",
    re.MULTILINE,
)
"""A shell variable the build takes its compiler from set to GCC or Clang: by name, by the
path a probe (``probewords.PROBED``) finds (``export CC=$(which gcc)``, MindIE-LLM
src/kernels/build.sh:50), or as the default of the user's choice (``HOST_COMPILER=${CXX:-g++}``,
cuCollections ci/build.sh:50)."""
_CMAKE_FLAG = lazyre.compile(rf"-DCMAKE_(?:C|CXX)_COMPILER(?::\w+)?=[\"']?{_COMPILER}(?![\w+.-])")
_CMAKE_SET = lazyre.compile(
    rf"\bset\s*\(\s*CMAKE_(?:C|CXX)_COMPILER\s+\"?{_COMPILER}(?![\w+.-])",
    re.IGNORECASE,
    prefilter=True,
)
_SUBJECTS = {"gcc": "gcc", "g++": "gcc", "clang": "clang", "clang++": "clang"}


def compilers(file: SourceFile, *, cmake: bool) -> list[Requirement]:
    """The compilers ``file`` (a shell script, or a CMake file with ``cmake``) sets, one
    requirement per compiler at its first mention."""
    text = file.text
    if "COMPILER" not in text and "CC=" not in text and "CXX=" not in text:
        return []
    found: dict[str, Requirement] = {}
    setting = (_CMAKE_FLAG, _CMAKE_SET) if cmake else (_SHELL_SET, _CMAKE_FLAG)
    line = line_counter(text)
    for pattern in setting:
        for match in pattern.finditer(text):
            subject = _SUBJECTS[match.group(1).lower()]
            words = f"the build's compiler: {match.group(0).strip()}"
            stated = file.requirement(
                subject, "", line(match.start(1)), text=words, confidence="medium"
            )
            earlier = found.get(subject)
            if earlier is None or (earlier.source.line or 0) > (stated.source.line or 0):
                found[subject] = stated
    return sorted(found.values(), key=lambda r: r.source.line or 0)
