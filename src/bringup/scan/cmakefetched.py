"""The ``find_package`` calls of a CMake file that look for what the file itself fetches.

A build that downloads or builds a library finds it afterwards in its own tree: ``rapids_cpm_find
(Arrow ...)`` then ``find_package(Arrow REQUIRED QUIET)`` "because rapids_cpm_find does not
propagate all the variables" (rapidsai/cudf@6a22d1d2 cpp/cmake/thirdparty/get_arrow.cmake:92,
156). So does the fallback of a "find or fetch": a quiet
find, then ``if(NOT ROCM_FOUND)`` downloads rocm-cmake and finds it there
(``find_package(ROCM 0.7.3 REQUIRED CONFIG PATHS ${PROJECT_EXTERN_DIR}/rocm-cmake)``,
ROCm/rccl@0cbce2a7 cmake/Dependencies.cmake:75-105; GTest after ``download_project
(PROJ googletest ...)``, :36-69; nvcomp's quiet find, ``if(nvcomp_FOUND) return()``, then
the download and a ``REQUIRED`` find, cudf get_nvcomp.cmake:22-99). Such a find demands nothing
installed: the download is the need (``network``, the truth briefs' convention: ``cmake:<X>``
only where ``find_package(<X> REQUIRED)`` also demands it installed), and a quiet find before it
says the build takes an installed copy where there is one.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple, Optional

from bringup import lazyre
from bringup.scan.cmakelex import CMakeCommand

_FINDS = frozenset({"find_package", "rapids_find_package"})
_NAMED_FETCHES = frozenset(
    {"fetchcontent_declare", "externalproject_add", "rapids_cpm_find", "cpmaddpackage",
     "cpmfindpackage", "cpmdeclarepackage"}
)  # fmt: skip
"""Commands whose first argument (or ``NAME``) is the package they fetch."""
_RAPIDS_WRAPPER = lazyre.compile(r"^rapids_cpm_(\w{1,60})$")
"""``rapids_cpm_<package>()`` fetches that package (``rapids_cpm_gtest``)."""
_NOT_WRAPPERS = frozenset({"init", "find", "package_override", "package_info"})
_FETCH_KEYWORDS = frozenset({"GIT_REPOSITORY", "URL", "GITHUB_REPOSITORY"})
_LOCATION = lazyre.compile(r"^(?:\$\{|[\w+.-]{1,20}://|git@|[\w.-]{1,100}/[\w.-]{1,100}$)")
"""What a fetch keyword is given: a URL, a variable, a GitHub ``owner/repo``; not a word of a
message (``message(STATUS URL)``)."""
_VARIABLE = lazyre.compile(r"^\$\{(\w{1,80})\}$")


def _fetched(command: CMakeCommand, variables: dict[str, str]) -> str | None:
    """The package (lower case) ``command`` fetches, or None: a named fetch, a rapids-cmake
    wrapper; the empty name where something is fetched: ``file(DOWNLOAD ...)``, an
    ``execute_process`` of ``git clone``, a helper given a repository or URL
    (``download_project(PROJ googletest GIT_REPOSITORY https://github.com/google/googletest.git
    ...)``, rccl cmake/Dependencies.cmake:51)."""
    name, args, _ = command
    if name in _NAMED_FETCHES and args:
        value = args[args.index("NAME") + 1] if "NAME" in args[:-1] else args[0]
        variable = _VARIABLE.match(value)
        value = variables.get(variable.group(1), value) if variable else value
        return value.lower()
    wrapper = _RAPIDS_WRAPPER.match(name)
    if wrapper is not None and wrapper.group(1) not in _NOT_WRAPPERS:
        return wrapper.group(1)
    if (
        (name == "file" and args[:1] == ("DOWNLOAD",))
        or (name == "execute_process" and "clone" in args and any(a.endswith("git") for a in args))
        or (
            name != "message"
            and any(k in _FETCH_KEYWORDS and _LOCATION.match(v) for k, v in zip(args, args[1:]))
        )
    ):
        return ""
    return None


class _Open(NamedTuple):
    """An ``if`` chain open around a command, the branch the command is in, and the chains
    around that one: each command shares its enclosing chains' nodes rather than copying them
    (a copy per command was quadratic in the nesting: 5,000 nested ``if``s, 7 s)."""

    chain: int
    branch: int
    depth: int
    outer: Optional[_Open]


def _branches(commands: Sequence[CMakeCommand]) -> list[Optional[_Open]]:
    """Per command, the innermost ``if`` chain it lies in (``_Open``): the index of the
    ``if``, which of its branches (0 the ``if``'s own, then one per ``elseif``/``else``)."""
    paths: list[Optional[_Open]] = []
    innermost: Optional[_Open] = None
    for name, _, _ in commands:
        if name == "if":
            depth = innermost.depth + 1 if innermost is not None else 1
            innermost = _Open(len(paths), 0, depth, innermost)
        elif name in ("elseif", "else") and innermost is not None:
            innermost = innermost._replace(branch=innermost.branch + 1)
        elif name == "endif" and innermost is not None:
            innermost = innermost.outer
        paths.append(innermost)
    return paths


def _apart(one: Optional[_Open], other: Optional[_Open]) -> bool:
    """Whether two commands lie in different branches of one ``if`` chain (a build runs one).
    The chains around both are the same from the innermost one they share outwards."""
    while one is not None and other is not None and one is not other:
        if one.depth != other.depth:
            one, other = (one.outer, other) if one.depth > other.depth else (one, other.outer)
        elif one.chain != other.chain:
            one, other = one.outer, other.outer
        else:
            return one.branch != other.branch
    return False


def self_fetched_finds(commands: Sequence[CMakeCommand]) -> set[int]:
    """The lines of the finds in ``commands`` of a package the same file fetches by name, or
    that follow an earlier find of the same package without ``REQUIRED``, with a fetch of it
    (or of something unnamed) between them (the fallback of a "find or fetch"). A fetch in
    another branch of the same ``if`` chain is no fallback of the find: ``if(USE_SYSTEM_FMT)``
    ``find_package(fmt REQUIRED)`` ``else()`` ``FetchContent_Declare(fmt ...)``."""
    variables = {args[0]: args[1] for name, args, _ in commands if name == "set" and len(args) == 2}
    fetched = [_fetched(command, variables) for command in commands]
    paths = _branches(commands)
    by_package: dict[str, list[int]] = {}  # package -> the indices of its fetches
    for at, package in enumerate(fetched):
        if package:
            by_package.setdefault(package, []).append(at)
    unnamed = [at for at, package in enumerate(fetched) if package == ""]
    lines: set[int] = set()
    quiet: dict[str, int] = {}  # package -> index of its first find without REQUIRED
    for index, (name, args, line) in enumerate(commands):
        if name not in _FINDS or not args:
            continue
        key = args[0].lower()
        earlier = quiet.get(key, index)
        fetches = (
            *by_package.get(key, ()),
            *unnamed[bisect_left(unnamed, earlier) : bisect_left(unnamed, index)],
        )
        if any(not _apart(paths[at], paths[index]) for at in fetches):
            lines.add(line)
        elif "REQUIRED" not in args:
            quiet.setdefault(key, index)
    return lines
