"""What a CMake configure needs besides versions, read from its commands: environment
variables it stops without, submodules it checks for, tools it must find, and downloads.

- ``env_var``: a variable read from the environment (``$ENV{ASCEND_HOME_PATH}``, ``DEFINED
  ENV{X}``) that an ``if``/``elseif`` chain ending in ``message(FATAL_ERROR)`` tests (or its
  value, ``${X}``, or a variable ``set`` from it): without it the configure stops. Cited
  where the file first names it.
- ``submodule``: a ``FATAL_ERROR`` under ``if(NOT EXISTS <path>)`` whose message says
  "submodule" (``third_party/secure_c/include`` missing: run ``git submodule update``).
- ``system_package``: a tool a command runs (``execute_process(COMMAND patch ...)``,
  ``scan.runtools``); ``find_program(<var> <tool> ... REQUIRED)``, or one whose variable a
  fatal chain tests (``if(NOT <var>) message(FATAL_ERROR ...)``); ``find_package(Git)`` so
  (``REQUIRED``, or ``GIT_FOUND`` tested) is ``git``, and so is a fetch from a
  ``GIT_REPOSITORY``: CMake runs git to get it; a headers package a fatal message names
  (``scan.fatalpackages``).
- a toolkit a target links (``target_link_libraries(... <library>)``, in the backends'
  ``Vocabulary.libraries``; ``scan.linked``), unversioned;
- ``network``: ``FetchContent_Declare``/``ExternalProject_Add`` with a ``URL`` or
  ``GIT_REPOSITORY``, ``file(DOWNLOAD <url> ...)``, a CPM package (``scan.cpm``): the configure
  fetches, an offline machine cannot build.

A requirement read from one argument of a command written over several lines cites both
lines, the one holding the argument and the command's first (``also_at``): a reader points
at either (mscclpp CMakeLists.txt:285-286 ``FetchContent_Declare(json`` then its
``GIT_REPOSITORY``; ascend-boost-comm CMakeLists.txt:29-31 ``include_directories(`` then
``$ENV{ASCEND_HOME_PATH}/include``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from bringup import backends, lazyre
from bringup.model import Requirement
from bringup.scan.cmake_options import option_features
from bringup.scan.cmakearchives import FETCHERS, archived
from bringup.scan.cmakekernels import device_programs
from bringup.scan.cmakelex import REFERENCE, expand, line_of, resolved_url
from bringup.scan.cmakestops import ENV_READ, FIND_PROGRAM_KEYWORDS, VARIABLE, FatalChains
from bringup.scan.cpm import cpm_downloads
from bringup.scan.devicecode import DEVICE_PROGRAM, DEVICE_RUNTIMES, runs_on_cpu
from bringup.scan.extraction import SourceFile
from bringup.scan.fatalpackages import fatal_packages
from bringup.scan.linked import linked_in, provider
from bringup.scan.runtools import cmake_tools
from bringup.scan.shellguards import ASKS_TO_SET, SHELL_OWN
from bringup.scan.sysdeps import tool_subject

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

_CURRENT_DIR = lazyre.compile(r"^\$\{(?:CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}/")
_SOURCE_DIRS = lazyre.compile(
    r"^\$\{(?:PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR|CMAKE_CURRENT_SOURCE_DIR|"
    r"CMAKE_CURRENT_LIST_DIR|\w+_SOURCE_DIR)\}/"
)
_CPM = ("cpm", "rapids_cpm_")
"""Commands of CPM and of rapids-cmake's wrappers around it (``scan.cpm``)."""
_URL_KEYS = frozenset({"URL", "GIT_REPOSITORY", "SVN_REPOSITORY", "HG_REPOSITORY"})
_FIND_LIBRARY_KEYWORDS = frozenset({"NAMES_PER_DIR", "ENV", "OPTIONAL", "NO_CACHE"})


