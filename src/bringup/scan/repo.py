"""Scanning one repository: walk, read, extract, then settle what was found.

Settling: requirements get their component; an unversioned mention ("install the toolkit") is
dropped when the repo states a version elsewhere, else it stays and becomes a finding;
contradictions between files are found and the weaker side made soft; the manifest
overrides whatever it names; steps are chosen (``steps_found``). Nothing here raises for a
bad repo file: every problem is a finding.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple, TypeVar

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Component, Requirement, Role, Scope, Step, StepNeeds, file_source
from bringup.scan.anyof import merge_repeats, unite
from bringup.scan.borrowed import borrowed, installs_repo
from bringup.scan.contradictions import find_contradictions
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.fetches import one_need, own_clone
from bringup.scan.floors import unite_floors
from bringup.scan.gitmodules import fetch_needs
from bringup.scan.guides import guide_links, primary_readme
from bringup.scan.manifest import Loaded, RepoManifest
from bringup.scan.optdirs import optional_directories
from bringup.scan.pkgimports import package_imports
from bringup.scan.progress import Progress
from bringup.scan.reading import read_text
from bringup.scan.registry import AUTHORITY, EXTRACTORS
from bringup.scan.scopes import CI, DOCKER, REPO, TESTS, Scopes
from bringup.scan.scopes import feature as is_feature
from bringup.scan.specspans import python_listed
from bringup.scan.steps_found import merge_steps, pytest_steps, step_key
from bringup.scan.tomlpos import locate
from bringup.scan.unversioned import settle_unversioned
from bringup.scan.walk import SKIPPED_DIRS, RepoFile, inside, walk_repo
from bringup.scan.wheelpython import fold_wheel_pythons
from bringup.subjects import python_subject
from bringup.subjects import scope_of as scope_of_subject
from bringup.versions.errors import MAX_VERSION_LENGTH

_ROLE_WORDS: tuple[tuple[Role, str], ...] = (
    ("samples", r"sample|example|demo|样例|示例"),
    ("toolchain", r"toolchain|compiler|profil|debugger|工具链|编译器"),
    ("comm", r"\bcomm\b|comm[-_]|{collectives}collective|通信"),
    ("inference", r"infer|serving|推理"),
    ("training", r"train|训练"),
    ("ops", r"\bops?\b|ops[-_]|operator|kernel|算子"),
)


class RepoScan(NamedTuple):
    component: Component
    findings: list[Finding]
    provides: list[str]
    files_seen: int
    files_read: int


def guess_role(name: str, readme: str) -> Role:
    """The role a repo's name (or its README title) suggests; ``other`` when neither says."""
    title = next((line for line in readme.splitlines() if line.strip()), "")
    for text in (name, title):
        for role, pattern in _roles():
            if pattern.search(text):
                return role
    return "other"


def _compile_roles(registered: tuple[Backend, ...]) -> tuple[tuple[Role, re.Pattern[str]], ...]:
    """The role words, with every backend's collective-communication libraries as comm."""
    names = [n for b in registered for n in b.vocabulary.collectives]
    collectives = "".join(f"{re.escape(n)}|" for n in names)
    return tuple(
        (role, re.compile(words.format(collectives=collectives), re.IGNORECASE))
        for role, words in _ROLE_WORDS
    )


_roles = backends.per_registry(_compile_roles)


_TOO_LONG = lazyre.compile(rf"\d(?<![\w.]\d)[\d.]{{{MAX_VERSION_LENGTH},}}")
"""A run of digits and dots longer than any version: the readers refuse it as one, and the
scan says where, so the mention it stood in is not silently unversioned. It starts at a
digit not preceded by a word character or a dot; the digit is matched before that look
behind, so the search (run over every file's whole text) costs a third of the look behind
tried at every character."""


