"""Downloads through CPM, the CMake package manager (CPM.cmake, and rapids-cmake's ``rapids_cpm_*``
wrappers around it): each package a configure may clone from GitHub is a ``network`` need.

- ``CPMAddPackage``/``CPMFindPackage``/``CPMDeclarePackage`` with ``GITHUB_REPOSITORY``,
  ``GITLAB_REPOSITORY``, ``GIT_REPOSITORY`` or ``URL``, or the one-argument shorthand
  (``"gh:NVIDIA/nvbench#main"``); cuCollections tests/CMakeLists.txt:23-26 (Catch2), rmm
  cpp/examples/fetch_dependencies.cmake:18.
- ``rapids_cpm_<package>(...)`` fetches rapids-cmake's pinned version of that package where it
  is not installed (``rapids_cpm_cccl``, rmm cpp/cmake/thirdparty/get_cccl.cmake:12;
  ``rapids_cpm_rapids_logger``, rmm cpp/CMakeLists.txt:70), ``rapids_cpm_find(<package> ...)``
  the package it names. ``CPMFindPackage`` and the rapids wrappers look for an installed copy
  first: a soft need.

``rapids_cpm_init()`` only prepares CPM (cuCollections CMakeLists.txt:75): the packages are
the needs, each ``"<package> from <where>"``: ``rapids_cpm_find``'s ``CPM_ARGS`` name the
repository (``GIT_REPOSITORY https://github.com/dmlc/dlpack.git``, cuvs
cpp/cmake/thirdparty/get_dlpack.cmake:16, cited there and at the command), a wrapper's comes
from rapids-cmake's ``versions.json``, GitHub ``git_url``s. A repository the repo itself
names (its ``GIT_REPOSITORY``, or the ``CPM_ARGS`` ``rapids_cpm_package_info`` reads from its
override file) is cloned with git: a ``system_package`` ``git`` there, as is a CPM command's
repository (``_cloned``). A bare wrapper names
none (cuCollections cmake/thirdparty/get_cccl.cmake:18 ``rapids_cpm_cccl()``, whose truth has
no git). GoogleTest, Google Benchmark and nvbench
build only the tests and benchmarks (rmm cpp/CMakeLists.txt:180-181 ``if(BUILD_TESTS)
rapids_cpm_gtest()``): their downloads are the tests' (``tests``).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of, resolved_url
from bringup.scan.extraction import SourceFile
from bringup.scan.scopenames import TEST_FRAMEWORKS, TESTS

_CPM = frozenset({"cpmaddpackage", "cpmfindpackage", "cpmdeclarepackage"})
_HOSTS = {
    "GITHUB_REPOSITORY": "https://github.com/",
    "GITLAB_REPOSITORY": "https://gitlab.com/",
    "GIT_REPOSITORY": "",
    "URL": "",
}
_GIT_KEYS = frozenset({"GITHUB_REPOSITORY", "GITLAB_REPOSITORY", "GIT_REPOSITORY"})
_SHORTHAND = {"gh:": "https://github.com/", "gl:": "https://gitlab.com/"}
_RAPIDS = lazyre.compile(r"^rapids_cpm_(\w+)$")
_HELPERS = lazyre.compile(
    r"^(?:init|package|generate|convert|display|download|get|load|json|pinning|run)(?:_|$)"
)
"""rapids-cmake's ``rapids_cpm_*`` helpers, named by what they do, not by a package: they set
CPM up (``rapids_cpm_init()``), read, pin or patch (``package_override``, ``package_info``,
``generate_pinned_versions``, ``convert_patch_json``, ``display_patch_status``, the
``pinning_*`` steps of writing the pinned versions, ``json_get_value``, ``load_preset_versions``,
``get_proprietary_binary_url``, ``run_git_patch``: rapids-cmake cpm/detail/, MatX
cmake/rapids-cmake/rapids-cmake/cpm/detail/pinning_write_file.cmake:222) or download CPM
itself (``rapids_cpm_download``); the packages fetched after them are the needs."""
_TAIL = lazyre.compile(r"[@#]")


def _shorthand(arg: str) -> str | None:
    """The URL of CPM's shorthand (``"gh:NVIDIA/nvbench#main"``, ``gl:owner/repo@1.2.3``),
    without the version or tag after ``@``/``#``, or a full URL as written."""
    for short, host in _SHORTHAND.items():
        if arg.startswith(short):
            return host + _TAIL.split(arg[len(short) :], maxsplit=1)[0]
    return arg if "://" in arg else None


