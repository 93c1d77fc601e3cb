"""A repo's requirements and steps split by the scope each file speaks for (``scopes``): the
repo's own, which decide its verdict, and those of its sub-projects and features, settled the
same way and shown beside it; the steps the files imply when none is stated."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import NamedTuple, TypeVar

import msgspec

from bringup import backends, lazyre
from bringup.model import Requirement, Scope, Step
from bringup.scan.anyof import unite
from bringup.scan.borrowed import borrowed, ci_images, installs_repo, route_images
from bringup.scan.builton import built_on
from bringup.scan.cios import runner_cpus
from bringup.scan.containerroute import container_routes, route_needs
from bringup.scan.extraction import Extraction
from bringup.scan.floors import unite_floors
from bringup.scan.hosttools import SPEED_UPS
from bringup.scan.optdirs import optional_parts
from bringup.scan.pipsections import list_scopes
from bringup.scan.probedtoolkit import probed_optional
from bringup.scan.pypitwins import as_stated_subjects
from bringup.scan.repeats import merge_repeats
from bringup.scan.runscopes import scripts_of_the_repo, step_scope
from bringup.scan.scopenames import TEST_FRAMEWORKS
from bringup.scan.scopes import CI, DEVELOPMENT, DOCKER, OPTIONAL, REPO, TESTS, Scopes
from bringup.scan.scopes import feature as is_feature
from bringup.scan.scriptsteps import alone
from bringup.scan.statuscheck import optional_hosts
from bringup.scan.steplists import installed_lists
from bringup.scan.steps_found import pytest_steps
from bringup.scan.unversioned import settle_unversioned
from bringup.scan.walk import RepoFile
from bringup.scan.wheelpython import fold_wheel_pythons
from bringup.subjects import scope_of as scope_of_subject

_BUILD_KINDS = frozenset({"setup_py", "pyproject", "cmake", "shell", "makefile"})
"""Files whose text tells which nested directories the build builds (``scopes``)."""

_Scoped = TypeVar("_Scoped", Requirement, Step)


def _by_scope(
    items: list[_Scoped],
    scope_of: dict[str, str],
    keep: str = REPO,
    on: frozenset[str] = frozenset(),
) -> dict[str, list[_Scoped]]:
    """``items`` by the scope of the file each was read from, or, in a file of the repo's,
    the feature a requirement names (a manifest's extra) unless the build turns it ``on``;
    ``keep`` also counts as the repo's (CI steps are the repo's build and test, its pins are
    not its requirements)."""
    grouped: dict[str, list[_Scoped]] = defaultdict(list)
    for item in items:
        scope = scope_of.get(item.source.ref or "", REPO)
        feature = item.feature if isinstance(item, Requirement) else ""
        if scope == REPO and feature and feature not in on:
            scope = feature
        grouped[REPO if scope == keep else scope].append(item)
    return grouped


def united(requirements: list[Requirement], authority: dict[str, int]) -> list[Requirement]:
    """The support lists in ``requirements`` united: any-of names (``anyof``) and the docs'
    device-capability floors (``floors``)."""
    return unite_floors(unite(requirements, authority), authority)


class Split(NamedTuple):
    """The repo scope's requirements and stated steps, and everything else by scope."""

    requirements: list[Requirement]
    steps: list[Step]
    other_requirements: dict[str, list[Requirement]]
    other_steps: dict[str, list[Step]]
    scope_of: dict[str, str]

    def with_own_scripts(self, defaults: list[Step], rels: Mapping[str, str]) -> Split:
        """The split with the sub-projects' steps that run the repo's own scripts the repo's
        (``runscopes.scripts_of_the_repo``; ``rels``: each file's path, by citation)."""
        stated, others = scripts_of_the_repo(
            self.steps, self.other_steps, defaults, self.scope_of, rels
        )
        return self._replace(steps=stated, other_steps=others)

    def others(self, component: str, authority: dict[str, int]) -> tuple[Scope, ...]:
        """The scopes beside the repo's, their requirements settled as the repo's are but
        without findings (those are about the repo), so the versions in use that a finding
        would name stay requirements."""
        out = []
        for name in sorted(set(self.other_requirements) | set(self.other_steps)):
            settled = settle_unversioned(
                as_stated_subjects(self.other_requirements.get(name, [])),
                component,
                name_in_use=False,
            )
            kept = fold_wheel_pythons(settled.requirements, authority)
            out.append(
                Scope(
                    name=name,
                    feature=is_feature(name),
                    requirements=tuple(merge_repeats(united(kept, authority), authority)) or (),
                    steps=tuple(self.other_steps.get(name, ())) or (),
                )
            )
        return tuple(out) or ()