_MESSAGE_NAMES = lazyre.compile(r"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b")
"""Variables a fatal message names ("Please set ASCEND_INSTALL_PATH or env:ASCEND_HOME_PATH")."""
_REMOTE = lazyre.compile(r"^(?:https?|ftp|git|ssh)://|^git@")
_SET_OPENING = lazyre.compile(r"^\s*set\s*\(\s*([\w./+-]+)", re.IGNORECASE)


def _both_lines(file: SourceFile, requirement: Requirement, other: int) -> Requirement:
    """``requirement`` also citing ``other``, the other line of its multi-line command."""
    if other == requirement.source.line:
        return requirement
    return msgspec.structs.replace(requirement, also_at=(file.source(other),))


def _named(args: Sequence[str]) -> set[str]:
    """Variables a condition names: ``${X}`` anywhere, a bare word, ``ENV{X}``."""
    found: set[str] = set()
    for arg in args:
        found.update(ENV_READ.findall(arg))
        for match in VARIABLE.finditer(arg):
            found.add(match.group(1) or match.group(2))
    return found


def _first_named(commands: Sequence[CMakeCommand], variables: set[str]) -> dict[str, int]:
    """The line of the first command naming each of ``variables`` (``_named``): looked for
    only when the configure stops without one (few files), not in every command of every
    file."""
    found: dict[str, int] = {}
    for command in commands:
        for variable in _named(command.args) & variables:
            found.setdefault(variable, command.line)
    return found


def _toolkit_of(program: str) -> str | None:
    """The toolkit subject of the backend whose toolkit ships ``program`` (its vocabulary's
    ``toolkit_programs``): ``find_program(BISHENG_COMPILER bisheng)`` then ``FATAL_ERROR
    "Compiler bisheng is not installed or not in PATH"`` (Ascend/mssanitizer@ffce6d2b
    csrc/plugin/ccec/CMakeLists.txt:3-5) needs CANN, whose compiler it is, not a system
    package."""
    return next(
        (
            b.vocabulary.toolkit_subject
            for b in backends.registered()
            if program in b.vocabulary.toolkit_programs and b.vocabulary.toolkit_subject
        ),
        None,
    )


def _program(args: tuple[str, ...]) -> str | None:
    """The tool ``find_program`` looks for; None for Python (a subject of its own)."""
    words = [a for a in args[1:] if a not in FIND_PROGRAM_KEYWORDS]
    if not words or "$" in words[0] or words[0].startswith("python"):
        return None
    return words[0]


def _checked_path(path: str, values: dict[str, str], rel: str) -> str:
    """A path an ``if(NOT EXISTS ...)`` checks, relative to the repo: one under the current
    directory (``${CMAKE_CURRENT_SOURCE_DIR}/../../3rdparty/x``) is resolved from the CMake
    file's own directory."""
    expanded = expand(path, values)
    bare = _SOURCE_DIRS.sub("", expanded)
    if bare != expanded and _CURRENT_DIR.match(expanded):
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(rel), bare))
        return bare if resolved.startswith("..") else resolved
    return bare


def _finds(command: CMakeCommand) -> dict[str, tuple[str, int, bool]]:
    """The tool a ``find_program`` or ``find_package(Git)`` looks for, by the variable that
    says it was found: (tool, line, whether ``REQUIRED``)."""
    name, args, line = command
    if name == "find_program" and len(args) >= 2:
        tool = _program(args)
        return {args[0]: (tool, line, "REQUIRED" in args)} if tool is not None else {}
    if name == "find_package" and args[:1] == ("Git",):
        return {"GIT_FOUND": ("git", line, "REQUIRED" in args)}
    return {}


