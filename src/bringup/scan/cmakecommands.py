"""Reading a CMake file command by command: ``CMakeState`` holds what the commands so far
said (open ``if`` blocks, packages looked for, architectures, variables, what the project
provides) and ``read_command`` adds one command's requirements to it. ``cmake.extract_cmake``
drives it over the file's commands and settles what only the whole file tells
(``unasked_features``, ``stopped_without``).

It exists apart from ``cmake`` so that the per-command reading and the file-level assembly
each stay one reader's size.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

import msgspec

from bringup import backends, lazyre
from bringup.model import Confidence, Requirement
from bringup.scan.architectures import Targets, listed, listing
from bringup.scan.cmakeguards import fatal_guard, overridable
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.cmakewords import vocabulary
from bringup.scan.extraction import SourceFile
from bringup.scan.kernelchips import listed_chips
from bringup.scan.outcomes import cmake_outcome
from bringup.scan.pydeps import DEVELOPER_TOOLS
from bringup.scan.scopenames import DEVELOPMENT
from bringup.scan.scopes import OPTIONAL

_VERSION = lazyre.compile(r"^\d+(?:\.\d+)*$")
_FOUND = lazyre.compile(r"(?:\$\{)?(\w+)_FOUND\}?", re.IGNORECASE)
"""The variable ``find_package(X)`` sets (``IBVERBS_FOUND``, ``${X_FOUND}``)."""
_FINDS = frozenset({"find_package", "rapids_find_package"})
"""``find_package`` and rapids-cmake's wrapper, which calls it with the same arguments and
records the package for the export sets (``rapids_find_package(CUDAToolkit REQUIRED
BUILD_EXPORT_SET rmm-exports ...)``, rmm cpp/CMakeLists.txt:58-61)."""
_IGNORED_PACKAGES = frozenset(
    {"threads", "pkgconfig", "git", "doxygen", "packagehandlestandardargs"}
)
_DEVELOPERS = lazyre.compile(rf"^(?:{DEVELOPER_TOOLS})$")
_WORD_START = lazyre.compile(r"(?<=[a-z])(?=[A-Z])")
"""Where a CMake package's name starts a word: ``ClangTidy`` is clang-tidy."""


class CMakeState:
    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.requirements: list[Requirement] = []
        self.conditions: list[tuple[tuple[str, ...], bool, int]] = []
        """Open ``if`` blocks: condition, whether in its first branch, its line."""
        self.install_lines: dict[str, int] = {}
        """Toolkit subject -> the first line that uses its install path."""
        self.archs: dict[Targets, list[tuple[str, int]]] = {}
        self.defaults: set[int] = set()
        """The lines that set an architecture list the user overrides (``cmakeguards.
        overridable``, a ``CACHE`` entry): a default, no floor of the build."""
        self.provides: list[str] = []
        self.testing = False
        self.toolkit = False
        self.found_at: dict[str, int] = {}
        """A package ``find_package`` looked for without ``REQUIRED`` (lower-cased) -> the index
        of its requirement."""
        self.stops_without: set[str] = set()
        """Packages whose ``<X>_FOUND`` a stopping ``if(NOT ...)`` tests (lower-cased)."""
        self.unasked: dict[str, int] = {}
        """A package a ``CMakeLists.txt`` looks for without ``REQUIRED`` outside any ``if``
        (lower-cased) -> the index of its requirement."""
        self.variables: dict[str, str] = {}
        """A variable ``set`` to one value (``set(_min_version "7.3.0")``) -> that value: what a
        guard's ``${_min_version}`` compares with."""
        self.fetched: set[int] = set()
        """The lines of finds of what the file itself fetches (``cmakefetched``)."""
        self.announced: set[str] = set()
        """The ``<X>`` (lower-cased) of each ``<X>_FOUND`` an ``if`` tests where a branch of it
        prints a message: the build says what it does without X."""
        self.stopping: frozenset[int] = frozenset()
        """The lines of the ``if``s whose ``else`` stops the configure (``stopping_branches``)."""

    def add(
        self,
        subject: str,
        spec: str,
        line: int,
        text: str,
        *,
        hard: bool = True,
        confidence: Confidence = "high",
        feature: str = "",
    ) -> None:
        requirement = self.file.requirement(
            subject, spec, line, text=text, confidence=confidence, hard=hard
        )
        self.requirements.append(msgspec.structs.replace(requirement, feature=feature))