def default_steps(
    extractions: list[Extraction],
    scoped: Split,
    requirements: list[Requirement],
    test_files: list[tuple[str, str]],
    patterns: Callable[[str], tuple[str, ...]],
) -> list[Step]:
    """The steps the files imply (``pip install .`` for a pyproject), and a pytest run of
    the repo's own test files (not a sub-project's), needing what their guards say, when no
    stated step runs pytest (over the files a folder's ``python_files`` ``patterns`` collect)."""
    defaults = alone(extractions)  # a helper script run through another is no step
    if any(s.kind == "test" and "pytest" in s.argv[:3] for s in scoped.steps):
        return defaults
    fetched = tuple(
        r.spec.rstrip("/") + "/"
        for e in extractions
        for r in e.requirements
        if r.subject == "submodule" and r.source.ref.endswith(".gitmodules")
    )
    # a submodule's tests are another repository's, run by its own test build (pybind11's
    # tests/ under pybind/cmake_example@7a94877f .gitmodules:1-3, outsider13 D14)
    own = [
        (rel, ref)
        for rel, ref in test_files
        if scoped.scope_of.get(ref) in (REPO, TESTS) and not rel.startswith(fetched)
    ]
    found = [*requirements, *scoped.other_requirements.get(TESTS, ())]
    counts = {devices.count_subject for _, devices in backends.with_devices()}
    guards = [r for r in found if r.subject in counts]
    return pytest_steps(own, guards, patterns) + defaults


def _build_texts(texts: dict[str, tuple[RepoFile, str]]) -> dict[str, str]:
    """The build files' texts, and the top-level README's (the parts it names, ``scopes``)."""
    return {
        entry.rel: text
        for entry, text in texts.values()
        if entry.kind in _BUILD_KINDS
        or ("/" not in entry.rel and entry.rel.lower().startswith("readme"))
    }


def file_scopes(
    seen: set[str],
    texts: dict[str, tuple[RepoFile, str]],
    manifests: tuple[str, ...],
    owned: Mapping[str, str] | None = None,
) -> Scopes:
    """The scope of each file, from the files seen (and other languages' ``manifests``) and
    the build files' texts; ``owned``: the requirements files a package manifest reads."""
    builds = _build_texts(texts)
    on = frozenset(f"option:{name}" for name in built_on(builds))
    read = {entry.rel: text for entry, text in texts.values()}
    directories, lines = optional_parts(builds, on)
    scopes = Scopes(
        [*seen, *manifests], builds, directories, on, read, option_lines=lines, owned=owned
    )
    scopes.sectioned = list_scopes(read, scopes.of, builds)
    return scopes


