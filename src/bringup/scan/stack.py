"""``scan_stack``: from the paths a user gives to the components of a stack.

A path is one repo, a directory of repos (``examples/six-repos``: no build files of its own,
subdirectories that are repos; or subdirectories that are clones of their own, each with its
own ``.git``, whatever the directory holds: ``workspace``), or a stack manifest (a
``bringup.toml`` with ``[[repos]]``, given as a file or found in the directory). Dependencies
between repos are stated in manifests or found: a repo that requires what another provides
(``pypi:foo-comm``, ``cmake:FooOps``) depends on it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, Optional, Union

import msgspec

from bringup.errors import InputError
from bringup.model import Component, file_source
from bringup.scan import commands
from bringup.scan.entries import is_dir, unlisted
from bringup.scan.extraction import Finding
from bringup.scan.manifest import (
    MANIFEST_NAME,
    Loaded,
    RepoManifest,
    StackManifest,
    load_manifest,
    manifest_error,
)
from bringup.scan.progress import Progress, finish
from bringup.scan.readahead import copies
from bringup.scan.repo import RepoScan, scan_repo
from bringup.scan.tomlpos import locate
from bringup.scan.walk import broad_root, inside
from bringup.scan.workspace import CLONE, clones, gathers_only

_BUILD_MARKERS = (
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "CMakeLists.txt",
    "meson.build",
    "Makefile",
    "makefile",
    "build.sh",
    "requirements.txt",
    "environment.yml",
    "Dockerfile",
    "package.json",
    ".git",
)


class Stack(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The repos of a stack as components, and everything the scan noticed (each finding
    names its component). ``files_seen``/``files_read`` say how much was looked at."""

    components: tuple[Component, ...]
    findings: tuple[Finding, ...] = ()
    files_seen: int = 0
    files_read: int = 0


class _Target(NamedTuple):
    """A repo to scan; ``within``: the directory given, when the repo is a clone of its own
    found in it (``workspace``)."""

    root: Path
    shown: str
    loaded: Optional[Loaded]
    manifest: Optional[RepoManifest]
    prefix: list[Union[str, int]]
    within: str = ""


_ROOT_MARKERS = (
    "LICENSE",
    "LICENSE.txt",
    "LICENSE.md",
    "COPYING",
    "OWNERS",
    ".gitmodules",
    ".gitignore",
    ".pre-commit-config.yaml",
    ".gitlab-ci.yml",
    ".github",
    ".gitee",
    ".gitcode",
    "CONTRIBUTING.md",
)
"""What only a repository's own root holds (its licence, its git and CI configuration): a
directory with one is one repo even without a build file at the top (op-plugin builds from
``ci/build.sh``), never a directory of repos."""


def _has_build_files(path: Path) -> bool:
    return any(os.path.exists(path / marker) for marker in (*_BUILD_MARKERS, *_ROOT_MARKERS))


def _looks_like_repo(path: Path) -> bool:
    if _has_build_files(path) or os.path.isfile(path / MANIFEST_NAME):
        return True
    try:
        with os.scandir(path) as entries:
            return any(entry.name.lower().startswith("readme") for entry in entries)
    except OSError:
        return False


def _from_stack_file(loaded: Loaded, base: Path, shown_base: str) -> list[_Target]:
    if not isinstance(loaded.manifest, StackManifest):
        return []
    targets: list[_Target] = []
    for index, repo in enumerate(loaded.manifest.repos):
        root = base / repo.path  # ``load_manifest`` made sure it is a directory
        shown = os.path.normpath(os.path.join(shown_base, repo.path))
        targets.append(_Target(root, shown, loaded, repo, ["repos", index]))
    return targets


