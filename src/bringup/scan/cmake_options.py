"""Which lines of a CMake file only a build option turns on: everything inside
``if(USE_HIP)`` … ``endif()`` (up to an ``else``) is what the HIP build needs, not the
project's default build. An option is a variable ``option(X "…" OFF)`` declares, or one named
as options are (``USE_X``, ``WITH_X``, ``ENABLE_X``, ``BUILD_X``) that the file does not turn
on by default; the lines it guards belong to the feature ``option:X`` (issue 11: scopes).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Optional

from bringup import lazyre
from bringup.scan.cmakeprobes import probe_branches, probe_switches
from bringup.scan.scopes import OPTIONAL
from bringup.subjects import scope_of

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

_OPTION_NAME = lazyre.compile(r"^(?:USE|WITH|ENABLE|BUILD)_[A-Z0-9_]+$")


_TOP_LEVEL = (
    frozenset({"PROJECT_SOURCE_DIR", "CMAKE_SOURCE_DIR"}),
    frozenset({"CMAKE_CURRENT_SOURCE_DIR", "CMAKE_SOURCE_DIR"}),
)
"""The comparisons true when the project is the top of the build (CMake documents
``CMAKE_SOURCE_DIR`` as the top-level source tree, ``PROJECT_IS_TOP_LEVEL`` as this test):
in the root ``CMakeLists.txt`` and the ``.cmake`` files it includes, the repo built on its
own; in a nested ``CMakeLists.txt``, which the repo's build adds with ``add_subdirectory``,
false, so there its ``else`` is the build's."""


def _top_level(args: tuple[str, ...]) -> bool:
    """Whether ``if(args)`` tests that the project is built on its own."""
    bare = tuple(a.strip("${}") for a in args)
    if len(bare) == 1:
        return bare[0] == "PROJECT_IS_TOP_LEVEL" or bare[0].endswith("_IS_TOP_LEVEL")
    return len(bare) == 3 and bare[1] == "STREQUAL" and frozenset(bare[::2]) in _TOP_LEVEL


def option_defaults(commands: Sequence[CMakeCommand], rel: str) -> tuple[set[str], set[str]]:
    """The options the file ``rel`` declares off and on by default (``option(NAME "doc" OFF)``).
    One declared inside a top-level test takes the default of the branch the repo's build
    takes (hicann/hixl cmake/variables.cmake:11-17: ON when built on its own, OFF as another
    project's part): the test's own in the root's files, its ``else`` in a nested
    ``CMakeLists.txt``."""
    off: set[str] = set()
    on: set[str] = set()
    branches: list[str] = []  # per open if: "taken", "skipped" (a top-level test's), or ""
    within = {"taken": 0, "skipped": 0, "": 0}  # how many of ``branches`` are each
    nested = "/" in rel and rel.rsplit("/", 1)[-1].lower() == "cmakelists.txt"
    settled: set[str] = set()
    for name, args, _ in commands:
        if name == "if":
            top = _top_level(args)
            branches.append(("skipped" if nested else "taken") if top else "")
            within[branches[-1]] += 1
        elif name in ("elseif", "else") and branches:
            within[branches[-1]] -= 1
            branches[-1] = {"taken": "skipped", "skipped": "taken"}.get(branches[-1], "")
            within[branches[-1]] += 1
        elif name == "endif" and branches:
            within[branches.pop()] -= 1
        elif not branches and name == "set" and len(args) == 2 and args[1].upper() in _SWITCHED:
            # a plain ``set(X OFF)`` outside any ``if`` is the value from there on (hicann/
            # shmem@643bfb73 src/CMakeLists.txt:16-19: ``set(ACLSHMEM_MPI_SUPPORT OFF)`` then
            # ``if(ACLSHMEM_MPI_SUPPORT) find_package(MPI REQUIRED)``): a branch it turns on
            # later, where MPI is found, is not the default build's
            switched_on = _SWITCHED[args[1].upper()]
            (on if switched_on else off).add(args[0])
            (off if switched_on else on).discard(args[0])
        else:
            value = _declared_default(name, args)
            if value is None or within["skipped"] or args[0] in settled:
                continue
            if within["taken"]:
                settled.add(args[0])
                off.discard(args[0])
            (on if value.upper() in ("ON", "TRUE", "1", "YES") else off).add(args[0])
    # a switch only a branch where an optional compiler or package was found turns on
    # (``cmakeprobes``) is off by default
    off |= probe_switches(commands) - on
    return off, on


