"""The CPU architectures a build script or CMake file branches on, as one any-of.

A build that probes the machine's architecture and takes a branch per value names the
architectures it supports: ``case $(uname -m) in x86_64|amd64) … aarch64|arm64) … *) echo
"Unsupported architecture"`` (MindSpeed-MM scripts/install.sh:154-188), ``if [ "$ARCH" =
"aarch64" ] … elif [ "$ARCH" = "x86_64" ]`` (Mooncake dependencies.sh:291-297), ``IF
(CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "aarch64") … ELSEIF (… MATCHES "x86_64")``
(ascend-transformer-boost CMakeLists.txt:15-17). Two or more values branched on are a
support list, each value cited where it is tested; hard when the file refuses the others
("Unsupported", "not supported", an exit) after its last branch, soft otherwise (the branch
may only pick a download), in a CMake file only where it warns of the others (``_WARNED``).
One value alone says which machine a step is for, not what the repo supports, and is not read
here. Nor is a packaging shell script's branch (one in a
``package``/``packaging`` directory or named for making one): run after the build, it picks
the platform tag or target directory of the package made on this machine
(``manylinux_plat=manylinux_2_28_x86_64``,
pytorch/ao@36027d82 packaging/post_build_script.sh:16-20; ``target_arch`` in the installer the
package ships, xLLM-AI/xllm-ops@d4a441a6 scripts/package/ops_xllm/scripts/install.sh:558;
Ascend/MindIE-Motor@5dfb024e build/service/create_package.sh:38), not what building from the
sources needs. A CMake packaging file is read where it refuses a CPU: the configure that
includes it stops there.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Alternative, Requirement
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.extraction import SourceFile

_SHELL_PROBE = lazyre.compile(
    r"uname\s+-[mpi]\b|\$\(\s*arch\s*\)|`arch`|dpkg\s+--print-architecture|\$\{?HOSTTYPE\b|"
    r"\bplatform\.machine\(\)",
)
"""How a script asks the machine's architecture."""
_SHELL_WORDS = ("uname", "arch", "HOSTTYPE", "machine()")
_CMAKE_WORDS = ("_PROCESSOR", "_processor")
_CMAKE_PROBE = lazyre.compile(r"CMAKE_(?:HOST_)?SYSTEM_PROCESSOR", re.IGNORECASE)
_ARCH = lazyre.compile(
    r"(?<![\w.-])(x86[_-]64|amd64|x64|aarch64|arm64|ppc64le|s390x|riscv64)(?![\w-])",
    re.IGNORECASE,
)
_CASE_ARCH = lazyre.compile(r"(?<![\w.-])(x86)(?![\w-])", re.IGNORECASE)
"""``x86`` is the 64-bit PC only as a ``case`` pattern beside the others (``x86|X86)``)."""
_SPELLINGS = {"x86-64": "x86_64", "amd64": "x86_64", "x64": "x86_64", "x86": "x86_64",
              "arm64": "aarch64"}  # fmt: skip
