"""One build route where the repo's top holds the files of two build systems: the default steps
of a top-level ``CMakeLists.txt`` (``cmake -S . -B build``, ``cmake --build build``, ``ctest``)
and of a top-level ``meson.build`` (``meson setup build``, ``meson compile -C build``, ``meson
test -C build``) configure the same ``build/`` folder, and the second configure refuses or
wrecks what the first made. fribidi's PR head fribidi/fribidi@aeb8e89f holds both, beside its
autotools files; its README.md:37-38 names ``meson`` ("Alternatively use `meson`"), never CMake.

The route planned is the one a command line of the top-level README runs (``cmake -B build``,
``meson setup build``, in a block or quoted in a sentence), else the one it names first as a word
in a clause that does not refuse it ("cmake builds are no longer supported, use meson", phw/peek
@dab07c2 CHANGES.md:13) and not as part of another name ("meson-python", the Python build backend:
pyamg/pyamg README.md "pip install meson-python meson ninja pybind11 versioningit pytest"),
else CMake: a fixed preference, for the build system repos with both more often keep as their
main one (nlohmann/json and catchorg/Catch2 ship a ``meson.build`` beside the CMake build they
document). The other route's steps are no steps; a note on the first planned step says which
route was taken, why, and the other as the alternative. Planned Meson steps need ninja, Meson's
default backend (``backend_needs``)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Step
from bringup.scan.extraction import Finding
from bringup.scan.guides import primary_readme
from bringup.scan.routedirs import top_builders
from bringup.scan.walk import RepoFile

_ROUTES = {"cmake": ("CMakeLists.txt", ("cmake", "ctest")), "meson": ("meson.build", ("meson",))}
"""Each build system with default steps: its top-level file and the programs its steps run."""
PREFERENCE = ("cmake", "meson", "autotools")
_NAMED = lazyre.compile(
    r"\b(cmake|meson)\b(?![-_]\w)|(autogen\.sh|GNU\s+Build\s+System|autotools|autoreconf)\b",
    re.IGNORECASE,
)
_RUN = lazyre.compile(
    r"(?:^[ \t]*|`)(?:\$[ \t]*)?(?:sudo[ \t]+)?(cmake|ctest|meson)[ \t]+[-\w.]", re.MULTILINE
)
"""A line, or a quoted command, that runs a route's program with an argument."""
_TOOLS = {"cmake": ("CMakeLists.txt", "cmake"), "meson": ("meson.build", "pypi:meson")}
"""A route's own tool, as the need its top-level file states (``cmake_minimum_required``,
``meson_version``): a need of that route alone."""
_REFUSED = lazyre.compile(
    r"no\s+longer\s+(?:supported|maintained|works?)|\bnot\s+supported|\bunsupported|"
    r"\bdeprecated|\bobsolete|\bremoved|不再支持|废弃|弃用",
    re.IGNORECASE,
)
"""A clause that says a route is not to be taken."""
_CLAUSE_END = ".;,\n"


def route_of(step: Step) -> str:
    """The build system whose default step ``step`` is, "" for any other step."""
    for name, (file, programs) in _ROUTES.items():
        top = step.cwd in ("", ".") and posixpath.basename(step.source.ref) == file
        if top and step.argv[:1] and step.argv[0] in programs:
            return name
    return ""


