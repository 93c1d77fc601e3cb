"""Scanning one repository: walk, read, extract, then settle what was found.

Settling: requirements get their component and scope (``scopesplit``); an unversioned
mention ("install the toolkit") is dropped when the repo states a version elsewhere, else it
stays and becomes a finding; contradictions between files are found and the weaker side made
soft; the manifest overrides whatever it names (``manifestapply``); steps are chosen
(``steps_found``). Nothing here raises for a bad repo file: every problem is a finding.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Component, Requirement, Source, Step, file_source
from bringup.scan import cmakelex, lowertexts, moduletexts
from bringup.scan.autotoolsteps import with_make
from bringup.scan.buildnames import BUILD_FILES
from bringup.scan.buildroutes import backend_needs, one_route, route_bound
from bringup.scan.buildruns import builds_running
from bringup.scan.cited import cited_files
from bringup.scan.clitests import test_files
from bringup.scan.cmakecalls import idle_bodies, running
from bringup.scan.cmakedists import as_distributions
from bringup.scan.collection import rootless
from bringup.scan.declaredranges import outside_declared
from bringup.scan.devicecode import folded_device_code
from bringup.scan.devicefree import as_route
from bringup.scan.devicesupport import supported_devices
from bringup.scan.extraction import Extraction, Finding
from bringup.scan.extrasubmodules import extra_submodules
from bringup.scan.fetches import cited_where_included, own_clone
from bringup.scan.folderbuilds import folder_builds
from bringup.scan.followed import include_places
from bringup.scan.frameworkfolders import framework_options
from bringup.scan.gitversion import git_version
from bringup.scan.gomod import go_modules
from bringup.scan.handoff import handed_over
from bringup.scan.libtorch import as_libtorch, libtorch_folder
from bringup.scan.linked import with_wheel_libraries
from bringup.scan.linterimports import library_tools
from bringup.scan.mainroute import route_parts
from bringup.scan.manifest import Loaded, RepoManifest
from bringup.scan.manifestapply import apply_manifest
from bringup.scan.members import shared_by_members
from bringup.scan.meson import meson_wraps
from bringup.scan.ownfolder import own_names
from bringup.scan.ownrecipe import Recipes, read_recipes
from bringup.scan.packageread import package_reads
from bringup.scan.pkgimports import package_lines, top_packages
from bringup.scan.progress import Progress
from bringup.scan.pytestconfig import python_files
from bringup.scan.readahead import Reader
from bringup.scan.readloop import read_files
from bringup.scan.repoonce import one_each
from bringup.scan.repotexts import RepoTexts
from bringup.scan.roles import repo_role
from bringup.scan.routecomponents import route_components
from bringup.scan.scopenames import REPO
from bringup.scan.scopes import Scopes
from bringup.scan.scopesplit import Split, default_steps, file_scopes, split_scopes
from bringup.scan.scriptmodes import runnable, runnable_scopes
from bringup.scan.setupcmake import by_setup
from bringup.scan.shell import kept as scripts_kept
from bringup.scan.specspans import folder_named, python_listed, variant_build
from bringup.scan.stepfiles import StepFiles, device_of_tests, placed
from bringup.scan.steps_found import (
    in_checkout,
    merge_steps,
    scopes_in_checkout,
    toolkit_builds,
    toolkit_folders,
    without_own_release,
)
from bringup.scan.submodules import checked_out, declared_submodules
from bringup.scan.testdeps import tests_requirements_first
from bringup.scan.translations import originals_route, originals_win
from bringup.scan.unrun import drop_unrun_tools
from bringup.scan.unversioned import stated_in_scopes
from bringup.scan.versioninfo import checked_versions
from bringup.scan.walk import RepoFile, walk_repo
from bringup.subjects import canonical_subject, python_subject


class RepoScan(NamedTuple):
    component: Component
    findings: list[Finding]
    provides: list[str]
    files_seen: int
    files_read: int


_CUDA_FLAVOUR = lazyre.compile(r"-cu(?:da)?1\d{1,2}x?$")
_AUTOCONF = ("configure.ac", "configure.in")
"""Autoconf's input at the top: the repo builds with autotools (``buildroutes.one_route``)."""
"""The suffix of a distribution's CUDA-flavoured wheel (``pylibraft-cu13``, raft README.md:240,
built from ``python/pylibraft`` whose pyproject.toml:96 asks rapids-build-backend for
``cuda_suffixed=true``; ``mooncake-transfer-engine-cuda13``, Mooncake README.md:213): the
repo's own distribution under the name of one CUDA major, installed instead of built."""


