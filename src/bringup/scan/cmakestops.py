"""The ``if`` chains around a CMake configure's ``message(FATAL_ERROR)`` stops: which
environment variables each stop tests, which have a fallback, a default or a search before
them (``scan.cmake_vocab`` turns the rest into ``env_var`` needs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup import lazyre
from bringup.scan.outcomes import cmake_outcome
from bringup.scan.shellguards import SHELL_OWN

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

ENV_READ = lazyre.compile(r"ENV\{(\w+)\}")
VARIABLE = lazyre.compile(r"\$\{(\w+)\}|^(\w+)$")
FIND_PROGRAM_KEYWORDS = frozenset(
    {"NAMES", "HINTS", "PATHS", "PATH_SUFFIXES", "DOC", "REQUIRED", "NO_DEFAULT_PATH"}
)


class FatalChains:
    """The ``if`` chain directly around each ``message(FATAL_ERROR)``: all its conditions,
    each with its line (an ``else`` branch stops because every test of its chain failed; an
    outer chain only decides whether the check runs at all)."""

    def __init__(self) -> None:
        self.chains: list[list[tuple[tuple[str, ...], int]]] = []
        self.stops: list[tuple[list[tuple[tuple[str, ...], int]], str, bool]] = []
        """Each stop's chain, its message, and whether a branch around it searched first."""
        self.fallen_back: set[str] = set()
        self.past_first: list[bool] = []
        """The environment variables the chains around a stopping chain test, where the stop
        lies past their first branch: ``if(DEFINED ENV{X})`` whose ``else`` tries default
        paths and stops only when none exists (hicann/hixl@9ed283b2 cmake/variables.cmake:
        26-36; cann-samples cmake/ascend.cmake:27-50, "Please set ASCEND_HOME_PATH" in that
        ``else``). The variable has a fallback, so it is no need (the truth conventions, C2);
        the stop is the fallback's."""

        self.carried: dict[str, set[str]] = {}
        """The environment variables each variable is ``set`` from."""
        self.defaulted: set[str] = set()
        """Variables given a literal default when empty (``if(NOT X) set(X "10")``), or
        ``set`` from what the configure found otherwise (``set(CANN_PATHS "${ASCEND_PATH}/
        ${CANN_VERSION}")`` from the toolkit's version file when ``ASCEND_OPS_BASE_PATH`` is
        no directory, cann-recipes-embodied-intelligence ops/ascendc/cmake/config.cmake:52-
        63): the environment is one way among others to fill them."""
        self.searched: list[bool] = []
        """Whether the current branch of each open chain ran a ``find_*`` command."""
        self.hinted: set[str] = set()
        """Variables a ``find_*`` command searches as ``HINTS`` or ``PATHS`` besides its
        default places (``find_path(NCCL_INCLUDE_DIRS NAMES nccl.h HINTS
        ${NCCL_INCLUDE_DIR})``, the FindNCCL.cmake PyTorch's copies spread, InfiniTensor
        cmake/FindNCCL.cmake:104-106): a place to look, not a need."""

    def carried_into(self, tested: set[str]) -> set[str]:
        """The environment variables the ``tested`` variables were set from: ``set(CANN_PATHS
        "$ENV{ASCEND_TOOLKIT_HOME}")`` then ``if(NOT EXISTS "${CANN_PATHS}")
        message(FATAL_ERROR ...)`` checks the environment (DrivingSDK cmake/config.cmake:
        31-37); not through one given a default when empty (TransformerEngine
        transformer_engine/common/CMakeLists.txt:519-522)."""
        return {env for name in tested - self.defaulted for env in self.carried.get(name, ())}

    def alternatives(self) -> list[set[str]]:
        """The environment variables set into one variable, each an alternative to the others
        (``if(DEFINED ENV{ASCEND_HOME_PATH}) set(ASCEND_DIR $ENV{ASCEND_HOME_PATH})
        elseif(DEFINED ENV{ASCEND_TOOLKIT_HOME}) set(ASCEND_DIR $ENV{ASCEND_TOOLKIT_HOME})``,
        msprobe ccsrc/xor_checksum/cmake/ascend.cmake:26-29)."""
        return [envs - SHELL_OWN for envs in self.carried.values() if len(envs - SHELL_OWN) > 1]

    def follow(self, command: CMakeCommand) -> None:
        name, args, line = command
        if name == "set" and len(args) >= 2:
            read = ENV_READ.findall(" ".join(args[1:]))
            self.carried.setdefault(args[0], set()).update(read)
            # ``if(NOT CANN_PATHS) set(CANN_PATHS "$ENV{ASCEND_TOOLKIT_HOME}")``: the
            # environment fills what nothing else did (DrivingSDK cmake/config.cmake:31-33)
            emptied = bool(self.chains) and self.chains[-1][0][0][:2] == ("NOT", args[0])
            if emptied or (not read and _found_otherwise(args)):
                self.defaulted.add(args[0])
        if name.startswith("find_"):
            self.searched = [True] * len(self.searched)
            self.hinted |= _hints(args)
        if name == "if":
            self.chains.append([(args, line)])
            self.past_first.append(False)
            self.searched.append(False)
        elif name in ("elseif", "else") and self.chains:
            self.chains[-1].extend([(args, line)] if name == "elseif" else [])
            self.past_first[-1] = True
            self.searched[-1] = False
        elif name == "endif" and self.chains:
            self.chains.pop()
            self.past_first.pop()
            self.searched.pop()
        elif name == "message" and cmake_outcome(args) == "fail":
            conditions = list(self.chains[-1]) if self.chains else []
            self.stops.append((conditions, " ".join(args[1:]), any(self.searched[:-1])))
            # an outer branch that searched the machine (``find_package(Python3)`` in the
            # ``else`` of ``elseif(DEFINED ENV{Python3_EXECUTABLE})``, pypto
            # cmake/config.cmake:19-28) stops for what the search did not find
            outer = zip(self.chains[:-1], self.past_first[:-1])
            self.fallen_back.update(
                v for chain, past in outer if past for c, _ in chain for v in _tested_set(c)
            )


