"""Scanning one repository: walk, read, extract, then settle what was found.

Settling: requirements get their component and scope (``scopesplit``); an unversioned
mention ("install the toolkit") is dropped when the repo states a version elsewhere, else it
stays and becomes a finding; contradictions between files are found and the weaker side made
soft; the manifest overrides whatever it names (``manifestapply``); steps are chosen
(``steps_found``). Nothing here raises for a bad repo file: every problem is a finding.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import NamedTuple, Optional

import msgspec

from bringup.model import Component, Source, Step, file_source
from bringup.scan import cmakelex, lowertexts, moduletexts
from bringup.scan.apipolicy import uncovered_imports
from bringup.scan.aptlist import APT_LIST, apt_list
from bringup.scan.autotoolsteps import with_make
from bringup.scan.buildroutes import backend_needs, one_route, route_bound
from bringup.scan.buildruns import builds_running
from bringup.scan.cited import cited_files
from bringup.scan.clitests import test_files
from bringup.scan.collection import collection as is_collection
from bringup.scan.companions import without_unused_companions
from bringup.scan.declaredranges import outside_declared
from bringup.scan.devicecode import folded_device_code
from bringup.scan.devicefree import as_route
from bringup.scan.devicesupport import supported_devices
from bringup.scan.extraction import Extraction, Finding
from bringup.scan.fetches import cited_where_included
from bringup.scan.folderbuilds import folder_builds
from bringup.scan.followed import include_places
from bringup.scan.frameworkfolders import framework_options
from bringup.scan.gitversion import git_version
from bringup.scan.gomod import go_modules
from bringup.scan.mainroute import route_parts
from bringup.scan.manifest import Loaded, RepoManifest
from bringup.scan.manifestapply import apply_manifest
from bringup.scan.meson import meson_wraps
from bringup.scan.othermachine import foreign_caches, home_paths
from bringup.scan.ownbuildstep import with_checkout_install
from bringup.scan.owndists import own_distributions
from bringup.scan.ownfolder import own_names
from bringup.scan.ownrecipe import Recipes, read_recipes
from bringup.scan.packageread import package_reads
from bringup.scan.progress import Progress
from bringup.scan.pytestconfig import python_files
from bringup.scan.readahead import Reader
from bringup.scan.readloop import read_files
from bringup.scan.repoonce import one_each
from bringup.scan.reposplit import repo_split
from bringup.scan.repostated import repo_stated
from bringup.scan.repotexts import RepoTexts
from bringup.scan.roles import repo_role
from bringup.scan.routecomponents import route_components
from bringup.scan.scopesplit import default_steps, file_scopes
from bringup.scan.scriptmodes import runnable, runnable_scopes
from bringup.scan.setupcmake import by_setup
from bringup.scan.shell import kept as scripts_kept
from bringup.scan.stepfiles import StepFiles, device_of_tests, placed
from bringup.scan.steps_found import (
    in_checkout,
    merge_steps,
    scopes_in_checkout,
    toolkit_builds,
    toolkit_folders,
    without_own_release,
)
from bringup.scan.testdeps import tests_requirements_first
from bringup.scan.translations import originals_route, originals_win
from bringup.scan.unrun import drop_unrun_tools
from bringup.scan.unversioned import stated_in_scopes
from bringup.scan.walk import RepoFile, walk_repo


class RepoScan(NamedTuple):
    component: Component
    findings: list[Finding]
    provides: list[str]
    files_seen: int
    files_read: int


_AUTOCONF = ("configure.ac", "configure.in")
"""Autoconf's input at the top: the repo builds with autotools (``buildroutes.one_route``)."""


def _by_path(texts: dict[str, tuple[RepoFile, str]]) -> dict[str, str | None]:
    """The texts the scan read, by repo path: what ``RepoTexts`` starts from."""
    return {entry.rel: text for entry, text in texts.values()}


def _read_steps(steps: list[Step], shown: str, kept: StepFiles) -> tuple[Step, ...]:
    """The repo's steps read with their own recipes and test files, the default test steps
    and the manifest's among them (``ownrecipe``, ``stepfiles.device_of_tests``)."""
    tested = device_of_tests(steps, kept)
    return tuple(read_recipes(tested, kept.read, _citer(shown)))


def _citer(shown: str) -> Callable[[str, Optional[int]], Source]:
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
        ] + [
            Finding(
                kind="note",
                message=f"vendored code not read: {rel}/ ({_files(count)}); what it states is"
                " its own projects' need, not the repo's",
                sources=(file_source(_ref(shown, rel)),),
                component=component,
            )
            for rel, count in stats.vendored
        ]
        # a repo with no build at its top: its README states what all its members share
        collection = is_collection(root, {file.rel for file in files})
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
                                repo_stated(
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
        scoped = repo_split(
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
        requirements = without_unused_companions(requirements, root, stats.scripts)
        requirements = [*requirements, *apt_list(root, known.known, _ref(shown, APT_LIST))]
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
        steps = with_checkout_install(steps, extractions)
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
            + uncovered_imports(requirements, root, stats.scripts, lambda rel: _ref(shown, rel))
            + home_paths(texts)
            + foreign_caches(root, lambda rel: _ref(shown, rel))
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
                distributions=own_distributions(extracted, known.known, _citer(shown)),
            ),
            all_findings,
            provides,
            stats.files_seen,
            set(texts),
        )


def _files(count: int) -> str:
    """``count`` files as the vendored note says it (``walk._files_in`` stops at 10,000)."""
    return f"{count:,} or more files" if count >= 10_000 else f"{count} file" + "s" * (count != 1)