def _extract(kind: str, file: SourceFile) -> Extraction:
    try:
        extraction = EXTRACTORS[kind](file)
    except (ValueError, RecursionError, IndexError, KeyError, TypeError, AttributeError) as error:
        message = f"could not be read as {kind}: {type(error).__name__}: {error}"
        return Extraction(findings=(file.finding("invalid", message),))
    too_long = _TOO_LONG.search(file.text)
    if too_long is None:
        return extraction
    line = file.text.count("\n", 0, too_long.start()) + 1
    length = len(too_long.group(0))
    message = (
        f"not a version: too long ({length} characters, at most {MAX_VERSION_LENGTH}); "
        "not read as one"
    )
    found = file.finding("invalid", message, line)
    return msgspec.structs.replace(extraction, findings=(*extraction.findings, found))


def _apply_manifest(
    requirements: list[Requirement],
    steps: list[Step],
    loaded: Loaded,
    manifest: RepoManifest,
    *,
    prefix: list[str | int],
    component: str,
) -> tuple[list[Requirement], list[Step], list[Finding]]:
    findings: list[Finding] = []
    if not manifest.infer:
        requirements = []
    stated_subjects = {stated.subject for stated in manifest.requirements}
    inferred = [r for r in requirements if r.subject in stated_subjects]
    requirements = [r for r in requirements if r.subject not in stated_subjects]
    for index, stated in enumerate(manifest.requirements):
        where = locate(loaded.text, [*prefix, "requirements", index, "subject"])
        source = file_source(loaded.path, where.line if where else None)
        replaced = [r for r in inferred if r.subject == stated.subject]
        inferred = [r for r in inferred if r.subject != stated.subject]
        if replaced:
            was = ", ".join(r.spec or "an unversioned mention" for r in replaced)
            findings.append(
                Finding(
                    kind="overridden",
                    message=f"{stated.subject}: the manifest's {stated.spec or 'entry'} "
                    f"replaces what the scan found ({was})",
                    sources=(source, *(r.source for r in replaced)),
                    component=component,
                    subject=stated.subject,
                )
            )
        if not stated.ignore:
            requirements.append(
                Requirement(
                    subject=stated.subject,
                    spec=stated.spec,
                    component=component,
                    source=source,
                    hard=stated.hard,
                    text=stated.text or "bringup.toml",
                )
            )
    if not manifest.infer_steps:
        steps = []
    for index, stated_step in enumerate(manifest.steps):
        where = locate(loaded.text, [*prefix, "steps", index, "name"])
        needs = msgspec.convert(msgspec.to_builtins(stated_step.needs), type=StepNeeds)
        step = Step(
            name=stated_step.name,
            kind=stated_step.kind,
            argv=stated_step.argv,
            source=file_source(loaded.path, where.line if where else None),
            cwd=stated_step.cwd,
            needs=needs,
        )
        steps = [s for s in steps if s.name != step.name and step_key(s) != step_key(step)]
        steps.append(step)
    return requirements, steps, findings


def _declared_submodules(requirements: list[Requirement]) -> list[Requirement]:
    """A submodule a build checks by a path inside it (CMake ``if(NOT EXISTS
    3rdparty/nccl-extensions/build/include/nccl_ep.h)``) is the submodule ``.gitmodules``
    declares, so the two statements are one need."""
    declared = [
        r.spec
        for r in requirements
        if r.subject == "submodule" and (r.source.ref or "").endswith(".gitmodules")
    ]
    out = []
    for requirement in requirements:
        inside = [d for d in declared if requirement.spec.startswith(d.rstrip("/") + "/")]
        if requirement.subject == "submodule" and inside:
            out.append(msgspec.structs.replace(requirement, spec=inside[0]))
        else:
            out.append(requirement)
    return out


def _checked_out(root: Path, requirements: list[Requirement]) -> list[Requirement]:
    """A submodule whose directory already holds files (cloned with ``--recursive``) is met:
    it stays a requirement, soft, so that the plan fetches only the missing ones (``git
    submodule update --init``); an empty or absent directory (a plain clone, an archive)
    stays hard."""
    out = []
    for requirement in requirements:
        fetched = requirement.subject == "submodule" and requirement.hard and requirement.spec
        where = root / requirement.spec
        if fetched and where.is_dir() and next(where.iterdir(), None) is not None:
            text = f"{requirement.text or requirement.spec}; checked out in the tree"
            out.append(msgspec.structs.replace(requirement, hard=False, text=text))
        else:
            out.append(requirement)
    return out