def _tested_set(condition: tuple[str, ...]) -> list[str]:
    """The environment variables ``condition`` reads, but those it tests negated (``NOT
    DEFINED ENV{X}``, ``NOT ENV{X}``): past ``if(DEFINED ENV{X})`` an ``else`` is where X is
    missing, a fallback; past ``if(NOT DEFINED ENV{CUTENSOR_ROOT} AND NOT DEFINED
    CUTENSOR_ROOT) message(FATAL_ERROR ...)`` it is where X is there, and a stop there (``if(NOT
    EXISTS ${CUTENSOR_ROOT})``) is X's own (jdgsmallwood/cuda-spatial-filtering@ffc29e2a
    cmake/find_cutensor.cmake:3-12)."""
    found: list[str] = []
    for index, word in enumerate(condition):
        before = condition[max(index - 2, 0) : index]
        if "NOT" not in before or before[-1:] not in (("NOT",), ("DEFINED",)):
            found.extend(ENV_READ.findall(word))
    return found


def _hints(args: Sequence[str]) -> set[str]:
    """The variables ``args`` of a ``find_*`` command give as ``HINTS`` or ``PATHS``, none
    when the search skips its default places (``NO_DEFAULT_PATH``)."""
    if "NO_DEFAULT_PATH" in args:
        return set()
    found: set[str] = set()
    hinting = False
    for arg in args:
        if arg in FIND_PROGRAM_KEYWORDS:
            hinting = arg in ("HINTS", "PATHS")
        elif hinting:
            found.update(m.group(1) or m.group(2) for m in VARIABLE.finditer(arg))
    return found


def _found_otherwise(args: Sequence[str]) -> bool:
    """Whether ``set(<variable> <value>...)`` gives the variable a value made of other
    variables (``"${ASCEND_PATH}/${CANN_VERSION}"``), not empty nor built on itself."""
    value = " ".join(a for a in args[1:] if a not in ("CACHE", "PARENT_SCOPE", "FORCE"))
    named = {m.group(1) for m in VARIABLE.finditer(value) if m.group(1)}
    return bool(named) and args[0] not in named