def _found_library(command: CMakeCommand) -> dict[str, tuple[str, str, int, bool]]:
    """The library a ``find_library`` looks for, where a backend ships it (``linked.provider``),
    by the variable that says it was found: (subject, why, line, whether ``REQUIRED``).
    ``find_library(CUTENSOR_LIBRARY NAMES cutensor libcutensor.so ...)`` then ``if(NOT
    CUTENSOR_LIBRARY) message(FATAL_ERROR ...)`` needs cuTENSOR
    (jdgsmallwood/cuda-spatial-filtering@9b9bcfd0 cmake/find_cutensor.cmake:23-42)."""
    _, args, line = command
    if len(args) < 2:
        return {}
    names = args[args.index("NAMES") + 1 :] if "NAMES" in args else args[1:2]
    for name in names:
        if name in FIND_PROGRAM_KEYWORDS or name in _FIND_LIBRARY_KEYWORDS:
            break
        known = provider(name)
        if known is not None:
            why = f"find_library({args[0]} {name}): {known[1]}"
            return {args[0]: (known[0], why, line, "REQUIRED" in args)}
    return {}


def _downloads(
    file: SourceFile,
    lines: Sequence[str],
    command: CMakeCommand,
    values: dict[str, str],
    archives: frozenset[str],
) -> list[Requirement]:
    """The remote URLs a fetch command downloads, each cited at the line holding it. A URL
    held in a variable is the one ``set`` earlier in the file (ops-nn
    cmake/third_party/ops-tensor.cmake:88-95 ``set(OPTENSOR_GIT_URL "https://...")`` then
    ``GIT_REPOSITORY ${OPTENSOR_GIT_URL}``; ppl.llm.kernel.cuda
    cmake/deps.cmake:63-66). A clone is git's need unless the same name is also fetched as a
    remote archive (``archives``, ``scan.cmakearchives``)."""
    name, args, line = command
    if name.startswith(_CPM):
        return cpm_downloads(file, lines, command, values)
    urls = [args[i + 1] for i in range(len(args) - 1) if args[i] in _URL_KEYS]
    if name == "file" and len(args) > 1:
        urls = [args[1]]
    found = []
    for written in urls:
        url = resolved_url(written, values)
        where = line_of(lines, written, line)
        # not a tarball beside the sources (hixl fetch_cann_cmake.cmake:21)
        if url is not None and _REMOTE.match(url):
            text = f"{name}({args[0]} ... {url}): fetched while configuring"
            need = _both_lines(file, file.requirement("network", url, where, text=text), line)
            found.append(_set_at(file, lines, need, written, values))
        cloned = written in args and args[args.index(written) - 1] == "GIT_REPOSITORY"
        if cloned and args[0].lower() not in archives:
            # mscclpp CMakeLists.txt:286, hixl cmake/fetch_cann_cmake.cmake:27; also a
            # function's argument (MindIE-LLM cmake/utils.cmake:137 ``"${DEP_REPO}"``)
            text = f"{name}({args[0]} GIT_REPOSITORY {url or written}): CMake runs git to fetch it"
            found.append(file.requirement("system_package", "git", where, text=text))
    return found


def _set_at(
    file: SourceFile, lines: Sequence[str], need: Requirement, written: str, values: dict[str, str]
) -> Requirement:
    """``need``, read from a variable, cited first where the URL is written (its ``set``,
    tensorflow cmake/acl_compat.cmake:14), then at the command: the ``set(<var>`` line of the
    variable the URL begins with, not the first place its text occurs (a comment may hold
    it); a URL written out with a version variable in it is cited where written. A variable
    set in several branches, a local tarball's ``file://`` path in one and the download in
    another, is cited where the download is set (ops-tensor
    cmake/third_party/makeself-fetch.cmake:24-30 ``set(REQ_URL "file://...")`` ... ``else()
    set(REQ_URL "https://gitcode.com/cann-src-third-party/makeself/...")``)."""
    start = REFERENCE.match(written)
    variable = start.group(1) if start and start.group(1) in values else None
    sets = [
        (number, text)
        for number, text in enumerate(lines, 1)
        if variable and (opening := _SET_OPENING.match(text)) and opening.group(1) == variable
    ]
    value = values.get(variable or "", "")
    downloading = [(n, t) for n, t in sets if _REMOTE.match(value) and value[:40] in t]
    if not sets:
        return need
    places = (need.source, *need.also_at)
    number = (downloading or sets)[0][0]
    return msgspec.structs.replace(need, source=file.source(number), also_at=places)