def _find_package(state: CMakeState, command: CMakeCommand) -> str | None:
    args = command.args
    if not args:
        return None
    name = args[0]
    key = name.lower()
    # ``find_package("${PACKAGE_NAME}" ...)`` inside a macro names no package of its own.
    if key in _IGNORED_PACKAGES or "${" in name:
        return None
    version = args[1] if len(args) > 1 and _VERSION.match(args[1].split("...")[0]) else ""
    version = version.split("...")[0]
    spec = ("==" if "EXACT" in args else ">=") + version if version else ""
    subject = vocabulary().packages.get(key, f"cmake:{name}")
    if key in vocabulary().parts and ("HINTS" in args or "PATHS" in args):
        # a toolkit part's name searched where the find says (``toolkit_parts`` reads the
        # install's own paths as the toolkit): ``HINTS ${CMAKE_SOURCE_DIR}/third_party/alog``
        # is a library the repo brings, not CANN's
        subject = f"cmake:{name}"
    if subject.startswith("cmake:") and command.line in state.fetched:
        return None
    text = "find_package(" + " ".join(args) + ")"
    # a library found without REQUIRED is one the build goes on without: an optional
    # feature (``unasked_features`` says when not), unless a known toolkit or tool
    required = "REQUIRED" in args
    optional = not required and subject.startswith("cmake:")
    if not required:
        state.found_at.setdefault(key, len(state.requirements))
        if optional and not state.conditions and state.file.rel.endswith("CMakeLists.txt"):
            state.unasked.setdefault(key, len(state.requirements))
            optional = False
    feature = OPTIONAL if optional else ""
    if _DEVELOPERS.match(_WORD_START.sub("-", name).lower()):
        # a linter or doc builder the build can run (stdgpu cmake/setup_clang_tidy.cmake:2
        # ``find_package(ClangTidy REQUIRED)``): a developer's tool (``pydeps``), not the repo's
        feature = DEVELOPMENT
    state.add(subject, spec, command.line, text, hard=required, feature=feature)
    return subject


def unasked_features(state: CMakeState) -> None:
    """A package a ``CMakeLists.txt`` looks for without ``REQUIRED`` and outside any ``if``
    is one the build uses wherever it is there: a soft need of the repo's, not a feature
    (``find_package(OpenMP)`` then ``if(OpenMP_CXX_FOUND)`` link it, pyg-lib CMakeLists.txt:
    160) -- unless the build announces what it does without it (Mooncake
    mooncake-store/src/CMakeLists.txt:110-119, "AWS SDK not found, S3 functionality will be
    disabled"): that names a feature. One inside an ``if`` (mscclpp CMakeLists.txt:260,
    ``find_package(MLX5)`` under ``if(MSCCLPP_USE_IB)``) or in an included module (a
    ``Find<X>.cmake`` looking for X's own dependencies, mscclpp cmake/CheckAmdGpu.cmake:11
    probing for ROCm) runs only where something asks for it and stays optional."""
    for key, index in state.unasked.items():
        if any(found == key or found.startswith(key + "_") for found in state.announced):
            requirement = state.requirements[index]
            state.requirements[index] = msgspec.structs.replace(requirement, feature=OPTIONAL)


def stopped_without(state: CMakeState) -> list[Requirement]:
    """The requirements, a package found without ``REQUIRED`` made hard where the configure
    stops when it is missing: ``find_package(IBVerbs)`` then ``if(NOT IBVERBS_FOUND)
    message(FATAL_ERROR "IBVerbs not found. Install libibverbs-dev ...")`` (mscclpp
    CMakeLists.txt:256-258) needs it as much as ``REQUIRED`` does. Only a stop directly in
    the ``if(NOT <X>_FOUND)`` branch counts: one nested under a further switch (``if(fail-on-
    missing)``) stops only when that is set."""
    requirements = list(state.requirements)
    for key in state.stops_without:
        index = state.found_at.get(key)
        if index is not None:
            requirement = requirements[index]
            requirements[index] = msgspec.structs.replace(requirement, hard=True, feature="")
    return requirements