def _stated(
    root: Path,
    shown: str,
    component: str,
    *,
    extractions: list[Extraction],
    provides: list[str],
    named: list[tuple[str, str]],
    texts: dict[str, tuple[RepoFile, str]],
    scopes: Scopes,
) -> list[Requirement]:
    """What the files state and the main package imports, listed releases named as the repo
    shows them (``python_listed``), less the repo itself: the distributions its manifests name
    (``named``, each with the file that names it), and the repo's name unless the manifests of
    the repo's own scope name others only (its docs install the repo, "pip install <repo>" in
    its own install guide), also under a CUDA flavour's name (``_CUDA_FLAVOUR``). What a CMake
    function body states counts only where something that runs calls the function
    (``cmakecalls``)."""
    # CMake finds a package by its name in any case (``rmmConfig.cmake``, ``rmm-config.cmake``):
    # ``find_package(rmm)`` in python/rmm/CMakeLists.txt:17 finds rmm's ``project(RMM)``
    # the repo's name is its distribution's (its docs install the repo) unless the manifests
    # of the repo's own scope (setup.py, pyproject.toml, setup.cfg) name other distributions
    # only: Ascend/tensorflow builds npu_bridge and npu_device (tf_adapter/python/setup.py:30,
    # tf_adapter_2.x/python/setup.py:17) and needs TensorFlow 1.15.0 (tf_adapter/README.md:25);
    # one named after the repo (``foo_cuda_ext`` in repo foo) is a part of the repo's own
    # distribution. A benchmark's manifest (nixl benchmark/nixlbench/src/runtime/etcd/
    # setup.py:43) is not of the repo's scope.
    distributions = [
        name for rel, name in named if not name.startswith("cmake:") and scopes.of(rel) == REPO
    ]
    repo_named = not distributions or any(
        canonical_subject(name).startswith(canonical_subject(component)) for name in distributions
    )
    # a manifest's CUDA-flavoured name (``nixl-cu12``, nixl pyproject.toml:21) is the distribution
    # the docs install by its plain name ("pip install nixl", README.md:43)
    own = {
        _CUDA_FLAVOUR.sub("", name).lower()
        for name in (*provides, *([python_subject(component)] if repo_named else []))
    } | {python_subject(package).lower() for package in top_packages(root)}
    stated = as_distributions(
        python_listed(
            library_tools(
                [
                    *with_wheel_libraries(
                        running(
                            (r for extraction in extractions for r in extraction.requirements),
                            idle_bodies(
                                {ref: (e.rel, text) for ref, (e, text) in texts.items()}, scopes.of
                            ),
                        )
                    ),
                    *package_lines(root, shown, component, provides),
                    *checked_versions(
                        root,
                        component,
                        ((ref, e.rel, e.kind, text) for ref, (e, text) in texts.items()),
                    ),
                ],
                root,
                shown,
                component,
                provides,
            ),
            (text for _, text in texts.values()),
        )
    )
    cmake = ((ref, text) for ref, (entry, text) in texts.items() if entry.kind == "cmake")
    stated = as_libtorch(stated, libtorch_folder(cmake))
    setup = next((text for entry, text in texts.values() if entry.rel == "setup.py"), "")
    stated = extra_submodules(stated, setup)
    folders = frozenset(
        canonical_subject(posixpath.basename(posixpath.dirname(entry.rel)))
        for entry, _ in texts.values()
        if variant_build(entry.rel)
    )
    return [
        msgspec.structs.replace(r, component=component)
        for r in stated
        if _CUDA_FLAVOUR.sub("", r.subject).lower() not in own
        and not own_clone(r, {*own, component})
        and not folder_named(r, folders)
    ]


def _split(
    root: Path,
    requirements: list[Requirement],
    *,
    extractions: list[Extraction],
    texts: dict[str, tuple[RepoFile, str]],
    guides: list[str],
    scopes: Scopes,
    collection: bool,
) -> Split:
    """The requirements by scope, less the variables the repo's own build scripts set for
    the parts they run (``handoff``), with the submodules checked out; in a ``collection``
    (no build at its root), what all its members built alike state is the repo's too
    (``members``)."""
    scripts = {
        ref: text
        for ref, (entry, text) in texts.items()
        if entry.kind == "shell" and scopes.of(entry.rel) == REPO
    }
    docs = frozenset(ref for ref, (entry, _) in texts.items() if entry.kind == "docs")
    kept = handed_over(requirements, scripts, docs)
    split = split_scopes(
        checked_out(root, declared_submodules(kept)),
        extractions,
        scopes,
        texts,
        guides,
        repo_name=root.name,
    )
    if not collection or _builds_itself(split.requirements):
        return split
    read = {entry.rel: text for entry, text in texts.values()}
    shared = shared_by_members(split.other_requirements, read, scopes.on)
    return split._replace(requirements=[*split.requirements, *shared])