def _source(args: Sequence[str]) -> tuple[str, str] | None:
    """Where a ``CPMAddPackage`` call fetches from, and the argument that says it: ``URI`` is
    read as the one-argument shorthand is (``URI "gh:fmtlib/fmt#10.0.0"``)."""
    for index, arg in enumerate(args[:-1]):
        if arg in _HOSTS:
            return _HOSTS[arg] + args[index + 1], args[index + 1]
        if arg == "URI":
            url = _shorthand(args[index + 1])
            return (url, args[index + 1]) if url is not None else None
    if len(args) == 1:
        url = _shorthand(args[0])
        return (url, args[0]) if url is not None else None
    return None


def _cloned(args: Sequence[str], written: str) -> bool:
    """Whether a CPM package comes by a clone: a repository (``GITHUB_REPOSITORY
    catchorg/Catch2``, cuCollections tests/CMakeLists.txt:23-26; ``GIT_REPOSITORY``) or the
    shorthand of one (``"gh:NVIDIA/nvbench#main"``), which CPM hands FetchContent as a
    ``GIT_REPOSITORY``; not an archive's ``URL`` (``.zip``, ``.tar.gz``)."""
    index = list(args).index(written)
    key = args[index - 1] if index else ""
    if key in _GIT_KEYS:
        return True
    return written.startswith(tuple(_SHORTHAND)) or (
        key in ("", "URI") and written.endswith(".git")
    )


def read_at_call(name: str) -> bool:
    """Whether ``cpm_downloads`` reads a call of command ``name`` (lower-cased) as the
    download it makes: a CPM command, or a ``rapids_cpm_<package>`` wrapper, whose body
    (rapids-cmake's cpm/cccl.cmake:99, ``rapids_cpm_find(CCCL ...)`` inside
    ``rapids_cpm_cccl``) says the same again (``cmakecalls``)."""
    rapids = _RAPIDS.match(name)
    return name in _CPM or (rapids is not None and not _HELPERS.match(rapids.group(1)))


def cpm_downloads(
    file: SourceFile, lines: Sequence[str], command: CMakeCommand, values: dict[str, str]
) -> list[Requirement]:
    """The ``network`` need of one CPM command (none for other commands); ``values``, what
    ``set`` gave the file's variables before it."""
    name, args, line = command
    rapids = _RAPIDS.match(name)
    if name in _CPM:
        source = _source(args)
        url = resolved_url(source[0], values) if source is not None else None
        if source is None or url is None:
            return []
        written = source[1]
        where = line_of(lines, written, line)
        text = f"{command.name}(... {url}): CPM fetches it while configuring"
        hard = name != "cpmfindpackage"
        found = [file.requirement("network", url, where, text=text, hard=hard)]
        if _cloned(args, written):
            said = f"{command.name}(... {written}): CPM clones it with git"
            found.append(file.requirement("system_package", "git", where, text=said, hard=hard))
        if where != line:
            found = [msgspec.structs.replace(r, also_at=(file.source(line),)) for r in found]
        return found
    if rapids is None or _HELPERS.match(rapids.group(1)):
        return []
    return _rapids(file, lines, command, values, rapids.group(1))


def _rapids(
    file: SourceFile,
    lines: Sequence[str],
    command: CMakeCommand,
    values: dict[str, str],
    wrapped: str,
) -> list[Requirement]:
    """The download of one ``rapids_cpm_<package>`` or ``rapids_cpm_find(<package> ...)``, and
    the git it clones with, cited where its repository is written (else at the command)."""
    name, args, line = command
    package = wrapped if wrapped != "find" or not args else args[0]
    source = _source(args[1:]) if wrapped == "find" else None
    url = resolved_url(source[0], values) if source is not None else None
    where = line_of(lines, source[1], line) if source is not None else line
    # CPM_ARGS from rapids_cpm_package_info: the git_url of its versions.json or override
    detailed = source is None and "CPM_ARGS" in args
    if source is not None:
        host = f"from {url or source[1]}"
    elif wrapped == "find":
        host = "from its package details" if detailed else "where it is not installed"
    else:
        host = "from GitHub"
    text = f"{name}(): rapids-cmake's CPM clones {package} {host}"
    feature = TESTS if package.lower() in TEST_FRAMEWORKS else ""
    need = file.requirement("network", f"{package} {host}", where, text=text, hard=False)
    found = [need]
    key = args[args.index(source[1]) - 1] if source is not None else ""
    if key in _GIT_KEYS or detailed:
        git = f"{name}({package}): CPM clones it with git"
        found.append(file.requirement("system_package", "git", where, text=git, hard=False))
    if where != line:
        found = [msgspec.structs.replace(r, also_at=(file.source(line),)) for r in found]
    return [msgspec.structs.replace(r, feature=feature) for r in found]
