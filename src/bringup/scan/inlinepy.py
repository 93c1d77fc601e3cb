"""What the Python a script runs inline imports: ``python3 -c "import torch; import
torch_npu; ..."`` in a build script (xllm-ops build.sh:115 asks torch_npu for the SoC to
build for; sip build.sh:16 checks torch is there before choosing the C++ ABI) needs those
distributions installed where the script runs; a script deeper in the tree states its
folder's need (MindIE-LLM src/kernels/build.sh:46 ``python3 -c "import psutil"``), a test,
benchmark or lint script none (``shellguards.NOT_INSTALLING``).

Only distributions ``pkgimports`` knows by their import name count (``yaml`` is PyYAML); the
standard library (``import sys; print(sys.version_info)``), a variable (``import $name``)
and the repo's own modules say nothing we can cite as a PyPI need.

An import the script probes for is optional: a run that is an ``if``/``elif``/``while``
condition itself (``if python3 -c "import torch_npu" 2>/dev/null; then USE_NPU=ON``), or one
whose output is thrown away or whose status a ``||``/``&&`` decides, is a soft need; a
failure the script tolerates (``|| true``, ``runtools.TOLERATED``) states none."""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.mention import right_before
from bringup.scan.pkgimports import imported_distribution
from bringup.scan.runtools import TOLERATED
from bringup.subjects import python_subject

_INLINE = lazyre.compile(
    r"\bpython[\d.]{0,5}\s{1,9}-c\s{1,9}(?:\"([^\"]{1,600})\"|'([^']{1,600})')"
)
"""``python3 -c "<code>"``: the code up to the closing quote."""
_IMPORT = lazyre.compile(
    r"(?:^|[;\n])\s{0,9}"
    r"(?:import\s{1,9}([\w., ]{1,200})|from\s{1,9}(\w{1,60})[\w.]{0,60}\s{1,9}import\b)"
)
"""``import a, b.c`` (the names up to the next statement) or ``from a.b import c``."""
_CONDITION = lazyre.compile(r"\b(?:if|elif|while|until)\s{1,4}(?:!\s{0,4})?$")
"""A run that is a condition's command: its status decides a branch."""
_QUIET = lazyre.compile(r"(?:\s{0,4}(?:[12&]?>{1,2}\s{0,2}/dev/null|2>&1)){0,3}\s{0,4}")
"""Redirections after the run ("2>/dev/null", "&> /dev/null"): its output is not wanted."""
_DECIDED = lazyre.compile(r"\|\||&&")


def _modules(code: str) -> list[str]:
    """The top-level modules ``code`` imports, in order."""
    found: list[str] = []
    for matched in _IMPORT.finditer(code):
        names = matched.group(1).split(",") if matched.group(1) else [matched.group(2)]
        for name in names:
            words = name.split()
            if words:
                found.append(words[0].split(".", 1)[0])
    return found


def inline_imports(file: SourceFile, lines: list[LogicalLine]) -> list[Requirement]:
    """One unversioned need per distribution the script's inline Python imports, cited at
    its first such line, the next few in ``also_at``."""
    places: dict[str, list[int]] = {}
    needed: set[str] = set()
    for line in lines:
        if "-c" not in line.text:
            continue
        for inline in _INLINE.finditer(line.text):
            quiet = _QUIET.match(line.text, inline.end())
            redirected = quiet.group(0).strip() if quiet is not None else ""
            after = quiet.end() if quiet is not None else inline.end()
            if TOLERATED.match(line.text, after):
                continue
            soft = (
                bool(redirected)
                or _DECIDED.match(line.text, after) is not None
                or right_before(_CONDITION, line.text, inline.start())
            )
            for module in _modules(inline.group(1) or inline.group(2)):
                distribution = imported_distribution(module)
                number = line.line_at(inline.start())
                if distribution and number not in places.setdefault(distribution, []):
                    places[distribution].append(number)
                if distribution and not soft:
                    needed.add(distribution)
    return [
        msgspec.structs.replace(
            file.requirement(
                python_subject(distribution),
                "",
                numbers[0],
                text=f"the script's inline Python imports {distribution}",
                confidence="medium",
            ),
            also_at=tuple(file.source(n) for n in numbers[1:4]),
            hard=distribution in needed,
        )
        for distribution, numbers in places.items()
    ]