def _builds_itself(own: list[Requirement]) -> bool:
    """Whether the repo's own scope reads a build file (a folder its build is, though not at
    the top: OpenGVLab/DCNv4@4b848f7 DCNv4_op/setup.py): its sub-projects are beside it, and
    the example pins their READMEs share (classification/README.md:19,27 ``python=3.7``,
    ``CUDA==11.3``) are theirs, not the repo's (outsider18 D2)."""
    return any(posixpath.basename(r.source.ref or "").lower() in BUILD_FILES for r in own)


def _by_path(texts: dict[str, tuple[RepoFile, str]]) -> dict[str, str | None]:
    """The texts the scan read, by repo path: what ``RepoTexts`` starts from."""
    return {entry.rel: text for entry, text in texts.values()}


def _read_steps(steps: list[Step], shown: str, kept: StepFiles) -> tuple[Step, ...]:
    """The repo's steps read with their own recipes and test files, the default test steps
    and the manifest's among them (``ownrecipe``, ``stepfiles.device_of_tests``)."""
    tested = device_of_tests(steps, kept)
    return tuple(read_recipes(tested, kept.read, _citer(shown)))


def _citer(shown: str) -> Callable[[str, int], Source]:
    """How a line of a repo file is cited, the repo shown as ``shown``."""
    return lambda rel, line: file_source(_ref(shown, rel), line)