def one_route(
    defaults: Sequence[Step], texts: Mapping[str, tuple[RepoFile, str]], autotools: str = ""
) -> tuple[list[Step], list[Finding], tuple[str, ...]]:
    """``defaults`` with the steps of one build route where two would build in one folder, the
    note saying which, and the routes left out; unchanged where at most one route is there.
    ``texts``: the files read, by citation (the top-level READMEs among them); ``autotools``:
    the repo's top-level ``configure.ac``, a route with no default steps (its README's
    ``autogen.sh`` or ``./configure`` are its steps): fribidi@58895678 README.md:26 "It uses
    either the GNU Build System or meson", :37-38 "Start with running the `autogen.sh` script
    ... Alternatively use `meson`" is one route, autotools, not both (outsider16's plan ran
    autogen.sh and then Meson's build)."""
    defaults, wrapped = _script_route(defaults, texts)
    routes: dict[str, list[Step]] = {"autotools": []} if autotools else {}
    for step in defaults:
        name = route_of(step) or ("cmake" if step in wrapped else "")
        if name:
            routes.setdefault(name, []).append(step)
    if len(routes) < 2:
        return list(defaults), _wrapped_notes(wrapped, ()), ()
    chosen, why = _chosen(sorted(routes, key=PREFERENCE.index), _readmes(texts))
    other = [name for name in routes if name != chosen]
    left = [s for name in other for s in routes[name]]
    ways = "; ".join(
        " ".join(s.argv)
        + (f" ({wrapped[s][0]}, in place of {wrapped[s][1]})" if s in wrapped else "")
        for s in left
    )
    files = [_ROUTES[n][0] if n in _ROUTES else autotools for n in PREFERENCE if n in routes]
    where = "" if "autotools" in routes else " in build/"  # its build is configure's, in place
    note = (
        f"{' and '.join(files)} both build the repo{where}: planned the {_LABELS[chosen]} route "
        f"({why}); the alternative, not planned: {ways}"
    )
    first = (routes[chosen] or left)[0]
    return (
        [s for s in defaults if s not in left],
        [
            *_wrapped_notes(wrapped, left),
            Finding(kind="note", message=note, sources=(first.source,)),
        ],
        tuple(other),
    )


def _wrapped_notes(wrapped: Mapping[Step, tuple[str, str]], left: Sequence[Step]) -> list[Finding]:
    """The note of each build script planned as the CMake route (``_script_route``); one whose
    route is left out has none: the route's note says it (review39, r_both: "planned bash
    build.sh as the CMake route" beside "the alternative, not planned: bash build.sh")."""
    return [
        Finding(
            kind="note",
            message=f"{said}: planned {' '.join(step.argv)} as the CMake route; "
            f"not planned beside it: {ways}",
            sources=(step.source,),
        )
        for step, (said, ways) in wrapped.items()
        if step not in left
    ]


def _script_route(
    defaults: Sequence[Step], texts: Mapping[str, tuple[RepoFile, str]]
) -> tuple[list[Step], dict[Step, tuple[str, str]]]:
    """``defaults`` less CMake's default steps where a top-level build script of them runs
    cmake on the top's CMakeLists.txt itself (``routedirs.top_builders``), that script's step
    the CMake route (with the note saying so, by step): hicann/ops-blas@35101c8 build.sh:282
    ``cmake -S "${BASE_PATH}" -B "${BUILD_DIR}"`` with its options and tests, the route its
    guide runs (docs/zh/install/quick_install.md ``bash build.sh --pkg``); a plain ``cmake -S
    . -B build`` beside it configured the same project a second time (plan38's regression).
    By step: what its script does (``build.sh:7 runs cmake on ...``) and CMake's steps left
    out for it."""
    cmake = [s for s in defaults if route_of(s) == "cmake"]
    wrapped: dict[Step, tuple[str, str]] = {}
    for step in defaults if cmake else ():
        line = _runs_cmake(step, texts)
        if line is not None and not route_of(step):
            ways = "; ".join(" ".join(s.argv) for s in cmake)
            rel = texts[step.source.ref or ""][0].rel
            wrapped[step] = (f"{rel}:{line} runs cmake on the top's CMakeLists.txt", ways)
    if not wrapped:
        return list(defaults), {}
    return [s for s in defaults if s not in cmake], wrapped


def _runs_cmake(step: Step, texts: Mapping[str, tuple[RepoFile, str]]) -> int | None:
    """The line where the top-level shell script ``step`` runs (its own default step, ``bash
    build.sh`` from its line 1) configures the top folder with cmake, None otherwise."""
    entry = texts.get(step.source.ref or "")
    if entry is None or step.source.line != 1 or step.kind != "build":
        return None
    rel = entry[0].rel
    if "/" in rel or not rel.endswith((".sh", ".bash")) or rel not in " ".join(step.argv):
        return None
    rels = [e.rel for e, _ in texts.values()]
    return top_builders(rel, entry[1], rels).get("cmake")