_BUILD_KINDS = frozenset({"setup_py", "pyproject", "cmake", "shell", "makefile"})
"""Files whose text tells which nested directories the build builds (``scopes``)."""

_Scoped = TypeVar("_Scoped", Requirement, Step)


def _by_scope(
    items: list[_Scoped], scope_of: dict[str, str], keep: str = REPO
) -> dict[str, list[_Scoped]]:
    """``items`` by the scope of the file each was read from, or, in a file of the repo's,
    the feature a requirement names (a manifest's extra); ``keep`` also counts as the
    repo's (CI steps are the repo's build and test, its pins are not its requirements)."""
    grouped: dict[str, list[_Scoped]] = defaultdict(list)
    for item in items:
        scope = scope_of.get(item.source.ref or "", REPO)
        if scope == REPO and isinstance(item, Requirement) and item.feature:
            scope = item.feature
        grouped[REPO if scope == keep else scope].append(item)
    return grouped


def united(requirements: list[Requirement], authority: dict[str, int]) -> list[Requirement]:
    """The support lists in ``requirements`` united: any-of names (``anyof``) and the docs'
    device-capability floors (``floors``)."""
    return unite_floors(unite(requirements, authority), authority)


class _Split(NamedTuple):
    """The repo scope's requirements and stated steps, and everything else by scope."""

    requirements: list[Requirement]
    steps: list[Step]
    other_requirements: dict[str, list[Requirement]]
    other_steps: dict[str, list[Step]]
    scope_of: dict[str, str]

    def others(self, component: str, authority: dict[str, int]) -> tuple[Scope, ...]:
        """The scopes beside the repo's, their requirements settled as the repo's are but
        without findings (those are about the repo)."""
        out = []
        for name in sorted(set(self.other_requirements) | set(self.other_steps)):
            kept, _ = settle_unversioned(self.other_requirements.get(name, []), component)
            kept = fold_wheel_pythons(kept, authority)
            out.append(
                Scope(
                    name=name,
                    feature=is_feature(name),
                    requirements=tuple(merge_repeats(united(kept, authority), authority)) or (),
                    steps=tuple(self.other_steps.get(name, ())) or (),
                )
            )
        return tuple(out) or ()


def _defaults(
    extractions: list[Extraction],
    scoped: _Split,
    requirements: list[Requirement],
    test_files: list[tuple[str, str]],
) -> list[Step]:
    """The steps the files imply (``pip install .`` for a pyproject), and a pytest run of
    the repo's own test files (not a sub-project's), needing what their guards say, when no
    stated step runs pytest."""
    defaults = [step for e in extractions for step in e.default_steps]
    if any(s.kind == "test" and "pytest" in s.argv[:3] for s in scoped.steps):
        return defaults
    own = [(rel, ref) for rel, ref in test_files if scoped.scope_of.get(ref) in (REPO, TESTS)]
    found = [*requirements, *scoped.other_requirements.get(TESTS, ())]
    counts = {devices.count_subject for _, devices in backends.with_devices()}
    guards = [r for r in found if r.subject in counts]
    return pytest_steps(own, guards) + defaults


def _build_texts(texts: dict[str, tuple[RepoFile, str]]) -> dict[str, str]:
    """The build files' texts, and the top-level README's (the parts it names, ``scopes``)."""
    return {
        entry.rel: text
        for entry, text in texts.values()
        if entry.kind in _BUILD_KINDS
        or ("/" not in entry.rel and entry.rel.lower().startswith("readme"))
    }