def track_conditions(state: CMakeState, command: CMakeCommand) -> bool:
    """Track ``if``/``elseif``/``else``/``endif``; whether the command was one of them."""
    name, args, line = command
    if name in ("if", "elseif"):
        if name == "elseif" and state.conditions:
            state.conditions.pop()
        state.conditions.append((args, True, line))
    elif name == "else" and state.conditions:
        condition, _, opened = state.conditions[-1]
        state.conditions[-1] = (condition, False, opened)
    elif name == "endif" and state.conditions:
        state.conditions.pop()
    else:
        return False
    return True


def read_command(state: CMakeState, command: CMakeCommand) -> None:
    name, args, line = command
    if name == "message" and cmake_outcome(args) != "fail":
        for condition, _, _ in state.conditions:
            state.announced.update(
                found.group(1).lower() for found in map(_FOUND.fullmatch, condition) if found
            )
    if name == "message" and cmake_outcome(args) == "fail":
        if state.conditions and state.conditions[-1][1]:
            condition, _, opened = state.conditions[-1]
            if len(condition) == 2 and condition[0] == "NOT":
                missing = _FOUND.fullmatch(condition[1])
                if missing is not None:
                    state.stops_without.add(missing.group(1).lower())
            enclosing = tuple(w for c, first, _ in state.conditions[:-1] if first for w in c)
            for subject, spec, words in fatal_guard(condition, enclosing, state.variables):
                state.add(subject, spec, opened, f"if({words}) -> {args[0]}")
    elif name == "cmake_minimum_required" and "VERSION" in args:
        position = args.index("VERSION") + 1
        value = args[position] if position < len(args) else ""
        low, _, policy = value.partition("...")
        if _VERSION.match(low):
            words = f"cmake_minimum_required(VERSION {value})"
            if _before_cmake4(policy if _VERSION.match(policy) else low):
                state.add("cmake", f">={low},<4", line, words + _CMAKE4_REFUSES)
            else:
                state.add("cmake", f">={low}", line, words)
    elif name == "project" and args:
        state.provides.append(f"cmake:{args[0]}")
        _languages(state, _project_languages(args), line, "project(... LANGUAGES {})")
    elif name == "enable_language":
        _languages(state, args, line, "enable_language({})")
    elif name in _FINDS:
        found = _find_package(state, command)
        toolkits = {b.vocabulary.toolkit_subject for b in backends.registered()}
        if found in toolkits and not state.conditions:
            state.toolkit = True
    elif name == "set" and len(args) >= 2:
        _set(state, args, line)
    elif name == "list" and len(args) >= 3 and args[0] == "APPEND":
        _appended(state, args[1], args[2:], line)
    elif name == "target_compile_features":
        for arg in args:
            standard = re.fullmatch(r"cxx_std_(\d+)", arg)
            if standard:
                state.add("cxx_standard", f">={standard.group(1)}", line, arg)
    elif name in ("enable_testing", "add_test", "gtest_discover_tests"):
        state.testing = True


_PROJECT_KEYWORDS = frozenset({"VERSION", "DESCRIPTION", "HOMEPAGE_URL", "LANGUAGES"})


def _project_languages(args: tuple[str, ...]) -> tuple[str, ...]:
    """The languages ``project()`` enables: after ``LANGUAGES``, or its positional arguments
    after the name; never the name itself (``project(ASC VERSION 1.0 LANGUAGES CXX)``)."""
    after = args[args.index("LANGUAGES") + 1 :] if "LANGUAGES" in args else args[1:]
    return tuple(itertools.takewhile(lambda a: a not in _PROJECT_KEYWORDS, after))


_CMAKE4_REFUSES = " (CMake 4 refuses a policy version below 3.5)"


def _before_cmake4(policy: str) -> bool:
    """Whether CMake 4 refuses ``cmake_minimum_required`` with this policy version: it removed
    compatibility with CMake < 3.5 (cmake.org Help/command/DEPRECATED_POLICY_VERSIONS.txt,
    v4.0.0), so ``VERSION 3.4`` fails to configure (pybind11@914c06fb CMakeLists.txt:8, vendored
    by pybind/cmake_example, outsider13 D13) while ``VERSION 3.4...3.18`` does not."""
    parts = [int(p) for p in policy.split(".")[:2] if p.isascii() and p.isdigit()]
    return len(parts) >= 1 and tuple(parts) + (0,) * (2 - len(parts)) < (3, 5)


