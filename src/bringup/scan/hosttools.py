"""A host tool named by one item of a prerequisites list in a build or install doc
("- LLD >= 10", AscendNPU-IR installing_guide.md:19; "- bash >= 5.1.16 (…)", "- unzip (…)",
"- ccache (optional, …)", hixl docs/en/build.md:145-147; "- MPI: OpenMPI 4.0+ (…)" in
full-width marks, shmem docs/quickstart.md:185): a program or library the machine
provides, not a Python distribution, so the scan's subjects do not name it. It is a
``system_package`` whose spec is the tool with its version; an item saying it is optional, or
a tool that only speeds the build up (``ccache``), is soft.

Only an item that is the tool alone is read: its name, maybe a version, maybe a note in
brackets or after a full-width comma (hixl docs/zh/build.md:146).
A sentence that merely mentions a tool ("- use bash to run build.sh") is not a list
of prerequisites.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.scopenames import TESTS
from bringup.scan.testonly import note_only_for_tests

HOST_TOOLS = frozenset(
    {"gawk", "awk", "sed", "lcov", "gcov", "pigz", "ccache", "googletest", "gtest", "gmock",
     "mpi", "openmpi", "mpich", "lld", "bash", "unzip", "zip", "dos2unix", "make", "git",
     "git-lfs", "patch", "patchelf", "wget", "curl", "pkg-config", "autoconf", "automake",
     "libtool", "bison", "flex", "swig", "doxygen", "perl", "zlib", "openssl", "numactl",
     "pip", "pip3", "tar", "gdb", "valgrind", "makeself"}
)  # fmt: skip
"""Host programs and libraries build and install docs list as prerequisites (the scan's own
subjects, such as cmake, ninja, gcc, python, are read by the prose reader)."""


CONTAINER_ENGINES = frozenset({"docker", "podman", "isula"})
"""The container engines a guide may ask the host to have, host tools as the others are: an
item of its prerequisites list names one with what it must be or do ("- Docker, 支持
``--privileged`` + ``--ipc=host``" with a full-width comma, zhshgmail/easyr1-npu@28fc2d6e
ONBOARDING.md:45; outsider10 #4). Named bare ("- Docker" among vllm-ascend README.md:61-68's
prerequisites) it is one way to get the stack, no need."""


_CONTAINER_ROUTE = lazyre.compile(
    r"\bfor\s+(?:the\s+)?(?:containers?|images?|docker)\b|(?:用于|构建)\s{0,2}(?:容器|镜像)",
    re.IGNORECASE,
)
"""A container engine's note saying it is for the container route ("- **Docker**: Version
20.10+ (for container builds)", ai-dynamo/nixl benchmark/nixlbench/README.md:66): that route's
tool, one way beside the build, no need of the repo's (as ``prosetools`` reads a "Docker部署"
route's)."""


def headers_package(name: str) -> bool:
    """Whether ``name`` is a distribution's headers package (Debian's ``python-dev``,
    ``libwebkit2gtk-4.0-dev``; RPM's ``-devel``): a system package, a name PyPI gives none."""
    return name.lower().endswith(("-dev", "-devel"))


_NAME = lazyre.compile(r"[A-Za-z][\w.+-]*")
_IMPLEMENTATION = lazyre.compile(r"[:\uff1a]\s*([A-Za-z][\w+-]*)")
_VERSION = lazyre.compile(
    r"(>=|≥|==|>|=)?\s*v?(\d+(?:\.\d+)*)(\+)?(?:\s+or\s+(?:later|newer|above|higher)\b)?"
)
_NOTE = lazyre.compile(r"[(\uff08]([^()\uff08\uff09]*)[)\uff09]")
"""The parts of an item, matched one after another with the spaces between them stripped
once: adjacent optional runs of spaces in one pattern split a long run every way."""
_OPTIONAL = lazyre.compile(r"\boptional\b|可选|\brecommended\b|推荐", re.IGNORECASE)
SPEED_UPS = frozenset({"ccache", "sccache", "distcc"})
"""Tools that only make a build faster: the build goes on without them, a soft need however
the list words it (a bare "- ccache" as much as hixl docs/en/build.md:147 "- ccache
(optional, ...)")."""


def _parts(text: str) -> tuple[str, str, str, str] | None:
    """(name, implementation, spec operator and version, notes) of an item that is a tool
    alone, or None when the item says more than that."""
    name = _NAME.match(text)
    if name is None:
        return None
    rest = text[name.end() :].lstrip()
    impl = _IMPLEMENTATION.match(rest)
    rest = rest[impl.end() :].lstrip() if impl else rest
    version = _VERSION.match(rest)
    spec = ""
    if version and version.group(2):
        exact = version.group(1) in ("==", "=") and not version.group(3)
        spec = f"{'==' if exact else '>='}{version.group(2)}"  # "4.0+", "gawk 5": a minimum
        rest = rest[version.end() :].lstrip()
    note = _NOTE.match(rest)
    notes = note.group(1) if note else ""
    rest = rest[note.end() :].lstrip() if note else rest
    if rest.startswith("\uff0c"):  # a note after a full-width comma
        notes, rest = f"{notes} {rest}", ""
    if rest not in ("", ".", ";", "。", "\uff1b"):
        return None
    return name.group(0).lower(), impl.group(1).lower() if impl else "", spec, notes


def host_tool_item(file: SourceFile, line: int, text: str, heading: str) -> list[Requirement]:
    """The host tool one prerequisites list item (``text``, bullet removed) names, if any."""
    parts = _parts(text.strip())
    if parts is None:
        return []
    name, impl, version, notes = parts
    tools = HOST_TOOLS | CONTAINER_ENGINES
    if name not in tools and impl not in tools:
        return []
    tool = impl if impl in tools else name
    if tool in CONTAINER_ENGINES and (not (version or notes) or _CONTAINER_ROUTE.search(notes)):
        return []
    soft = bool(_OPTIONAL.search(notes) or _OPTIONAL.search(heading)) or tool in SPEED_UPS
    text = text.strip()[:200]
    found = file.requirement("system_package", tool + version, line, text=text, hard=not soft)
    if tool in _TEST_FRAMEWORKS or note_only_for_tests(notes):
        return [msgspec.structs.replace(found, feature=TESTS)]
    return [found]


_TEST_FRAMEWORKS = frozenset({"googletest", "gtest", "gmock"})
"""A test framework, and a tool whose note says only the tests need it (``testonly``: "lcov >=
1.13 (Optional, only required for running UTs)" and its Chinese twin "仅执行UT时依赖",
hicann/asc-tools docs/00_quick_start_en.md:320, docs/00_quick_start.md:315): the truth briefs'
scope "tests", not the repo's."""