_CASE_PATTERN = lazyre.compile(r"^\s*(?:\(\s*)?[\w*.|\"'-][\w*.|\"' -]*\)(?:\s*;;)?\s*(?:#.*)?$")
"""A ``case`` arm: ``x86_64|X86_64|amd64|AMD64)``. Each run of spaces can be read one way
only (a pattern whose words and the spaces after them overlapped took 10 s on a line of
100,000 spaces)."""
_TEST = lazyre.compile(r"(?:==|!=|=~|(?<![<>!=])=(?!=)|\b-(?:eq|ne)\b)")
"""A comparison in a shell test: ``[ "$ARCH" = "aarch64" ]``, ``[[ $arch == aarch64* ]]``."""
_CMAKE_TEST = lazyre.compile(r"\b(?:MATCHES|STREQUAL|STRGREATER|VERSION_EQUAL)\b", re.IGNORECASE)
_REFUSED = lazyre.compile(
    r"unsupported|not\s+supported|only\s+\S+(?:\s+\S+)?\s+(?:architectures?\s+)?(?:is|are)\s+"
    r"supported|\bexit\s+[1-9]|FATAL_ERROR|不支持",
    re.IGNORECASE,
)
_ARCH_REFUSED = lazyre.compile(
    r"unsupported\s+(?:host\s+|cpu\s+)?(?:arch|processor|platform)|"
    r"(?:arch\w*|processor)\S*\s+(?:is\s+)?not\s+supported|不支持的?(?:CPU)?架构",
    re.IGNORECASE,
    prefilter=True,
)
"""The file's refusal of an architecture, wherever it stands ("Error: Unsupported architecture
'$user_arch'", MindSpeed-MM scripts/install.sh:186, in a check after the probe)."""
_REFUSED_WITHIN = 6
"""Lines after the last branch where the refusal of the others is looked for."""
_PACKAGING = lazyre.compile(
    r"(?:^|/)packag(?:e|es|ing)/|(?:^|/|[_-])packag(?:e|ing)(?:[_-][\w-]{0,40})?\.\w{1,6}$",
    re.IGNORECASE,
)
"""A packaging script's path: under ``package(s)/``/``packaging/``, or ``create_package.sh``,
``package.sh``, ``packaging_tool.sh``."""
_PASSED_ON = lazyre.compile(
    r"\bset\s*\(\s*\w+\s+\"?\$\{CMAKE_(?:HOST_)?SYSTEM_PROCESSOR\}|"
    r"^\s*\w+=\"?\$\(\s*uname\s+-[mpi]\s*\)",
    re.IGNORECASE | re.MULTILINE,
)
"""A fallback that takes the machine's own name for any other CPU (``else () … set(ARCH
${CMAKE_SYSTEM_PROCESSOR})``, hicann/hixl cmake/package.cmake:18-20, naming the package
file): the branches only spell the names, every CPU goes on."""

_WARNINGS = frozenset({"WARNING", "AUTHOR_WARNING", "SEND_ERROR"})
"""A CMake file's warning of the CPUs its branches do not know: in the ``else()`` of the
branches (``else () message(WARNING "Unknown architecture: ${CMAKE_SYSTEM_PROCESSOR}")``,
hicann/cmake function/prepare.cmake:41-42), or naming the processor: the others are told
apart from those it knows. A warning inside a branch ("aarch64 support is experimental") or
of something else after them ("OpenMP not found") is none. Without it or a refusal, a CMake
branch on the CPU picks that CPU's flags or folder and every other CPU builds too
(``if(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|ARM64")`` adds ``-ftree-vectorize``,
pytorch/FBGEMM@71d6f8b2 CMakeLists.txt:118; ``SET(ARCH aarch64)`` … ``SET(ARCH x86_64)``
with no ``else``, xLLM-AI/xllm-ops@d4a441a6 atb_customize/CMakeLists.txt:13-17): no support
list."""


def _warned(rel: str, text: str, last: int) -> bool:
    """Whether a CMake file's soft branches are a support list: it warns of the other CPUs
    (``_WARNINGS``) after its last branch (on line ``last``), and is no packaging file
    (``cpack_empty_package`` warns as well, naming the package it makes, xLLM-AI/xllm-ops@
    d4a441a6 cmake/build_empty_package.cmake:13-21: the CPU of the package made on this
    machine, as a packaging script's branch)."""
    if _PACKAGING.search(rel) is not None:
        return False
    probe = _cmake_probe(text)
    commands = [c for c in cmake_commands(text) if c.line >= last]
    depth, other, closed = 0, False, False  # other: in the else() of the branches' own if
    for name, args, line in commands:
        warns = name == "message" and args[:1] and args[0].upper() in _WARNINGS
        named = line <= last + _REFUSED_WITHIN and probe.search(" ".join(args[1:]))
        if warns and (other or named):
            return True
        if name == "if" and line > last:
            depth += 1
        elif name == "endif":
            closed = closed or depth == 0
            other = other and depth > 0
            depth -= 1
        elif name == "else" and depth == 0 and not closed:
            other = True
    return False