def _scopes(
    seen: set[str], texts: dict[str, tuple[RepoFile, str]], manifests: tuple[str, ...]
) -> Scopes:
    """The scope of each file, from the files seen (and other languages' ``manifests``) and
    the build files' texts."""
    builds = _build_texts(texts)
    return Scopes([*seen, *manifests], builds, optional_directories(builds))


def _scoped(
    requirements: list[Requirement],
    extractions: list[Extraction],
    scopes: Scopes,
    texts: dict[str, tuple[RepoFile, str]],
    guides: list[str],
) -> _Split:
    scope_of = {
        ref: scopes.guide(entry.rel) if entry.rel in guides else scopes.of(entry.rel)
        for ref, (entry, _) in texts.items()
    }
    by_scope = _by_scope(requirements, scope_of)
    steps = _by_scope([s for e in extractions for s in e.steps], scope_of, keep=CI)
    own = by_scope.pop(REPO, [])
    # a container uses the host's driver: a driver its docs need is the host's, the repo's
    hosted = [r for r in by_scope.get(DOCKER, ()) if scope_of_subject(r.subject) == "driver"]
    if hosted:
        by_scope[DOCKER] = [r for r in by_scope[DOCKER] if r not in hosted]
    images = {
        ref: installs_repo(text)
        for ref, (entry, text) in texts.items()
        if entry.kind == "dockerfile"
    }
    own += hosted + borrowed(own, [*by_scope.get(CI, ()), *by_scope.get(DOCKER, ())], images)
    return _Split(own, steps.pop(REPO, []), by_scope, steps, scope_of)


def _guides(root: Path, rel: str, text: str, seen: set[str]) -> list[str]:
    """The install guides the README at ``rel`` links to: files the walk classified, or
    any other document of the repo outside the directories it never walks (and inside the
    repo: a link through a symlink out of it is not followed, as the walk follows none)."""
    guides = []
    for target in guide_links(rel, text, root.name):
        parts = target.split("/")
        walked = not any(p in SKIPPED_DIRS or p.startswith(".") for p in parts[:-1])
        if target in seen or (walked and _in_repo(root, target) and (root / target).is_file()):
            guides.append(target)
    return guides


def _in_repo(root: Path, rel: str) -> bool:
    return inside(str(root / rel), os.path.realpath(root))


def _included(root: Path, extraction: Extraction, seen: set[str]) -> list[RepoFile]:
    """The requirements files ``extraction`` includes (``-r base.txt``) not read yet, now
    marked seen."""
    found = []
    for include in extraction.includes:
        target = root / include
        if include not in seen and _in_repo(root, include) and target.is_file():
            seen.add(include)
            found.append(RepoFile(include, target, "requirements"))
    return found


def _follow_guides(
    root: Path, rel: str, text: str, seen: set[str], queue: list[RepoFile]
) -> tuple[list[str], list[RepoFile]]:
    """The guides the README at ``rel`` links to, and the queue with them read next, in the
    order linked: where the same statement repeats, the guide the README names first is
    cited."""
    guides = _guides(root, rel, text, seen)
    seen.update(guides)
    ahead = [RepoFile(g, root / g, "docs") for g in guides]
    return guides, [*ahead, *(f for f in queue if f.rel not in guides)]


def _stated(
    root: Path,
    shown: str,
    component: str,
    *,
    extractions: list[Extraction],
    provides: list[str],
    texts: dict[str, tuple[RepoFile, str]],
) -> list[Requirement]:
    """What the files state and the main package imports, listed releases named as the repo
    shows them (``python_listed``), less the repo itself: its docs install the repo ("pip
    install <repo>" in its own install guide) even when no manifest in it names the
    distribution."""
    own = {*provides, python_subject(component)}
    stated = python_listed(
        [
            *(r for extraction in extractions for r in extraction.requirements),
            *package_imports(root, shown, component, provides),
        ],
        (text for _, text in texts.values()),
    )
    return [
        msgspec.structs.replace(r, component=component)
        for r in stated
        if r.subject not in own and not own_clone(r, {*own, component})
    ]