def _submodule_checked(
    file: SourceFile, condition: tuple[str, ...], line: int, message: str, values: dict[str, str]
) -> list[Requirement]:
    """The submodule a stopping ``if(NOT EXISTS <path>)`` checks for, when its message says
    "submodule"."""
    if "NOT" in condition and "EXISTS" in condition and "submodule" in message.lower():
        path = condition[condition.index("EXISTS") + 1 :][:1]
        if path:
            spec = _checked_path(path[0], values, file.rel)
            return [file.requirement("submodule", spec, line, text=message[:200])]
    return []


def _stopping_needs(
    file: SourceFile,
    commands: Sequence[CMakeCommand],
    stopping: set[str],
    alternatives: list[set[str]],
) -> list[Requirement]:
    """One ``env_var`` need per group of alternatives the configure stops without, cited
    where the file first names each."""
    first_named = _first_named(commands, stopping) if stopping else {}
    found: list[Requirement] = []
    for variables in _grouped(stopping, alternatives, first_named):
        names = " or ".join(variables)
        text = f"reads {names} from the environment; the configure stops without it"
        need = file.requirement("env_var", variables[0], first_named[variables[0]], text=text)
        also = tuple(dict.fromkeys(file.source(first_named[v]) for v in variables[1:]))
        found.append(msgspec.structs.replace(need, also_at=also) if also else need)
    return found


def _grouped(
    stopping: set[str], alternatives: list[set[str]], first_named: dict[str, int]
) -> list[list[str]]:
    """``stopping`` in groups of alternatives (``FatalChains.alternatives``), each in the order
    the file names them."""
    groups: list[list[str]] = []
    left = set(stopping)
    for variable in sorted(stopping, key=lambda v: (first_named[v], v)):
        if variable not in left:
            continue
        group = {variable}.union(*(a & left for a in alternatives if variable in a))
        groups.append(sorted(group, key=lambda v: (first_named[v], v)))
        left -= group
    return groups


def _linked(library: str, why: str, program: bool) -> str:
    """The words of a linked library's line; a ``program``'s link of a device runtime says the
    program drives the devices (``devicecode.DEVICE_PROGRAM``)."""
    text = f"target_link_libraries(... {library}): {why}"
    return f"{text}; {DEVICE_PROGRAM}" if program and library.lower() in DEVICE_RUNTIMES else text


