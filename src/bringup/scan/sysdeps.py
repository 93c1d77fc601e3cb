"""System packages a repo's own install or build commands install with the OS package manager
(``apt-get install -y build-essential cmake``, ``yum install -y $SYSTEM_PACKAGES``): the
machine needs them before the build (issue 11: "system packages and tools ... with the
Debian/openEuler package names").

A package that is a tool with a subject of its own (``ninja-build``, ``build-essential``,
``cmake``, ``clang``, ``python3``: ``tool_subject``) is never a ``system_package``: the solver
checks that subject's version where the repo states one, and the environment may provide the
tool from a package index. Ninja, the one such tool a build may do without (make builds the
same), and CMake are a need where a doc tells the user to install them, in a sentence
(``quoted_installs``: the system Ninja installed with ``apt-get install -y ninja-build``,
fbgemm-ascend README.md:91; "`$ sudo apt install build-essential cmake pkg-config`", nixl
README.md:54) or a guide's code block (``sudo apt install -y g++-11 cmake ninja-build …``,
CV-CUDA README.md:166), unversioned (a distribution's package, not the release the build
requires; an unversioned need is cited beside a versioned one, ``unversioned``). A script
installing them provides them when run; the compilers and python an install names are the base
every build has, stated where the repo states their release, as a compiler package of one
release does (``sudo apt install gcc-11 g++-11``, ThunderKittens README.md:169: at least that
release). The rest of one install command is one requirement: ``spec`` is its packages as the
manager names them, space-separated (a Debian list and an openEuler list of one script are two
statements of the need, one per distribution family, each in its own manager's names); ``text``
says which manager and family. A package list kept in a variable of the script
(``SYSTEM_PACKAGES="..."`` then ``apt-get install -y $SYSTEM_PACKAGES``, Mooncake
dependencies.sh:153-186) is expanded from its last assignment above the command.
"""

from __future__ import annotations

import msgspec

from bringup import backends, lazyre
from bringup.model import Requirement
from bringup.scan.commands import Command, parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.forbidden import forbidden
from bringup.scan.hosttools import SPEED_UPS
from bringup.scan.purpose import OPTIONAL_WORDS
from bringup.scan.pydeps import DEVELOPER_TOOLS
from bringup.scan.scopenames import DEVELOPMENT
from bringup.scan.scopes import OPTIONAL
from bringup.subjects import scope_of

_MANAGERS = {
    "apt": ("install", "Debian/Ubuntu"),
    "apt-get": ("install", "Debian/Ubuntu"),
    "aptitude": ("install", "Debian/Ubuntu"),
    "yum": ("install", "RHEL/CentOS/openEuler"),
    "dnf": ("install", "RHEL/Fedora/openEuler"),
    "zypper": ("install", "SUSE"),
    "apk": ("add", "Alpine"),
}
"""Each Linux package manager's install subcommand and the distributions it names packages
for."""
_PREFIXES = frozenset({"sudo", "then", "do", "else", "time", "exec", "command", "nohup", "env"})
"""Words before the manager that leave the command the same (``sudo``, a branch's ``then``)."""
_VALUED_OPTIONS = frozenset({"-o", "-t", "--option", "--target-release", "--enablerepo", "-c"})
_VARIABLE = lazyre.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")
_PACKAGE = lazyre.compile(
    r"^@?[A-Za-z][\w.+:-]*(?:<[\w.-]{1,60}>[\w.+:-]*)?(?:(?:[<>]?=|[<>])[\w.:~+-]+)?$"
)
"""A package as a manager takes it: ``libnuma-dev``, ``gcc-c++``, ``@development`` (a dnf
group), ``cmake=3.22.1-1`` (apt's pin), ``python3-dev>=3.10`` (a relation ``apt-get satisfy``
takes, ``_satisfied``; also ``libc6>2.31``), or one of a family the user completes
(``nvidia-dkms-<your-nvidia-driver-version>``, gdrcopy README.md:78)."""
_TOOL_PACKAGES = (
    ("ninja", lazyre.compile(r"^ninja(?:-build)?$")),
    ("cmake", lazyre.compile(r"^cmake3?$")),
    ("gcc", lazyre.compile(r"^(?:gcc|g\+\+|gcc-c\+\+|build-essential|gcc-toolset)(?:-\d{1,2})?$")),
    ("clang", lazyre.compile(r"^clang(?:\+\+)?(?:-\d{1,2})?$")),
    ("python", lazyre.compile(r"^python3?(?:\.\d{1,2})?$")),
)
"""Programs and distribution packages that are a build tool with a subject of its own, as
package managers and scripts name them: ``ninja-build`` (Mooncake dependencies.sh:155,
fbgemm-ascend README.md:91), ``build-essential``/``g++``/``gcc-c++`` (AscendNPU-IR
build-tools/build.sh:519 ``command -v g++``), ``python3`` (MindSpeed-MM
scripts/install_cann.sh:42). Its headers and pip (``python3-dev``, ``python3-pip``) are system
packages of their own."""
_QUOTED = lazyre.compile(
    r"`(?:\$\s{1,4})?((?:sudo\s{1,4})?(?:apt|apt-get|aptitude|yum|dnf|zypper|apk)\s[^`]{1,200})`"
)
"""A package-manager command quoted in a sentence: the system Ninja installed with "Ubuntu:
`apt-get install -y ninja-build`" and "CentOS/RHEL: `yum install -y ninja-build`" in one list item
(fbgemm-ascend README.md:91); after a shell prompt as a block's line may be ("`$ sudo apt install
build-essential cmake pkg-config`", nixl README.md:54)."""