_CMAKE_COPY = lazyre.compile(
    r"\b(?:string\s*\(\s*TO(?:LOWER|UPPER)\s+\"?\$\{CMAKE_(?:HOST_)?SYSTEM_PROCESSOR\}\"?\s+(\w+)"
    r"|set\s*\(\s*(\w+)\s+\"?\$\{CMAKE_(?:HOST_)?SYSTEM_PROCESSOR\}\"?\s*\))",
    re.IGNORECASE,
    prefilter=True,
)
"""A variable holding the machine's architecture, maybe in one case (``string(TOLOWER
"${CMAKE_SYSTEM_PROCESSOR}" ARCH_LOW)`` then ``if (ARCH_LOW MATCHES "x86_64|amd64")``,
hicann/cmake function/prepare.cmake:36-37): testing it tests the probe."""


def _cmake_probe(text: str) -> re.Pattern[str]:
    """The probe and the variables copied from it, as one pattern of whole words."""
    copies = {m.group(1) or m.group(2) for m in _CMAKE_COPY.finditer(text)}
    names = "|".join(re.escape(c) for c in sorted(copies))
    return re.compile(_CMAKE_PROBE.pattern + (rf"|\b(?:{names})\b" if names else ""), re.I)


def _branches(lines: list[str], cmake: bool) -> list[tuple[int, str]]:
    """``(line, architecture)`` of each branch on the architecture, in order."""
    found: list[tuple[int, str]] = []
    probe = _cmake_probe("\n".join(lines)) if cmake else None
    for number, line in enumerate(lines, start=1):
        code = line.split("#", 1)[0]
        if probe is not None:
            tested = bool(probe.search(code) and _CMAKE_TEST.search(code))
            names = [m.group(1) for m in _ARCH.finditer(code)] if tested else []
        else:
            case = _CASE_PATTERN.match(line) is not None
            if not case and _TEST.search(code) is None:
                continue
            pattern = _ARCH.finditer(code) if not case else _both(code)
            names = [m.group(1) for m in pattern]
        found.extend((number, _SPELLINGS.get(n.lower(), n.lower())) for n in names)
    return found


def _both(code: str) -> list[re.Match[str]]:
    return sorted([*_ARCH.finditer(code), *_CASE_ARCH.finditer(code)], key=lambda m: m.start())


def arch_branches(file: SourceFile, *, cmake: bool) -> list[Requirement]:
    """The architectures ``file`` (a shell script, or a CMake file with ``cmake``) branches
    on, as one requirement listing them; none when it probes no architecture or names one."""
    words = _CMAKE_WORDS if cmake else _SHELL_WORDS
    if not any(word in file.text for word in words):  # most files probe nothing: no regex
        return []
    if not cmake and _PACKAGING.search(file.rel):
        return []
    probe = _CMAKE_PROBE if cmake else _SHELL_PROBE
    if probe.search(file.text) is None:
        return []
    lines = file.text.splitlines()
    branches = _branches(lines, cmake)
    values = list(dict.fromkeys(arch for _, arch in branches))
    if len(values) < 2:
        return []
    last = branches[-1][0]
    after = "\n".join(lines[last - 1 : last + _REFUSED_WITHIN])
    hard = _REFUSED.search(after) is not None or _ARCH_REFUSED.search(file.text) is not None
    if not hard and (
        _PASSED_ON.search(after) or (cmake and not _warned(file.rel, file.text, last))
    ):
        return []
    first = branches[0][0]
    text = f"branches on the CPU architecture: {', '.join(values)}"
    stated = file.requirement("arch", ",".join(values), first, text=text, hard=hard)
    places = dict.fromkeys((arch, line) for line, arch in branches)
    alternatives = tuple(Alternative(value=a, source=file.source(line)) for a, line in places)
    # where the script asks the machine (``ARCH=$(uname -m)``) is part of the statement
    asked = probe.search(file.text)
    at = file.text.count("\n", 0, asked.start()) + 1 if asked is not None else first
    also = (file.source(at),) if at != first else ()
    return [msgspec.structs.replace(stated, any_of=alternatives, also_at=also)]