def _guarded(
    requirements: list[Requirement], scopes: Scopes, texts: dict[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` with the option (``optdirs.optional_parts``) that guards the CMake
    line each was read at, where the file's own reading named none."""
    if not scopes.option_lines:
        return requirements
    rels = {ref: entry.rel for ref, (entry, _) in texts.items()}
    out = []
    for requirement in requirements:
        rel = rels.get(requirement.source.ref or "", "")
        feature = scopes.option_lines.get(rel, {}).get(requirement.source.line or 0, "")
        guarded = feature and not requirement.feature
        out.append(
            msgspec.structs.replace(requirement, feature=feature) if guarded else requirement
        )
    return out


def _submodules_placed(requirements: list[Requirement], scopes: Scopes) -> list[Requirement]:
    """``requirements`` with each submodule ``.gitmodules`` declares in the scope of the
    folder it is checked out in (``Scopes.holding``), where that is not the repo's."""
    out = []
    for requirement in requirements:
        declared = requirement.subject == "submodule" and not requirement.feature
        ref = requirement.source.ref or ""
        holder = (
            scopes.holding(requirement.spec) if declared and ref.endswith(".gitmodules") else REPO
        )
        out.append(
            requirement if holder == REPO else msgspec.structs.replace(requirement, feature=holder)
        )
    return out


_PACKAGE_NAME = lazyre.compile(r"[A-Za-z][\w.+-]*")


def _speed_ups_placed(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each compiler cache alone (``ccache``, ``ccache>=4.8.2``:
    ``hosttools.SPEED_UPS``) in the ``development`` scope, wherever it was read: it only
    speeds a developer's rebuilds up, the build goes on without it (``find_program(CCACHE_FOUND
    ccache)`` then a launcher, hicann/shmem CMakeLists.txt:32; ``command -v ccache``,
    MindIE-LLM build.sh:44), so it is never the repo's need (the truth conventions, C7)."""
    out = []
    for requirement in requirements:
        names = [m.group(0).lower() for m in _PACKAGE_NAME.finditer(requirement.spec)]
        cache = (
            requirement.subject == "system_package"
            and not requirement.feature
            and bool(names)
            and names[0] in SPEED_UPS
            and len(requirement.spec.split()) == 1
        )
        out.append(
            msgspec.structs.replace(requirement, feature=DEVELOPMENT) if cache else requirement
        )
    return out


_URL = lazyre.compile(r"[a-z][a-z+]*://[^\s,;)]+|git@[^\s,;)]+")
_TESTERS = frozenset(name for name in TEST_FRAMEWORKS if "bench" not in name)
"""The test frameworks (``scopenames.TEST_FRAMEWORKS``) less the benchmark ones, which build
benchmarks a main route may build too (stdgpu STDGPU_BUILD_BENCHMARKS is ON by default)."""


def _tester(url: str) -> bool:
    """Whether a URL's path names a test framework (``github.com/catchorg/Catch2.git``,
    ``.../googletest/archive/refs/tags/release-1.12.1.tar.gz``)."""
    parts = url.split("://", 1)[-1].replace(":", "/").split("/")[1:]
    return any(part.lower().removesuffix(".git") in _TESTERS for part in parts)


def _test_downloads_placed(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each download of a test framework alone in the ``tests`` scope
    (``FetchContent_Declare(Catch2 GIT_REPOSITORY https://github.com/catchorg/Catch2.git``,
    NVIDIA/cudnn-frontend samples/CMakeLists.txt:10-12; ``wget`` of googletest in hicann/ops-blas
    install_deps.sh:491): only the tests build with it (the truth conventions, C7). A need
    that names other downloads beside it stays the repo's."""
    out = []
    for requirement in requirements:
        urls = _URL.findall(f"{requirement.spec} {requirement.text or ''}")
        tests = (
            requirement.subject == "network"
            and not requirement.feature
            and bool(urls)
            and all(_tester(url) for url in urls)
        )
        out.append(msgspec.structs.replace(requirement, feature=TESTS) if tests else requirement)
    return out


def _container_route(
    by_scope: dict[str, list[Requirement]],
    texts: dict[str, tuple[RepoFile, str]],
    own: list[Requirement],
) -> list[Requirement]:
    """The needs of the repo's container build route (``containerroute``): its engine and
    image packages, and the requirements of the image's file, taken out of the scope its
    folder would give them; ``own``'s toolkits pick the image among one per toolkit."""
    files = {entry.rel: (ref, text) for ref, (entry, text) in texts.items()}
    routes = container_routes(
        {entry.rel: text for entry, text in texts.values() if entry.kind == "shell"},
        {entry.rel for entry, _ in texts.values() if entry.kind == "dockerfile"},
        {r.subject for r in own if scope_of_subject(r.subject) == "toolkit"},
    )
    needs, imaged = route_needs(routes, files)
    for scope, found in by_scope.items():
        needs += [r for r in found if r.source.ref in imaged]
        by_scope[scope] = [r for r in found if r.source.ref not in imaged]
    return needs


def _run_elsewhere(own: list[Requirement], ci_cpus: frozenset[str]) -> list[Requirement]:
    """The repo's needs without a soft CPU need that leaves out a CPU its own CI builds or
    tests it on: a GPU install script's ``flash_attn-...-linux_x86_64.whl`` (shangxt10/
    verl_mindspeedmm@da9e8534 scripts/install_vllm_sglang_mcore.sh:29) is that route's
    package, while the repo's Ascend CI runs on ``linux-aarch64-a3-8`` (.github/workflows/
    e2e_ascend.yml:70): the repo is not x86_64-only (outsider19 D11)."""
    return [r for r in own if r.subject != "arch" or r.hard or not ci_cpus - set(r.spec.split(","))]


def split_scopes(
    requirements: list[Requirement],
    extractions: list[Extraction],
    scopes: Scopes,
    texts: dict[str, tuple[RepoFile, str]],
    guides: list[str],
    *,
    repo_name: str,
) -> Split:
    scope_of = {
        ref: scopes.guide(entry.rel) if entry.rel in guides else scopes.of(entry.rel)
        for ref, (entry, _) in texts.items()
    }
    placed = _test_downloads_placed(
        _speed_ups_placed(_submodules_placed(_guarded(requirements, scopes, texts), scopes))
    )
    by_scope = _by_scope(placed, scope_of, on=scopes.on)
    steps = _by_scope([s for e in extractions for s in e.steps], scope_of, keep=CI)
    own = by_scope.pop(REPO, [])
    own += _container_route(by_scope, texts, own)
    # a container uses the host's driver: a driver its docs need is the host's, the repo's
    hosted = [r for r in by_scope.get(DOCKER, ()) if scope_of_subject(r.subject) == "driver"]
    if hosted:
        by_scope[DOCKER] = [r for r in by_scope[DOCKER] if r not in hosted]
    images = {
        ref: installs_repo(text, repo_name)
        for ref, (entry, text) in texts.items()
        if entry.kind == "dockerfile"
    }
    docker = route_images(by_scope.get(DOCKER, []), images)
    ci = ci_images(by_scope.get(CI, []), images)
    own = optional_hosts([*own, *hosted])
    own, optional = probed_optional(own, by_scope.get(OPTIONAL, []))
    if optional:
        by_scope[OPTIONAL] = optional
    runners = [runner_cpus(t) for ref, (_, t) in texts.items() if scope_of.get(ref) == CI]
    own = _run_elsewhere(own, frozenset(cpu for cpus in runners for cpu in cpus))
    own += borrowed(own, {CI: ci, DOCKER: docker}, images)
    projects = set(scope_of.values()) | set(by_scope) | set(steps)
    for step in steps.pop(REPO, []):
        # a step run in a sub-project or running its script is that sub-project's (runscopes)
        steps[step_scope(step, projects) or REPO].append(step)
    own_steps = steps.pop(REPO, [])
    guided = installed_lists(own_steps, by_scope, {r: (e.rel, t) for r, (e, t) in texts.items()})
    for scope in (DEVELOPMENT, TESTS):
        if scope in by_scope:
            by_scope[scope] = [r for r in by_scope[scope] if r not in guided]
    return Split([*own, *guided], own_steps, by_scope, steps, scope_of)
