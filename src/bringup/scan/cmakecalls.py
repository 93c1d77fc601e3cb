"""Which CMake ``function``/``macro`` bodies a build runs: the commands of a body run only
where the function is called, so a requirement read from the body of one nothing calls is no
need of the repo's.

Every CMake reader reads each command of a file as if it ran; this is the one place that says
which of them do. A body runs where a file's top level calls its function (or
``cmake_language(CALL <name>)`` does), or a body that runs calls it, across the repo's CMake
files: a helper library the repo carries defines dozens (NVIDIA/MatX carries rapids-cmake
under cmake/rapids-cmake/, whose ``rapids_cpm_generate_pinned_versions`` and the
``pinning_*`` helpers it calls clone nothing unless asked), and the build calls few
(MatX CMakeLists.txt:34 ``rapids_cpm_init(...)``).

The top level of a file counts for a body where the build runs it: a file of the repo's own
build or of one of its options (``option:X``), or of the body's own scope or one inside it
(an example project calling the examples' helper). Tests calling a helper of the build
(rapids-cmake's testing/, 379 CMake projects each calling the function it tests) run only
their own configure.

A call a reader already reads as a statement (``cpm.read_at_call``: ``rapids_cpm_cccl()``
is CCCL cloned from GitHub, MatX CMakeLists.txt:162) does not also run the body behind it:
rapids-cmake's ``rapids_cpm_find(CCCL ...)`` inside ``rapids_cpm_cccl`` (cpm/cccl.cmake:99)
says the same download again.
"""

from __future__ import annotations

import posixpath
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from bringup.model import Requirement, Source
from bringup.scan.cmakelex import CMakeCommand, cmake_commands
from bringup.scan.cmakeuse import cmake_file
from bringup.scan.cpm import read_at_call
from bringup.scan.lowertexts import lower_text
from bringup.scan.placesbeside import cited_only_where
from bringup.scan.scopenames import REPO

_OPENS = frozenset({"function", "macro"})
_CLOSES = frozenset({"endfunction", "endmacro"})
_OPTION = "option:"
"""The scope of what a build option adds (``optdirs``)."""


class Body(NamedTuple):
    """A ``function``/``macro`` definition: its name (lower-cased, as CMake matches it), the
    lines of its ``function(`` and ``endfunction()``, and the commands its body calls."""

    name: str
    first: int
    last: int
    calls: frozenset[str]


class Definitions(NamedTuple):
    """What one CMake file defines, and what its top level calls."""

    bodies: tuple[Body, ...]
    calls: frozenset[str]


def _called(command: CMakeCommand) -> str:
    """The command a command calls: its own name, or the one ``cmake_language(CALL <name>)``
    or ``cmake_language(DEFER ... CALL <name>)`` names."""
    args = command.args
    if command.name == "cmake_language" and "CALL" in args[:-1]:
        return args[args.index("CALL") + 1].lower()
    return command.name


def definitions(commands: Sequence[CMakeCommand]) -> Definitions:
    """The bodies ``commands`` define and the commands called outside any body; a body's
    calls are those of its innermost definition."""
    top: set[str] = set()
    open_: list[tuple[str, int, set[str]]] = []
    bodies: list[Body] = []
    for command in commands:
        if command.name in _OPENS and command.args:
            open_.append((command.args[0].lower(), command.line, set()))
        elif command.name in _CLOSES and open_:
            name, first, calls = open_.pop()
            bodies.append(Body(name, first, command.line, frozenset(calls)))
        else:
            (open_[-1][2] if open_ else top).add(_called(command))
    # a definition never closed runs to the end of the file
    last = commands[-1].line if commands else 0
    bodies.extend(Body(name, first, last, frozenset(calls)) for name, first, calls in open_)
    return Definitions(tuple(bodies), frozenset(top))


def _reached(starts: Iterable[str], bodies: Mapping[str, list[Body]]) -> set[str]:
    """The functions ``starts`` call, and those the bodies of these call, and so on; a call a
    reader reads as a statement goes no further."""
    reached: set[str] = set()
    waiting = [name for name in starts if name in bodies and not read_at_call(name)]
    while waiting:
        name = waiting.pop()
        if name in reached:
            continue
        reached.add(name)
        for body in bodies[name]:
            waiting.extend(c for c in body.calls if c in bodies and not read_at_call(c))
    return reached


def _runs_for(caller: str, scope: str) -> bool:
    """Whether the top level of a file of scope ``caller`` runs the bodies of a file of
    ``scope``: the repo's own build or one of its options, the same scope, or one inside it
    (hicann/shmem examples/rma_d2h_demo/CMakeLists.txt:11 calls ``aclshmem_add_fusion_example``
    that examples/CMakeLists.txt:38 defines)."""
    return (
        caller in (REPO, scope)
        or caller.startswith(_OPTION)
        or (scope != REPO and caller.startswith(scope + "/"))
    )


def _named(commands: Sequence[CMakeCommand]) -> set[str]:
    """The last path part of each argument of ``commands`` (each item of a ``;`` list),
    lower-cased: ``include("${rapids-cmake-dir}/cpm/cccl.cmake")`` names ``cccl.cmake``,
    ``include(rapids-cpm)`` the module ``rapids-cpm``, ``find_package(cuTENSOR)`` the
    package whose ``FindcuTENSOR.cmake`` it reads."""
    return {
        item.rsplit("/", 1)[-1].lower()
        for command in commands
        for arg in command.args
        for item in arg.split(";")
    }