def _targets(raw: Union[str, Path], force: bool) -> list[_Target]:
    if isinstance(raw, str) and not raw:
        # Path("") is ".": an unset variable ("$REPO") would scan the working directory
        raise InputError(
            "an empty path", hint="give a repo, a directory of repos or a bringup.toml"
        )
    path = Path(raw)
    shown = str(raw)
    if not os.path.exists(path):
        if os.path.islink(path):
            _raise_link_problem(path, shown)
        raise InputError("no such file or directory", path=shown)
    broad = broad_root(path) if os.path.isdir(path) else None
    if broad is not None and not force:
        raise InputError(
            f"not scanned: {broad}, not a repo (its walk would read other trees)",
            path=shown,
            hint="give a repo or a directory of repos; --force scans it anyway",
        )
    if os.path.isfile(path):
        if path.suffix != ".toml":
            raise InputError(
                "not a directory or a manifest",
                path=shown,
                hint="give a repo, a directory of repos, or a bringup.toml",
            )
        loaded = load_manifest(path)
        base_shown = os.path.dirname(shown) or "."
        if isinstance(loaded.manifest, StackManifest):
            return _from_stack_file(loaded, path.parent, base_shown)
        return [_Target(path.parent, base_shown, loaded, loaded.manifest, [])]
    if not os.path.isdir(path):
        raise InputError("not a directory or a manifest file", path=shown)
    try:
        with os.scandir(path) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError as error:
        raise InputError(f"cannot read directory: {error.strerror}", path=shown) from None
    if not entries:
        raise InputError("empty directory: nothing to scan", path=shown)
    found = _repo_manifest(path / MANIFEST_NAME, path, force)
    if found is not None:
        if isinstance(found.manifest, StackManifest):
            return _from_stack_file(found, path, shown)
        return [_Target(path, shown, found, found.manifest, [])]
    nested = clones(path, entries)
    subrepos = [
        Path(entry.path)
        for entry in entries
        if is_dir(entry) and not entry.name.startswith(".") and _looks_like_repo(Path(entry.path))
    ]
    if nested:
        markers = [m for m in (*_BUILD_MARKERS, *_ROOT_MARKERS) if os.path.exists(path / m)]
        if gathers_only(markers):
            return [_sub_target(sub, shown, force, within=shown) for sub in subrepos]
        here = _Target(path, shown, None, None, [])
        return [here, *(_sub_target(sub, shown, force, within=shown) for sub in nested)]
    if not _has_build_files(path):
        alone = not _looks_like_repo(path)
        if len(subrepos) >= 2 or (len(subrepos) == 1 and alone):
            return [_sub_target(sub, shown, force) for sub in subrepos]
    return [_Target(path, shown, None, None, [])]


def _sub_target(sub: Path, shown: str, force: bool, within: str = "") -> _Target:
    """A repo of a directory of repos (``shown``), with its own manifest when it has one."""
    sub_shown = os.path.join(shown, sub.name)
    own = _repo_manifest(sub / MANIFEST_NAME, sub, force)
    if own is None:
        return _Target(sub, sub_shown, None, None, [], within)
    if isinstance(own.manifest, StackManifest):
        raise InputError("a stack manifest inside a repo of a stack", path=own.path)
    return _Target(sub, sub_shown, own, own.manifest, [], within)


def _unlisted(paths: Sequence[Union[str, Path]], targets: list[_Target]) -> list[Finding]:
    """The subdirectories of a directory of repos that could not be looked into (mode 000, a
    root-owned build directory): whether each is a repo is unknown, which is said, not raised."""
    roots = {os.path.realpath(target.root) for target in targets}
    found: list[Finding] = []
    for raw in paths:
        if not os.path.isdir(raw) or os.path.realpath(raw) in roots:
            continue
        try:
            with os.scandir(raw) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError:  # ``_targets`` listed it: only a race removes it since
            continue
        for entry in entries:
            why = None if entry.name.startswith(".") else _unlooked(entry)
            if why is not None:
                found.append(
                    Finding(
                        kind="unreadable",
                        message=f"{why}; not known whether it is a repo",
                        sources=(file_source(os.path.join(str(raw), entry.name)),),
                    )
                )
    return found


def _unlooked(entry: os.DirEntry[str]) -> Optional[str]:
    """Why an entry of a directory of repos could not be looked into, or None: a directory
    that cannot be listed, or a link to nothing (``autogptq -> ../no/such/AutoGPTQ``, a repo
    whose checkout is gone, was left out without a word: outsider12 #15)."""
    if is_dir(entry):
        why = unlisted(entry.path)
        return f"cannot list: {why}" if why is not None else None
    if entry.is_symlink() and not os.path.exists(entry.path):
        try:
            return f"a dangling symlink (to {os.readlink(entry.path)})"
        except OSError as error:
            return f"a symlink that cannot be read: {error.strerror}"
    return None


def _clone_notes(targets: list[_Target], components: list[Component]) -> list[Finding]:
    """Each clone found inside a directory given, said: it is checked as a repo of its own
    (``workspace``), never read as part of the directory."""
    return [
        Finding(
            kind="note",
            message=f"a clone of its own inside {target.within} (it has its own .git): "
            f"checked as a repo of its own, not as part of {target.within}",
            sources=(file_source(os.path.join(target.shown, ".git")),),
            component=component.name,
            subject=CLONE,
        )
        for target, component in zip(targets, components)
        if target.within
    ]


def _link(scans: list[RepoScan]) -> list[Component]:
    """Components with ``depends_on`` completed from what other components provide."""
    providers: dict[str, str] = {}
    for scan in scans:
        for provided in scan.provides:
            providers.setdefault(provided, scan.component.name)
    linked: list[Component] = []
    for scan in scans:
        component = scan.component
        found = [
            providers[r.subject]
            for r in component.requirements
            if r.subject in providers and providers[r.subject] != component.name
        ]
        depends = tuple(dict.fromkeys([*component.depends_on, *sorted(set(found))])) or ()
        linked.append(msgspec.structs.replace(component, depends_on=depends))
    return linked


