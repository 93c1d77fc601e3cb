"""The directories the repo's own build script goes into and builds (``scopes``).

A directory with a build file and a README of its own, or another language's manifest
(``go.mod``), reads as a sub-project; yet when the repo's top-level build script enters it and
builds there, it is a part of the repo's build. Ascend/ascend-docker-runtime has no build at
its root: ``build/build.sh``, its README's route, sets ``ROOT=$(cd $(dirname $0); pwd)/..``,
``CLISRCPATH=$(find ${CLIDIR} -name "${CLISRCNAME}")``, ``CLISRCDIR=${CLISRCPATH%/
${CLISRCNAME}}`` and then runs ``cmake ${CLISRCDIR}`` and ``cd ${HOOKSRCDIR}/build`` ...
``go build ... ../${HOOKSRCNAME}``: ``cli/src``, ``hook``, ``runtime`` and ``install/deb/src``
are the repo's build, not projects beside it.

The script is read, never run. Its simple variables are resolved from the assignments above
their use (``${X:-default}``, ``${X%suffix}``, ``$(dirname $0)``, ``$(cd DIR; pwd)``,
``$(find DIR -name NAME)`` against the repo's files); a directory is entered by ``cd`` or
``pushd`` and built by ``make``, ``cmake``, ``go build``, ``cargo build``, ``python
setup.py``, ``pip install`` or a build script run there, or named as what such a command
builds (``make -C DIR``, ``cmake -S DIR``, ``cmake DIR``, ``go build DIR/main.go``). Only what
the script always does counts: a command inside an ``if``, a ``case`` or a loop is one that
the script's arguments or the machine choose (cuvs build.sh goes into ``rust/`` only ``if ((
NUMARGS == 0 )) || hasArg rust``, its Rust bindings, a feature), and a function counts where
the script calls it unconditionally (``build_bin`` at ascend-docker-runtime build/build.sh:154).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from posixpath import dirname, join, normpath

from bringup.scan.gomod import local_replacements
from bringup.scan.scriptreader import ScriptReader


def routed_directories(scripts: Mapping[str, str], rels: Collection[str]) -> frozenset[str]:
    """The repo-relative directories the build ``scripts`` (``rel -> text``) always enter to
    build or name as what a build command builds (not the root itself); ``rels``: the repo's
    files, which ``find`` searches."""
    return frozenset(routed_lines(scripts, rels))


def routed_lines(scripts: Mapping[str, str], rels: Collection[str]) -> dict[str, tuple[str, int]]:
    """``routed_directories``, each with the script and line that first builds it there."""
    found: dict[str, tuple[str, int]] = {}
    for rel, text in scripts.items():
        for folder, line in ScriptReader(rel, text, rels).read().items():
            if folder:
                found.setdefault(folder, (rel, line))
    return found


def top_builders(rel: str, text: str, rels: Collection[str]) -> dict[str, int]:
    """The programs the build script ``rel`` always runs on the repo's top folder, each with
    its first line: ``cmake -S "${BASE_PATH}" -B "${BUILD_DIR}"`` (hicann/ops-blas@35101c8
    build.sh:282, ``BASE_PATH`` the script's own folder, the top) is ``cmake`` at 282."""
    reader = ScriptReader(rel, text, rels)
    reader.read()
    return {program: line for (folder, program), line in reader.builders.items() if not folder}


def route_folders(routed: Iterable[str]) -> frozenset[str]:
    """The folders the route builds or builds a directory in: ``routed`` and each directory
    above one (``hook`` for ``hook/build``, where ``go build ../main.go`` builds ``hook``: the
    route works in ``hook``), to look a folder up at once, not against each routed one."""
    folders: set[str] = set()
    for path in routed:
        folder = path
        while folder and folder not in folders:
            folders.add(folder)
            folder = dirname(folder)
    return frozenset(folders)


def with_replaced_modules(routed: frozenset[str], texts: Mapping[str, str]) -> frozenset[str]:
    """``routed`` and the directories the go.mod of a module it builds replaces modules by
    (``hook/go.mod``: ``mindxcheckutils => ../mindxcheckutils``, compiled into the hook), and
    theirs in turn; ``texts``: the repo's files read (``rel -> text``)."""
    found = set(routed)
    modules = {dirname(rel): text for rel, text in texts.items() if rel.endswith("go.mod")}
    seen = set(route_folders(routed) & modules.keys())
    waiting = list(seen)
    while waiting:
        folder = waiting.pop()
        for replaced in local_replacements(modules[folder]):
            path = normpath(join(folder, replaced))  # an absolute one lies outside the checkout
            if path.startswith((".", "/")):
                continue
            found.add(path)
            # the module of the directory, or of one above it, is built too
            for module in route_folders((path,)) & modules.keys() - seen:
                seen.add(module)
                waiting.append(module)
    return frozenset(found)