_SWITCHED = {"ON": True, "TRUE": True, "YES": True, "OFF": False, "FALSE": False, "NO": False}
"""The boolean values a plain ``set(X <value>)`` gives a switch."""


def _declared_default(name: str, args: tuple[str, ...]) -> str | None:
    """The default of the switch the command ``name(args)`` declares, or None: an
    ``option(NAME "doc" OFF)``, one with no value (off: ``option(MATX_EN_FILEIO OFF)``, MatX
    CMakeLists.txt:78, its "OFF" the help text), a ``cmake_dependent_option``, and a cached
    boolean (``set(MATX_EN_PYBIND11 OFF CACHE BOOL "Enable pybind11 support")``, :95)."""
    if name == "option" and len(args) >= 2:
        return args[2] if len(args) > 2 else "OFF"
    if name == "cmake_dependent_option" and len(args) >= 3:
        return args[2]
    if name == "set" and len(args) >= 4 and args[2] == "CACHE" and args[3].upper() == "BOOL":
        return args[1]
    return None


def off_by_default(name: str, off: Container[str], on: Container[str]) -> bool:
    """Whether the ``if`` operand ``name`` is an option off by default: declared so, or named
    like an option (``USE_X``, ``WITH_X``) and not declared on."""
    return name in off or (_OPTION_NAME.match(name) is not None and name not in on)


def _tokens(args: Sequence[str]) -> list[str]:
    """An ``if``'s arguments with the parentheses the lexer leaves on them as tokens of their
    own (``(USE_BAR`` is ``(``, ``USE_BAR``)."""
    tokens: list[str] = []
    for arg in args:
        core = arg.lstrip("(")
        tokens.extend("(" * (len(arg) - len(core)))
        name = core.rstrip(")")
        tokens.extend([name] if name else [])
        tokens.extend(")" * (len(core) - len(name)))
    return tokens


def _split(tokens: list[str], word: str) -> list[list[str]]:
    """``tokens`` split at ``word`` outside parentheses."""
    parts: list[list[str]] = [[]]
    depth = 0
    for part in tokens:
        depth += (part == "(") - (part == ")")
        if part == word and depth == 0:
            parts.append([])
        else:
            parts[-1].append(part)
    return parts


def _off(tokens: list[str], off: Container[str], on: Container[str]) -> bool:
    """Whether the ``if`` condition ``tokens`` is false by default: each of its ``OR``
    alternatives is (AND binds tighter, parentheses group), an alternative when one of its
    ``AND`` operands is an option off by default (not under ``NOT``) or a group that is off."""
    for alternative in _split(tokens, "OR"):
        operands = _split(alternative, "AND")
        if not any(
            (len(o) == 1 and off_by_default(o[0], off, on))
            or (len(o) > 2 and o[0] == "(" and o[-1] == ")" and _off(o[1:-1], off, on))
            for o in operands
        ):
            return False
    return True