def _languages(state: CMakeState, args: tuple[str, ...], line: int, words: str) -> None:
    """A language a backend's toolkit compiles (its ``Vocabulary.build_languages``) means that
    toolkit; an optional feature where the language is enabled only under a probe that found
    its compiler (``check_language(CUDA)`` then ``if(CMAKE_CUDA_COMPILER)`` ``enable_language
    (CUDA)``, dfm/extending-jax@371dca9 CMakeLists.txt:15-20, "Building without CUDA" in its
    else: outsider23 D8, was "cuda is required")."""
    for language, subject in vocabulary().languages.items():
        if language in args:
            probed = _compiler_probed(state, language)
            state.add(
                subject,
                "",
                line,
                words.format(language),
                hard=not probed,
                confidence="medium",
                feature=OPTIONAL if probed else "",
            )
            state.toolkit = state.toolkit or not probed


def _compiler_probed(state: CMakeState, language: str) -> bool:
    """Whether an enclosing ``if`` (its first branch) tests that ``language``'s compiler was
    found (``CMAKE_<LANG>_COMPILER``, set by ``check_language``) and its ``else`` goes on:
    ``else() message(FATAL_ERROR "CUDA is required by ENABLE_CUDA but CUDA was not found")``
    (SENSEI-insitu/SENSEI CMake/cuda.cmake) needs the toolkit outright (reread43)."""
    probe = f"CMAKE_{language}_COMPILER"
    return any(
        first and opened not in state.stopping and any(w.strip("${}") == probe for w in condition)
        for condition, first, opened in state.conditions
    )


def stopping_branches(commands: Sequence[CMakeCommand]) -> frozenset[int]:
    """The lines of the ``if``/``elseif`` whose ``else`` branch stops the configure (a
    ``FATAL_ERROR`` message directly in it), as ``track_conditions`` numbers them."""
    stopping: set[int] = set()
    opened: list[tuple[int, bool]] = []  # each open block's line, and whether in its else
    for name, args, line in commands:
        if name == "if":
            opened.append((line, False))
        elif name == "elseif" and opened:
            opened[-1] = (line, False)
        elif name == "else" and opened:
            opened[-1] = (opened[-1][0], True)
        elif name == "endif" and opened:
            opened.pop()
        elif name == "message" and opened and opened[-1][1] and cmake_outcome(args) == "fail":
            stopping.add(opened[-1][0])
    return frozenset(stopping)


def _set(state: CMakeState, args: tuple[str, ...], line: int) -> None:
    variable, values = args[0], args[1:]
    if len(values) == 1:
        state.variables[variable] = values[0]
    target = listing(variable)
    if variable in vocabulary().standards and values[0].isdigit():
        state.add("cxx_standard", f">={values[0]}", line, f"set({variable} {values[0]})")
    elif target is not None:
        if "CACHE" in values or overridable(state.conditions, variable):
            state.defaults.add(line)
            values = values[: values.index("CACHE")] if "CACHE" in values else values
        for value in values:
            state.archs.setdefault(target, []).extend((arch, line) for arch in listed(value))
    elif variable in vocabulary().chip_variables:
        text = f"set({variable} {values[0]}): the chip the kernels are built for by default"
        state.requirements.extend(listed_chips(state.file, values[:1], line, text))


def _appended(state: CMakeState, variable: str, values: tuple[str, ...], line: int) -> None:
    """``list(APPEND CMAKE_CUDA_ARCHITECTURES 70-virtual)``: architectures added to a backend's
    list (``architectures.listing``) are targets as much as those ``set`` names
    (CVCUDA/CV-CUDA@da51fc96 cmake/ConfigCUDA.cmake:72, "Required compute capability")."""
    target = listing(variable)
    if target is not None:
        for value in values:
            state.archs.setdefault(target, []).extend((arch, line) for arch in listed(value))