def _placed(
    extracted: list[tuple[str, Extraction]],
    kept: StepFiles,
    shown: str,
    builds: Mapping[str, str],
    *,
    known: RepoTexts,
    own: Collection[str],
) -> list[Extraction]:
    """The extractions with each step run from the folder that holds its script, marked
    when the repo lacks it, on the device its script says (``stepfiles``), an install of a
    toolkit build needing the toolkit (``toolkit_builds`` of ``builds``): before the steps
    are split by scope, so a step the guide runs in a sub-project is that sub-project's,
    needs and all. ``own``: the repo's names, the folder a guide clones it into."""

    recipes = Recipes(known.inside, _citer(shown))

    def place(guide: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        read = recipes.steps(placed(steps, kept, guide, own=own))
        return tuple(toolkit_builds(read, builds))

    return [msgspec.structs.replace(e, steps=place(rel, e.steps)) for rel, e in extracted]


def _scanned(
    component: Component,
    findings: list[Finding],
    provides: list[str],
    files_seen: int,
    read: set[str],
) -> RepoScan:
    """The scan's answer, counting as read every file it cites a line of (``cited_files``)."""
    return RepoScan(
        component, findings, provides, files_seen, len(read | cited_files(component, findings))
    )


def _ref(shown: str, rel: str) -> str:
    """How a file of the repo shown as ``shown`` is cited."""
    if rel == ".":
        return shown
    return f"{shown.rstrip('/')}/{rel}" if shown not in ("", ".") else rel


def scan_repo(
    root: Path,
    shown: str,
    *,
    name: str | None = None,
    loaded: Loaded | None = None,
    manifest: RepoManifest | None = None,
    prefix: list[str | int] | None = None,
    progress: Progress | None = None,
    forks: int = 0,
) -> RepoScan:
    """The component for the repo at ``root`` (cited as ``shown``), with its findings.
    ``manifest`` is the user's word on it (from ``loaded``, at ``prefix`` inside a stack
    file). With ``forks``, a big repo's files are read ahead in that many forked copies
    (``readahead``)."""
    # the repo's lexed CMake texts, package modules and scripts' parts, dropped however it ends
    with cmakelex.kept(), lowertexts.kept(), moduletexts.kept(), scripts_kept():
        component = name or (manifest.name if manifest and manifest.name else root.resolve().name)
        files, stats = walk_repo(root, manifest.ignore if manifest else (), progress=progress)
        findings = [
            Finding(
                kind="unreadable",
                message=why,
                sources=(file_source(_ref(shown, rel)),),
                component=component,
            )
            for rel, why in stats.unreadable
        ]
        # a repo with no build at its top: its README states what all its members share
        collection = rootless({file.rel for file in files})
        reader = Reader(  # the devices its code runs on read while the copies read its files
            [(f, _ref(shown, f.rel)) for f in files],
            collection,
            forks,
            lambda: supported_devices(root, shown, component),
        )
        read = read_files(root, files, reader, lambda rel: _ref(shown, rel), component)
        extracted, texts, authority, readme, guides = (
            read.extracted,
            read.texts,
            read.authority,
            read.readme,
            read.guides,
        )
        findings += read.findings
        extractions, known = [e for _, e in extracted], RepoTexts(root, _by_path(texts))
        kept = StepFiles(frozenset(stats.scripts), known.inside)  # read once for all steps
        builds, provides = (
            toolkit_folders(extracted, known.known),
            sorted({p for e in extractions for p in e.provides}),
        )
        scopes = file_scopes(read.seen, texts, stats.manifests, package_reads(extracted))
        requirements = route_components(
            cited_where_included(
                drop_unrun_tools(
                    meson_wraps(
                        builds_running(
                            go_modules(
                                _stated(
                                    root,
                                    shown,
                                    component,
                                    extractions=extractions,
                                    provides=provides,
                                    named=[
                                        (rel, name) for rel, e in extracted for name in e.provides
                                    ],
                                    texts=texts,
                                    scopes=scopes,
                                ),
                                texts,
                            ),
                            texts,
                        ),
                        texts,
                    ),
                    texts,
                ),
                include_places(extracted, texts),
            ),
            {ref: text for ref, (e, text) in texts.items() if e.kind == "docs"},
            lambda ref: scopes.of(texts[ref][0].rel) if ref in texts else "",
        )
        requirements = framework_options(requirements, {r: e.rel for r, (e, _) in texts.items()})
        findings.extend(
            msgspec.structs.replace(f, component=component) for e in extractions for f in e.findings
        )
        scoped = _split(
            root,
            requirements,
            extractions=_placed(
                extracted,
                kept,
                shown,
                builds,
                known=known,
                own=own_names(component, root, provides),
            ),
            texts=texts,
            guides=guides,
            scopes=scopes,
            collection=collection,
        )
        settled, contradictions = one_each(
            originals_win(scoped.requirements, {ref: e.rel for ref, (e, _) in texts.items()}),
            authority,
            component,
            {ref: text for ref, (_, text) in texts.items()},
        )
        requirements, unversioned = as_route(settled.requirements, readme), settled.findings
        findings += folded_device_code(scoped.requirements, requirements, component)
        defaults = device_of_tests(
            default_steps(
                extractions,
                scoped,
                requirements,
                test_files(texts, reader.script),
                python_files(known.read),
            ),
            kept,
        )
        autotools = next((n for n in _AUTOCONF if os.path.isfile(root / n)), "")
        defaults, routed, left = one_route(defaults, texts, autotools)
        requirements = route_bound(requirements, left, {r: e.rel for r, (e, _) in texts.items()})
        scoped = scoped.with_own_scripts(defaults, {ref: e.rel for ref, (e, _) in texts.items()})
        steps = originals_route(
            in_checkout(
                without_own_release(
                    toolkit_builds(
                        merge_steps(*by_setup(scoped.steps, defaults, texts)),
                        builds,
                        provides,
                        root.name,
                    ),
                    provides,
                    root.name,
                ),
                lambda rel: os.path.isdir(root / rel),
            ),
            {ref: e.rel for ref, (e, _) in texts.items()},
        )
        steps = folder_builds(
            steps, texts, scoped.scope_of, read.seen, read=known.inside, toolkits=builds
        )
        steps = tests_requirements_first(steps, extractions, lambda rel: os.path.isfile(root / rel))
        autotools = "" if "autotools" in left else autotools  # the route not planned
        steps = with_make(steps, extractions, autotools, _ref(shown, autotools))
        overrides: list[Finding] = []
        if manifest is not None and loaded is not None:
            stated_subjects = {stated.subject for stated in manifest.requirements}
            unversioned = [f for f in unversioned if f.subject not in stated_subjects]
            requirements, steps, overrides = apply_manifest(
                requirements,
                steps,
                loaded,
                manifest,
                prefix=prefix or [],
                component=component,
                in_use=settled.in_use,
            )
        scopes_beside, modes = runnable_scopes(
            scopes_in_checkout(
                scoped.others(component, authority), lambda rel: os.path.isdir(root / rel)
            ),
            root,
        )
        steps, own_modes = runnable(steps, root)
        all_findings = (
            findings
            + routed
            + own_modes
            + modes
            + stated_in_scopes(unversioned, scopes_beside)
            + contradictions
            + outside_declared(requirements, scoped.other_requirements, texts)
            + overrides
            + reader.found_meanwhile
            + git_version(root, known.read, _citer(shown), component)
        )
        # ``or ()``: an empty tuple built from a generator is not the ``()`` singleton on Python
        # 3.9, and older msgspec omits a default only when it is that very object.
        return _scanned(
            Component(
                name=component,
                path=shown,
                role=manifest.role
                if manifest and manifest.role
                else repo_role(component, readme, texts.values(), requirements),
                requirements=(*requirements, *backend_needs(steps, requirements, component)),
                steps=_read_steps(steps, shown, kept) or (),
                depends_on=(tuple(manifest.depends_on) if manifest else ()) or (),
                trusted=manifest.trusted if manifest else False,
                findings=tuple(f.as_fact() for f in all_findings) or (),
                scopes=scopes_beside,
                route=route_parts(scopes.route, _citer(shown)) or (),
            ),
            all_findings,
            provides,
            stats.files_seen,
            set(texts),
        )
