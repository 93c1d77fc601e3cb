"""The folders the repo's main route builds, each with the line that builds it (``scopes``).

A folder with a build file or a README of its own reads as a sub-project, yet one the repo's
own route builds is a part of the repo: what its build files need, building the repo needs.
The route is the repo's own build script (``build.sh`` or ``build_all.sh`` at the root, the
build script of a top-level script directory: ``buildnames.route_scripts``), read for the
directories it always enters and builds (``routedirs``), and the top ``CMakeLists.txt`` with
those of the directories the scripts build, read for the ``add_subdirectory`` chains
(``cmakesubdirs``), and the top ``setup.py``/``pyproject.toml``, read for the folders they
package or compile (``pypackaged``), and the top README's install sections, read for the
folders they enter and build (``guidedirs``: QServe's ``cd kernels`` then ``python setup.py
install``). Each folder keeps the first line found to build it, so a scan can say why a
folder is in the repo's scope. Computed once per repo.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from bringup.model import RoutePart, Source
from bringup.scan.buildnames import route_scripts
from bringup.scan.cmakesubdirs import added_directories
from bringup.scan.cmakeuse import cmake_file
from bringup.scan.pypackaged import packaged_folders
from bringup.scan.routedirs import route_folders, routed_lines, with_replaced_modules

SCRIPT = "script"
"""Built by the repo's build script: entered and built there, or named by a build command."""
SUBDIRECTORY = "add_subdirectory"
"""Added by a ``CMakeLists.txt`` of the route."""
PACKAGED = "package"
"""Packaged or compiled by the top ``setup.py`` or ``pyproject.toml`` (``pypackaged``)."""
GUIDED = "guide"
"""Entered and built by the top README's install section (``guidedirs``)."""


class Built(NamedTuple):
    """A folder the route builds: how, and the file and line that do it."""

    folder: str
    how: str
    rel: str
    line: int


def main_route(
    build_texts: Mapping[str, str],
    rels: Collection[str],
    off: Collection[str] = (),
    texts: Mapping[str, str] | None = None,
) -> dict[str, Built]:
    """``folder -> Built`` for each folder the route builds; ``build_texts``: the repo's build
    files (``rel -> text``), ``rels``: its files, ``off``: the folders only a build option
    off by default adds (``optdirs``), which the default route does not build; ``texts``:
    every file read, for the README's install sections."""
    found = {
        folder: Built(folder, SCRIPT, rel, line)
        for folder, (rel, line) in routed_lines(route_scripts(build_texts), rels).items()
    }
    cmake = {rel: text for rel, text in build_texts.items() if cmake_file(rel)}
    for folder, added in added_directories({"", *found}, cmake, off).items():
        found.setdefault(folder, Built(folder, SUBDIRECTORY, added.rel, added.line))
    for folder, (rel, line) in packaged_folders(build_texts, rels).items():
        found.setdefault(folder, Built(folder, PACKAGED, rel, line))
    # here, not at the top: the README reader's section words (``docsections``) import the
    # scope names of ``scopes``, which imports this module
    from bringup.scan.guidedirs import guided_lines

    for folder, (rel, line) in guided_lines(texts or {}, rels).items():
        if folder not in off:
            found.setdefault(folder, Built(folder, GUIDED, rel, line))
    return found


def route_parts(
    route: Mapping[str, Built], cite: Callable[[str, int], Source]
) -> tuple[RoutePart, ...]:
    """``route`` as the scan reports it, by folder; ``cite``: a file and line's citation."""
    return tuple(
        RoutePart(folder=built.folder, how=built.how, source=cite(built.rel, built.line))
        for _, built in sorted(route.items())
    )


def route_sets(
    route: Mapping[str, Built], texts: Mapping[str, str]
) -> tuple[frozenset[str], frozenset[str]]:
    """The folders the route's scripts build, with those the go.mod of a module they build
    replaces modules by, and the folders its CMake adds or its Python build packages; each
    with the folders above them."""
    scripted = frozenset(f for f, built in route.items() if built.how in (SCRIPT, GUIDED))
    added = (f for f, built in route.items() if built.how in (SUBDIRECTORY, PACKAGED))
    return route_folders(with_replaced_modules(scripted, texts)), route_folders(added)