def _module_names(base: str) -> set[str]:
    """What names a ``.cmake`` file (``base``, lower-cased) where it is read: its file name,
    the module name ``include`` takes, the package ``find_package`` looks for with
    ``Find<X>.cmake``, ``<X>Config.cmake``, ``<x>-config.cmake`` or their ``-version`` files."""
    stem = base[: -len(".cmake")]
    names = {base, stem}
    if stem.startswith("find") and len(stem) > len("find"):
        names.add(stem[len("find") :])
    for suffix in ("-config-version", "configversion", "-config", "config"):
        if stem.endswith(suffix) and len(stem) > len(suffix):
            names.add(stem[: -len(suffix)])
    return names


def _unread(
    lexed: Mapping[str, tuple[str, Sequence[CMakeCommand]]],
    candidates: Iterable[str],
    others: Callable[[], str],
) -> set[str]:
    """The ``.cmake`` files among ``candidates`` no other CMake file of ``lexed`` (``ref ->
    (rel, commands)``) names in a command and no other file read (``others()``, their texts
    lower-cased) names at all: none of the repo's builds reads them (MatX cmake/GetRMM.cmake,
    whose function its own last line calls, is included nowhere; cmake/GetCUTLASS.cmake only
    in a comment, CMakeLists.txt:226). Where a file includes whatever ``*.cmake`` a
    ``file(GLOB)`` lists, every one under its directory may be read (MatX public/cpm-cmake/
    test/CMakeLists.txt:5, ``file(GLOB tests "${CMAKE_CURRENT_SOURCE_DIR}/unit/*.cmake")``)."""
    named: dict[str, set[str]] = {}
    globbing: list[str] = []
    for ref, (rel, commands) in lexed.items():
        for name in _named(commands):
            if name.endswith("*.cmake"):
                globbing.append(posixpath.dirname(rel))
            named.setdefault(name, set()).add(ref)
    unnamed: dict[str, str] = {}
    for ref in candidates:
        rel = lexed[ref][0]
        base = rel.rsplit("/", 1)[-1].lower()
        globbed = any(not d or rel.startswith(d + "/") for d in globbing)
        names = _module_names(base) if base.endswith(".cmake") and not globbed else ()
        if names and not any(named.get(name, set()) - {ref} for name in names):
            unnamed[ref] = base
    text = others() if unnamed else ""
    return {ref for ref, base in unnamed.items() if base not in text}


def idle_bodies(
    texts: Mapping[str, tuple[str, str]], scope_of: Callable[[str], str]
) -> dict[str, list[tuple[int, int]]]:
    """``ref -> [(first, last), ...]``: the bodies of each CMake file of ``texts`` (``ref ->
    (rel, text)``) that no running code calls (module docstring): code runs at the top level
    of a CMake file some build reads (``_unread``), and in the bodies it calls. ``scope_of``
    gives a file's scope by its repo-relative path."""
    lexed = {
        ref: (rel, cmake_commands(text)) for ref, (rel, text) in texts.items() if cmake_file(rel)
    }
    files = {ref: (scope_of(rel), definitions(commands)) for ref, (rel, commands) in lexed.items()}
    bodies: dict[str, list[Body]] = {}
    for _, defined in files.values():
        for body in defined.bodies:
            bodies.setdefault(body.name, []).append(body)
    if not bodies:
        return {}
    # only a file whose top level calls a function matters here
    calling = [ref for ref, (_, defined) in files.items() if not defined.calls.isdisjoint(bodies)]
    # each text lower-cased on its own: one Chinese document makes the joined text wide, and
    # ``str.lower`` of a wide text takes the slow path over all of it (MindIE-LLM's 8 MB: 20 ms
    # one by one, 50-75 ms joined); a line break between them ends a word (a final sigma) as
    # the text's end does, so the result is the same
    unread = _unread(
        lexed,
        calling,
        lambda: "\n".join(lower_text(text) for ref, (_, text) in texts.items() if ref not in lexed),
    )
    calls: dict[str, set[str]] = {}
    for ref in calling:
        scope, defined = files[ref]
        if ref not in unread:
            calls.setdefault(scope, set()).update(defined.calls)
    reached = {
        scope: _reached(
            (c for caller, called in calls.items() if _runs_for(caller, scope) for c in called),
            bodies,
        )
        for scope in {scope for scope, defined in files.values() if defined.bodies}
    }
    return {
        ref: [(b.first, b.last) for b in defined.bodies if b.name not in reached[scope]]
        for ref, (scope, defined) in files.items()
        if defined.bodies
    }


def _spans(bodies: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The lines ``bodies`` cover as disjoint spans in order, their firsts and their lasts: a
    line is looked up in them at once, not against each body (20 000 bodies each stating a
    need took seconds)."""
    firsts: list[int] = []
    lasts: list[int] = []
    for first, last in sorted(bodies):
        if lasts and first <= lasts[-1] + 1:
            lasts[-1] = max(lasts[-1], last)
        else:
            firsts.append(first)
            lasts.append(last)
    return firsts, lasts


def _idle(source: Source, spans: Mapping[str, tuple[list[int], list[int]]]) -> bool:
    firsts, lasts = spans.get(source.ref or "", ([], []))
    line = source.line or 0
    at = bisect_right(firsts, line) - 1
    return at >= 0 and line <= lasts[at]


def running(
    requirements: Iterable[Requirement], idle: Mapping[str, list[tuple[int, int]]]
) -> list[Requirement]:
    """``requirements`` less those read in a body no running code calls (``idle_bodies``);
    one also read at a place that runs (a tool a file runs in an idle body and again at its
    top level: ``runtools`` cites the first, the others in ``also_at``) is cited there."""
    spans = {ref: _spans(bodies) for ref, bodies in idle.items()}
    kept: list[Requirement] = []
    for requirement in requirements:
        cited = cited_only_where(requirement, lambda s: not _idle(s, spans))
        if cited is not None:
            kept.append(cited)
    return kept