def route_bound(
    requirements: Sequence[Requirement], left: Sequence[str], rels: Mapping[str, str]
) -> list[Requirement]:
    """``requirements`` with each route's own tool (``_TOOLS``), stated in its top-level file
    (``rels``: a citation's path in the repo), the feature ``option:<route>`` where that route
    is left out (``one_route``): fribidi's ``meson_version : '>= 0.54'`` (meson.build:2) is a
    need of its Meson route, not of the autotools build it plans."""
    bound = {_TOOLS[name] for name in left if name in _TOOLS}
    return [
        _left_with(r, _ROUTE_OF[r.subject])
        if not r.feature and (rels.get(r.source.ref or "", ""), r.subject) in bound
        else r
        for r in requirements
    ]


def _left_with(requirement: Requirement, route: str) -> Requirement:
    """The tool need of a route not planned: that route's option, soft, saying so."""
    return msgspec.structs.replace(
        requirement,
        feature=f"option:{route}",
        hard=False,
        text=f"{requirement.text or ''}; the {_LABELS[route]} route's, which is not planned",
    )


_ROUTE_OF = {tool: name for name, (_, tool) in _TOOLS.items()}
_LABELS = {"cmake": "CMake", "meson": "Meson", "autotools": "autotools"}


def _readmes(texts: Mapping[str, tuple[RepoFile, str]]) -> list[tuple[str, str]]:
    """The top-level READMEs' paths and texts, the one the repo is introduced by first (a
    plain ``README`` may only point to ``README.md``: fribidi's says "See README.md")."""
    tops = {e.rel: text for e, text in texts.values() if e.kind == "docs" and "/" not in e.rel}
    first = primary_readme(list(tops))
    named = [rel for rel in tops if rel.lower().startswith("readme")]
    return [(rel, tops[rel]) for rel in sorted(named, key=lambda rel: (rel != first, rel))]


def _chosen(planned: list[str], readmes: list[tuple[str, str]]) -> tuple[str, str]:
    """The route to plan among ``planned`` (in ``PREFERENCE`` order), and why: a command line
    of a README first, then the first name, each in a clause that does not refuse it (a prose
    line "meson builds are no longer supported" starts like a command line)."""
    for rel, text in readmes:
        for found in _RUN.finditer(text):
            name = "cmake" if found.group(1) == "ctest" else found.group(1)
            if name in planned and not _REFUSED.search(_clause(text, found.start(1))):
                line = text.count("\n", 0, found.start(1)) + 1
                return name, f"{rel}:{line} runs {found.group(1)}, the first build command it has"
    for rel, text in readmes:
        for found in _NAMED.finditer(text):
            name = (found.group(1) or "autotools").lower()
            if name in planned and not _REFUSED.search(_clause(text, found.start())):
                line = text.count("\n", 0, found.start()) + 1
                return name, f"{rel}:{line} names {found.group(0)}, the first it names"
    return planned[0], f"no README names either; {_LABELS[planned[0]]} is the fixed preference"


def _clause(text: str, at: int) -> str:
    """The clause of ``text`` around offset ``at``: up to the nearest ``_CLAUSE_END`` each side."""
    start = max(text.rfind(mark, 0, at) for mark in _CLAUSE_END) + 1
    ends = [e for e in (text.find(mark, at) for mark in _CLAUSE_END) if e >= 0]
    return text[start : min(ends, default=len(text))]


_BACKEND = (
    'Meson\'s default backend is Ninja (meson(1): "The default backend of Meson is Ninja"; '
    "mesonbuild.com Commands: --backend {ninja,vs,...,xcode,none}): meson setup needs ninja "
    "and meson compile runs it"
)


def backend_needs(
    steps: Sequence[Step], requirements: Sequence[Requirement], component: str
) -> list[Requirement]:
    """The ninja the planned Meson steps need, cited at the first of them; none where no Meson
    step is planned or the repo needs ninja already."""
    first = next((s for s in steps if route_of(s) == "meson"), None)
    if first is None or any(r.subject == "ninja" for r in requirements):
        return []
    return [
        Requirement(subject="ninja", spec="", component=component, source=first.source,
                    text=_BACKEND)
    ]  # fmt: skip