def scan_repo(
    root: Path,
    shown: str,
    *,
    name: str | None = None,
    loaded: Loaded | None = None,
    manifest: RepoManifest | None = None,
    prefix: list[str | int] | None = None,
    progress: Progress | None = None,
) -> RepoScan:
    """The component for the repo at ``root`` (cited as ``shown``), with its findings.
    ``manifest`` is the user's word on it (from ``loaded``, at ``prefix`` inside a stack
    file)."""
    component = name or (manifest.name if manifest and manifest.name else root.resolve().name)
    files, stats = walk_repo(root, manifest.ignore if manifest else (), progress=progress)
    queue: list[RepoFile] = list(files)
    seen = {file.rel for file in files}
    extractions: list[Extraction] = []
    findings: list[Finding] = []
    authority: dict[str, int] = {}
    test_files: list[tuple[str, str]] = []
    texts: dict[str, tuple[RepoFile, str]] = {}
    readme, read = "", 0
    first_readme = primary_readme([f.rel for f in files if f.kind == "docs"])
    guides: list[str] = []
    while queue:
        entry = queue.pop(0)
        ref = f"{shown.rstrip('/')}/{entry.rel}" if shown not in ("", ".") else entry.rel
        text, problems = read_text(entry.path, ref)
        findings.extend(msgspec.structs.replace(p, component=component) for p in problems)
        if text is None:
            continue
        read += 1
        texts[ref] = (entry, text)
        if entry.kind == "docs" and not readme and entry.rel.lower().startswith("readme"):
            readme = text
        if entry.kind == "tests":
            test_files.append((entry.rel, ref))
        if entry.rel == first_readme:
            guides, queue = _follow_guides(root, entry.rel, text, seen, queue)
        authority[ref] = AUTHORITY[entry.kind]
        extraction = _extract(entry.kind, SourceFile(ref=ref, rel=entry.rel, text=text))
        extractions.append(extraction)
        queue.extend(_included(root, extraction, seen))
    provides = sorted({p for e in extractions for p in e.provides})
    requirements = _stated(
        root, shown, component, extractions=extractions, provides=provides, texts=texts
    )
    findings.extend(
        msgspec.structs.replace(f, component=component) for e in extractions for f in e.findings
    )
    scoped = _scoped(
        fetch_needs(_checked_out(root, _declared_submodules(requirements))),
        extractions,
        _scopes(seen, texts, stats.manifests),
        texts,
        guides,
    )
    requirements, unversioned = settle_unversioned(one_need(scoped.requirements), component)
    requirements, contradictions = find_contradictions(
        fold_wheel_pythons(requirements, authority), authority, component
    )
    requirements = merge_repeats(united(requirements, authority), authority)
    defaults = _defaults(extractions, scoped, requirements, test_files)
    steps = merge_steps(scoped.steps, defaults)
    overrides: list[Finding] = []
    if manifest is not None and loaded is not None:
        stated_subjects = {stated.subject for stated in manifest.requirements}
        unversioned = [f for f in unversioned if f.subject not in stated_subjects]
        requirements, steps, overrides = _apply_manifest(
            requirements, steps, loaded, manifest, prefix=prefix or [], component=component
        )
    all_findings = findings + unversioned + contradictions + overrides
    role: Role = manifest.role if manifest and manifest.role else guess_role(component, readme)
    # ``or ()``: an empty tuple built from a generator is not the ``()`` singleton on Python
    # 3.9, and older msgspec omits a default only when it is that very object.
    result = Component(
        name=component,
        path=shown,
        role=role,
        requirements=tuple(requirements) or (),
        steps=tuple(steps) or (),
        depends_on=(tuple(manifest.depends_on) if manifest else ()) or (),
        trusted=manifest.trusted if manifest else False,
        findings=tuple(f.as_fact() for f in all_findings) or (),
        scopes=scoped.others(component, authority),
    )
    return RepoScan(result, all_findings, provides, stats.files_seen, read)