_DEBIAN_LINE = lazyre.compile(r"^(?:apt|apt-get|aptitude) install \(Debian/Ubuntu packages\): ")
"""The start of the text ``system_packages`` writes for an apt install line's packages."""


def debian_named(requirement: Requirement) -> bool:
    """Whether ``requirement`` (a system package) was read from an apt install line, so its
    names are Debian's packages: cubvh readme.md:33 "ubuntu systems can use `sudo apt install
    libeigen3-dev`" names the package no table of ours lists (outsider17 D15)."""
    return bool(requirement.text and _DEBIAN_LINE.match(requirement.text))


def tool_subject(name: str) -> str | None:
    """The subject of the build tool a program or distribution package ``name`` is, if any
    (``ninja-build``: ``ninja``)."""
    bare = name.split("=", 1)[0].rstrip(">").lower()
    return next((subject for subject, package in _TOOL_PACKAGES if package.match(bare)), None)


def _manager(argv: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The manager and the words after its install subcommand, if ``argv`` installs."""
    index = 0
    while index < len(argv) and (argv[index] in _PREFIXES or argv[index].startswith("-")):
        index += 1
    if index >= len(argv):
        return None
    program = argv[index].rsplit("/", 1)[-1]
    known = _MANAGERS.get(program)
    if known is None:
        return None
    rest = argv[index + 1 :]
    at = 0  # options before the subcommand, with their values (``-o Acquire::Retries=3``)
    while at < len(rest) and rest[at].startswith("-"):
        at += 2 if rest[at] in _VALUED_OPTIONS else 1
    if at < len(rest) and rest[at] == "satisfy" and program in ("apt", "apt-get"):
        return program, tuple(_satisfied(rest[at + 1 :]))
    if at >= len(rest) or rest[at] not in (known[0], "groupinstall"):
        return None
    return program, rest[at + 1 :]


_RELATION = lazyre.compile(
    r"([a-z0-9][a-z0-9.+-]{0,80})(?:\s{0,8}\(\s{0,8}(>=|<=|<<|>>|=)\s{0,8}([\w.:~+-]{1,40})\s{0,8}\))?"
)
"""One relation of a Debian dependency list, stripped: a package and maybe its version relation
(full-matched with bounded spaces so that a long line is read in linear time)."""
_OPERATORS = {"=": "==", "<<": "<", ">>": ">"}
"""Debian's relation operators as a package list writes them (``<<`` is strictly less)."""


def _satisfied(words: tuple[str, ...]) -> list[str]:
    """The packages ``apt-get satisfy`` installs, from its Debian dependency strings ("python3
    (>=3.10), python3-dev (>=3.10)", mscclpp docs/quickstart.md:35), each with its version as a
    package list writes one (``python3-dev>=3.10``, ``libc6 (>> 2.31)`` as ``libc6>2.31``); an
    alternative ("a | b") is the first one's."""
    found = []
    for word in words:
        for relation in word.split(","):
            named = _RELATION.fullmatch(relation.split("|", 1)[0].strip())
            if named is not None:
                name, operator, version = named.groups()
                found.append(f"{name}{_OPERATORS.get(operator, operator or '')}{version or ''}")
    return found


def _packages(words: tuple[str, ...], assigned: dict[str, str]) -> list[str]:
    found: list[str] = []
    skip = False
    nested = 0
    for word in words:
        # a command substitution's words (``linux-headers-$(uname -r)``) are no packages
        nested += word.count("(") - word.count(")")
        if skip or nested > 0 or word.endswith(("$", ")")):
            skip = False
            continue
        if word in _VALUED_OPTIONS:
            skip = True
            continue
        if word.startswith("-") or word in ("&&", "||", "|"):
            continue
        variable = _VARIABLE.match(word)
        values = assigned.get(variable.group(1), "").split() if variable else [word]
        found.extend(v for v in values if _PACKAGE.match(v))
    return found


def installed_packages(
    file: SourceFile, commands: list[Command], *, tools: bool = False
) -> list[Requirement]:
    """A ``system_package`` requirement per package-manager install among ``commands``, and
    with ``tools`` (a doc's sentence or code block) the ninja and cmake needs of one installing
    them."""
    found: list[Requirement] = []
    assigned: dict[str, str] = {}
    for command in commands:
        for name, value in command.env:
            assigned[name] = value
        install = _manager(command.argv)
        if install is None:
            continue
        program, words = install
        packages = _packages(words, assigned)
        family = _MANAGERS[program][1]
        found.extend(_told_tools(file, command.line, program, packages) if tools else [])
        found.extend(_compilers(file, command.line, program, packages))
        found.extend(_toolkits(file, command.line, program, packages))
        packages = [p for p in packages if tool_subject(p) is None and _toolkit(p) is None]
        kinds = {kind: [p for p in packages if _kind(p) == kind] for kind in _KINDS}
        for kind, named in kinds.items():
            if not named:
                continue
            text = f"{program} install ({family} packages): {' '.join(named)}"
            requirement = file.requirement(
                "system_package", " ".join(named), command.line, text=text[:300]
            )
            if kind == _SPEED_UP:
                requirement = msgspec.structs.replace(requirement, hard=False)
            elif kind == DEVELOPMENT:
                requirement = msgspec.structs.replace(requirement, feature=DEVELOPMENT)
            found.append(requirement)
    return found


_SPEED_UP = "speed-up"
_KINDS = ("", _SPEED_UP, DEVELOPMENT)
_DEVELOPER_PACKAGES = lazyre.compile(
    rf"^(?:python3?-)?(?:{DEVELOPER_TOOLS}|graphviz)(?:-\d{{1,2}})?$"
)
"""A linter, formatter or documentation builder a distribution packages (``clang-format-14``,
``python3-sphinx``, ``doxygen``; ``pydeps.DEVELOPER_TOOLS``, and graphviz, the doc builders'
renderer): a developer's tool, never what the repo's build needs (the truth briefs: "ccache,
clang-format, pre-commit, doc builders: never 'repo'")."""


def _kind(package: str) -> str | None:
    """How an installed package counts: a need of the build (""), a speed-up (soft: ccache),
    a developer's tool (``DEVELOPMENT``), or None for git, which a build needs only where it
    runs it itself (clone, fetch, submodule update: read where it runs, ``runtools``,
    ``clones``), never because a guide installs it beside the compilers."""
    bare = package.split("=", 1)[0].rstrip("<>").lower()
    if bare == "git":
        return None
    if bare in SPEED_UPS:
        return _SPEED_UP
    return DEVELOPMENT if _DEVELOPER_PACKAGES.match(bare) else ""


def quoted_installs(file: SourceFile, text: str, line: int) -> list[Requirement]:
    """What the package-manager installs quoted in a sentence install, as a block's do ("- On
    Debian, `sudo apt install nvidia-dkms-<your-nvidia-driver-version>`.", gdrcopy README.md:78).
    A sentence marking itself optional (可选, "optional") states an optional feature's need: the
    item that installs protobuf-devel with `yum install protobuf-devel-3-14.0` if the ONNX plugin
    is to be built (DrivingSDK docs/zh/installation/compile.md:119). An install the sentence
    forbids is none (``forbidden``)."""
    quotes = [q.group(1) for q in _QUOTED.finditer(text) if not forbidden(text, q.start())]
    commands = [c for q in quotes for c in parse_commands(q, first_line=line)]
    found = installed_packages(file, commands, tools=True)
    if OPTIONAL_WORDS.search(text):
        return [msgspec.structs.replace(r, feature=OPTIONAL, hard=False) for r in found]
    return found


_TOLD_TOOLS = ("ninja", "cmake")
"""The build tools a doc's install states the need of (``quoted_installs``)."""


def _told_tools(
    file: SourceFile, line: int, program: str, packages: list[str]
) -> list[Requirement]:
    """The unversioned need of each build tool of ``_TOLD_TOOLS`` one install command (by
    ``program``) installs."""
    found = []
    for subject in _TOLD_TOOLS:
        package = next((p for p in packages if tool_subject(p) == subject), None)
        if package is not None:
            text = f"{program} installs {package}"
            found.append(file.requirement(subject, "", line, text=text))
    return found


_RELEASE_SUFFIX = lazyre.compile(r"(?:-\d+)+$")


def _toolkit(package: str) -> str | None:
    """The toolkit a distribution package is, by its name less a release suffix (NVIDIA's
    ``cuda-11-7``, ``cuda-toolkit-12-2``, Debian's and Ubuntu's ``nvidia-cuda-toolkit``:
    ``backends.names``), if any: one with a part named for the toolkit itself (not a word the
    names map, such as ``kernel``, the Linux kernel's package)."""
    bare = _RELEASE_SUFFIX.sub("", package.split("=", 1)[0].lower())
    subject = backends.names().get(bare)
    named = subject is not None and any(p.startswith(subject) for p in bare.split("-"))
    if subject is None or scope_of(subject) != "toolkit" or not named:
        return None
    return subject


def _toolkits(file: SourceFile, line: int, program: str, packages: list[str]) -> list[Requirement]:
    """The unversioned need of each toolkit an install installs from the distribution's
    repository (``sudo apt install -y cuda-11-7``, CV-CUDA README.md:173): the toolkit, beside
    the release the repo states elsewhere, not a system package."""
    found: dict[str, Requirement] = {}
    for package in packages:
        subject = _toolkit(package)
        if subject is not None and subject not in found:
            text = f"{program} installs {package}"
            found[subject] = file.requirement(subject, "", line, text=text)
    return list(found.values())


_RELEASED = lazyre.compile(r"^(gcc|g\+\+|gcc-toolset|clang(?:\+\+)?)-(\d{1,2})$")


def _compilers(file: SourceFile, line: int, program: str, packages: list[str]) -> list[Requirement]:
    """The compiler release an install names in its package (``gcc-11 g++-11``, ``clang-11``,
    ``gcc-toolset-13``): the repo stating the release it builds with, its least."""
    found: list[Requirement] = []
    for package in packages:
        released = _RELEASED.match(package.split("=", 1)[0])
        subject = tool_subject(package)
        if released is None or subject not in ("gcc", "clang"):
            continue
        if any(r.subject == subject for r in found):
            continue
        text = f"{program} installs {package}"
        found.append(file.requirement(subject, f">={released.group(2)}", line, text=text))
    return found