def option_features(
    commands: Sequence[CMakeCommand], rel: str, elsewhere: frozenset[str] = frozenset()
) -> dict[int, str]:
    """``line -> option:X`` for each command of the file ``rel`` inside the taken branch of
    ``if(X …)`` where X is an option off by default; the ``if`` line itself too (a guard
    there is the option's). ``elsewhere``: the options other files of the repo declare off
    (and none on). Each command costs the same however deep the ``if``s around it nest."""
    defaults_off, on = option_defaults(commands, rel)
    off = defaults_off | (elsewhere - on)
    probes = probe_branches(commands)
    given = _Given()
    innermost: list[str] = []  # per open branch: the innermost option guarding it, or ""
    out: dict[int, str] = {}
    for name, args, line in commands:
        if name in ("if", "elseif"):
            first = args[0] if args else ""
            off_here, on_here = given.switched(off, False), given.switched(on, True)
            optional = off_by_default(first, off_here, on_here)
            if optional and len(_split(_tokens(args), "OR")) > 1:
                # every alternative off by default (MatX CMakeLists.txt:426
                # ``if (MATX_EN_FILEIO OR MATX_EN_VISUALIZATION OR … MATX_BUILD_TESTS …)``)
                optional = _off(_tokens(args), off_here, on_here)
            if name == "elseif" and innermost:
                innermost.pop()
                given.close()
            outer = innermost[-1] if innermost else ""
            # a branch taken only where an optional compiler or package was found (cmakeprobes)
            probed = name == "if" and line in probes
            innermost.append(f"option:{first}" if optional else OPTIONAL if probed else outer)
            given.open()
        elif name == "else" and innermost:
            innermost[-1] = innermost[-2] if len(innermost) > 1 else ""
            given.close()
            given.open()
        elif name == "endif" and innermost:
            innermost.pop()
            given.close()
            continue
        elif name == "set" and innermost and len(args) == 2 and args[1].upper() in _SWITCHED:
            given.set(args[0], _SWITCHED[args[1].upper()])
        if innermost and innermost[-1]:
            out[line] = innermost[-1]
    return out


class _Given:
    """The switches a plain ``set`` gave inside the branches still open, the innermost's
    value first: a ``set(X OFF)`` earlier in a branch that is still open holds there, whatever
    ``option`` declared (repo-mirror-test/ops-transformer@bfbbec83 cmake/config.cmake:199-201,
    inside ``if (BUILD_OPEN_PROJECT)``: ``option(CHECK_COMPATIBLE … ON)``,
    ``set(CHECK_COMPATIBLE OFF)``, ``if (CHECK_COMPATIBLE)``; a plain variable hides the cache
    entry a ``-D`` sets, so the check never runs). Kept as one map and what each open branch
    replaced in it, so that an ``if`` looks a name up rather than copying every branch's."""

    def __init__(self) -> None:
        self.values: dict[str, bool] = {}
        self._replaced: list[dict[str, Optional[bool]]] = []  # per open branch

    def open(self) -> None:
        self._replaced.append({})

    def close(self) -> None:
        if not self._replaced:
            return
        for variable, value in self._replaced.pop().items():
            if value is None:
                self.values.pop(variable, None)
            else:
                self.values[variable] = value

    def set(self, variable: str, value: bool) -> None:
        self._replaced[-1].setdefault(variable, self.values.get(variable))
        self.values[variable] = value

    def switched(self, defaults: AbstractSet[str], value: bool) -> Container[str]:
        """The switches whose value here is ``value``: ``defaults``, those with that value,
        less and plus what the open branches gave."""
        return defaults if not self.values else _Switched(defaults, self.values, value)


class _Switched(Container[str]):
    def __init__(self, defaults: AbstractSet[str], given: Mapping[str, bool], value: bool) -> None:
        self._defaults, self._given, self._value = defaults, given, value

    def __contains__(self, name: object) -> bool:
        given = self._given.get(name) if isinstance(name, str) else None
        return name in self._defaults if given is None else given is self._value


_FIND_MODULE = lazyre.compile(r"(?:^|/)Find\w+\.cmake$")
_FOUND_SCOPES = frozenset({"toolkit", "driver"})


def find_module_feature(rel: str, subject: str) -> str:
    """``optional`` for a toolkit or driver a ``Find<X>.cmake`` module looks in (Mooncake
    mooncake-common/FindNCCLDevice.cmake:85 reads ``CUDA_HOME``): a module only runs where a
    ``find_package(X)`` asks for it, and that call (inside its option, or ``REQUIRED`` at the
    top) says whether the build needs it; "" for any other file or subject."""
    if _FIND_MODULE.search(rel) is None:
        return ""
    return OPTIONAL if scope_of(subject) in _FOUND_SCOPES else ""