def _repo_manifest(manifest_file: Path, repo: Path, force: bool) -> Optional[Loaded]:
    """The ``bringup.toml`` of a repo, if it has one. One that is a link out of the repo is
    never read, as the walk reads no other file linked from outside (a repo's ``bringup.toml
    -> ~/.ssh/config`` had its lines shown in the error excerpts): it is bad input, or with
    ``force`` the repo is scanned as one without a manifest (``--write --force`` replaces
    the link)."""
    if not os.path.isfile(manifest_file):
        return None
    if os.path.islink(manifest_file) and not inside(str(manifest_file), os.path.realpath(repo)):
        if force:
            return None
        raise InputError(
            f"a symlink out of the repo (to {os.readlink(manifest_file)}): not read",
            path=str(manifest_file),
            hint="copy the manifest into the repo; --force scans the repo without it",
        )
    return load_manifest(manifest_file)


def _raise_link_problem(path: Path, shown: str) -> None:
    try:
        path.resolve(strict=True)
    except RuntimeError:
        raise InputError("a symlink loop", path=shown) from None
    except OSError:
        pass
    raise InputError(f"a dangling symlink (to {os.readlink(path)})", path=shown)


def _unique(targets: list[_Target]) -> list[_Target]:
    """The targets with a repo given twice (the same directory by two spellings) kept once."""
    seen: set[tuple[str, str]] = set()
    kept: list[_Target] = []
    for target in targets:
        key = (os.path.realpath(target.root), repr(target.prefix))
        if key not in seen:
            seen.add(key)
            kept.append(target)
    return kept


def _outside(
    targets: list[_Target], components: list[Component]
) -> tuple[list[Component], list[Finding]]:
    """A repo's own manifest may name a sibling in ``depends_on`` that was not given (``check
    one-repo`` after ``scan --write`` on the stack): that is a finding and the dependency is
    left out. A stack manifest naming a repo it does not list is still an error."""
    names = {c.name for c in components}
    kept: list[Component] = []
    findings: list[Finding] = []
    for target, component in zip(targets, components):
        missing = [d for d in component.depends_on if d not in names]
        if not missing or target.prefix or target.manifest is None or target.loaded is None:
            kept.append(component)
            continue
        for dependency in missing:
            where = locate(target.loaded.text, ["depends_on"])
            findings.append(
                Finding(
                    kind="note",
                    message=f"also needs {dependency!r} (depends_on), not given: its needs "
                    "are not part of this answer",
                    sources=(file_source(str(target.loaded.path), where.line if where else None),),
                    component=component.name,
                    subject=None,
                )
            )
        depends = tuple(d for d in component.depends_on if d in names)
        kept.append(msgspec.structs.replace(component, depends_on=depends or ()))
    return kept, findings


def _check_names(targets: list[_Target], components: list[Component]) -> None:
    names = [c.name for c in components]
    for target, component in zip(targets, components):
        if names.count(component.name) > 1:
            raise InputError(
                f"two repos are named {component.name!r}",
                path=target.shown,
                hint="give one a different `name` in its bringup.toml",
            )
        if target.manifest is None or target.loaded is None or not target.prefix:
            continue  # a repo's own manifest: ``_outside`` made its strangers findings
        for dependency in target.manifest.depends_on:  # itself: ``load_manifest`` refused
            if dependency not in names:
                raise manifest_error(
                    target.loaded,
                    f"depends_on names {dependency!r}, which is not a repo of this stack "
                    f"(repos: {', '.join(names)})",
                    [*target.prefix, "depends_on"],
                )


def scan_stack(
    paths: Sequence[Union[str, Path]],
    *,
    force: bool = False,
    progress: Optional[Progress] = None,
    forks: Optional[int] = None,
) -> Stack:
    """Scan every repo the paths name; ``InputError`` for a path that does not exist, an
    empty directory, a bad manifest, or ``/`` or a home directory without ``force``. Repo
    files never raise: they become findings. ``progress`` is told each directory walked and,
    at the end, ``finish``ed. A big repo's files are read ahead in ``forks`` forked copies,
    by default as many as the machine's cores allow (``readahead.copies``)."""
    if not paths:
        raise InputError(
            "no path given", hint="give a repo, a directory of repos or a bringup.toml"
        )
    targets = _unique([target for raw in paths for target in _targets(raw, force)])
    shown = progress
    try:
        with commands.kept():  # the parsed shell lines, dropped when every repo is read
            scans = [
                scan_repo(
                    t.root,
                    t.shown,
                    loaded=t.loaded,
                    manifest=t.manifest,
                    prefix=t.prefix,
                    progress=shown,
                    forks=copies() if forks is None else forks,
                )
                for t in targets
            ]
    finally:
        finish(shown)
    components, outside = _outside(targets, _link(scans))
    _check_names(targets, components)
    notes = [*_clone_notes(targets, components), *_unlisted(paths, targets)]
    return Stack(
        components=tuple(components),
        findings=(*notes, *(f for scan in scans for f in scan.findings), *outside) or (),
        files_seen=sum(scan.files_seen for scan in scans),
        files_read=sum(scan.files_read for scan in scans),
    )