def cmake_vocabulary(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """The ``env_var``, ``submodule``, ``system_package`` and ``network`` requirements of
    one CMake file."""
    fatal = FatalChains()
    env_read: set[str] = set()
    programs: dict[str, tuple[str, int, bool]] = {}
    libraries: dict[str, tuple[str, str, int, bool]] = {}
    values: dict[str, str] = {}
    linked: dict[str, tuple[int, str]] = {}
    programs_built = {c.args[0] for c in commands if c.name == "add_executable" and c.args}
    found: list[Requirement] = []
    lines = file.text.split("\n")
    archives = archived(commands)
    for command in commands:
        fatal.follow(command)
        for arg in command.args:
            if "ENV{" in arg:
                env_read.update(ENV_READ.findall(arg))
        name, args, line = command
        if name == "set" and len(args) >= 2:
            # the branch that downloads, where others take a local tarball (``_set_at``)
            if _REMOTE.match(args[1]) and not _REMOTE.match(values.get(args[0], "")):
                values[args[0]] = args[1]
            values.setdefault(args[0], args[1])
        elif name in ("find_program", "find_package"):
            programs.update(_finds(command))
        elif name == "find_library":  # the first search is the one cited
            for variable, library in _found_library(command).items():
                libraries.setdefault(variable, library)
        elif name == "target_link_libraries":
            program = args[0] in programs_built and not runs_on_cpu(args[1:])
            for arg in args[1:]:
                known = provider(arg) or next(iter(linked_in(arg)), None)
                if known is not None and known[0] not in linked:
                    linked[known[0]] = (line, _linked(arg, known[1], program))
        elif (
            name in FETCHERS
            or name.startswith(_CPM)
            or (name == "file" and args[:1] == ("DOWNLOAD",))
        ):
            found.extend(_downloads(file, lines, command, values, archives))
    tested: set[str] = set()
    # after a search the test is of what it found (``if("${Python3_EXECUTABLE}x" STREQUAL
    # "x")`` after ``find_package(Python3)``, pypto cmake/config.cmake:25-27): no variable
    # of the environment is tested there unless it is named as one
    searched_only: set[str] = set()
    for conditions, message, searched in fatal.stops:
        if ASKS_TO_SET.search(message):
            # a variable the search only took as a hint is the message's remedy for what
            # the search found ("Please set NCCL_INCLUDE_DIR and NCCL_LIB_DIR manually" when
            # the found header and library disagree, FindNCCL.cmake:154-155), not a need
            tested.update(set(_MESSAGE_NAMES.findall(message)) - fatal.hinted)
        for condition, line in conditions:
            tested |= _named(condition)
            searched_only |= (
                _named(condition) - set(ENV_READ.findall(" ".join(condition)))
                if searched
                else set()
            )
            found.extend(_submodule_checked(file, condition, line, message, values))
    tested |= fatal.carried_into(tested)
    stopping = (env_read & tested) - SHELL_OWN - searched_only - fatal.fallen_back
    found.extend(_stopping_needs(file, commands, stopping, fatal.alternatives()))
    for subject, (line, text) in linked.items():
        found.append(file.requirement(subject, "", line, text=text, confidence="medium"))
    for variable, (subject, text, line, required) in libraries.items():
        if required or variable in tested:  # the configure stops without it
            found.append(file.requirement(subject, "", line, text=text))
    for variable, (tool, line, required) in programs.items():
        if required or variable in tested:
            finder = f"find_program({variable} {tool}" if tool != "git" else "find_package(Git"
            text = f"{finder}{' REQUIRED' if required else ''})"
            # find_program(NINJA ninja): the ninja need; a toolkit's own program, the toolkit's
            named = tool_subject(tool) or _toolkit_of(tool)
            found.append(
                file.requirement(named or "system_package", "" if named else tool, line, text=text)
            )
    return (
        found
        + _launchers(file, commands, programs)
        + cmake_tools(file, commands, lines)
        + device_programs(file, commands)
        + fatal_packages(file, commands, lines)
    )


_LAUNCHER = lazyre.compile(r"^CMAKE_\w+_COMPILER_LAUNCHER$|^RULE_LAUNCH_(?:COMPILE|LINK)$")


def _launchers(
    file: SourceFile,
    commands: Sequence[CMakeCommand],
    programs: dict[str, tuple[str, int, bool]],
) -> list[Requirement]:
    """A tool the build runs each compiler through when it finds it (``find_program(CCACHE_FOUND
    ccache)`` then ``set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_FOUND})``, shmem
    CMakeLists.txt:32-36): a soft ``system_package``, since the build goes on without it. One an
    option turns on only when asked (``if(ASCIR_CCACHE)``, pyasc CMakeLists.txt:58-60) is that
    option's choice, not named."""
    opted = option_features(commands, file.rel)
    waiting = dict(programs)
    found: list[Requirement] = []
    for name, args, _ in commands:
        launcher = [a for a in args if _LAUNCHER.match(a)]
        used = {v for a in args[1:] for v in _named([a])} if launcher else set()
        for variable in sorted(used & waiting.keys()):
            tool, at, required = waiting.pop(variable)
            if not required and at not in opted:
                text = f"find_program({variable} {tool}), then {name}({launcher[0]} ...)"
                found.append(file.requirement("system_package", tool, at, text=text, hard=False))
    return found
