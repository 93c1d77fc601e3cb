"""Finding the files of a repo that say what it needs, without reading anything else.

Vendored, generated, tool and test-data directories are skipped by name (``SKIPPED_DIRS``),
virtual environments by their ``pyvenv.cfg``, nested clones and submodules by their ``.git``,
nested projects with a ``bringup.toml`` of their own (a repo or a stack) by that file, and
whatever the repo's ``.gitignore`` files exclude. Files are classified by name alone, so the
walk costs one ``scandir`` per directory; only classified files are read later.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, Optional

from bringup import lazyre
from bringup.errors import InputError
from bringup.run.state import DATABASE
from bringup.scan.depjson import DEPENDENCY_JSON, DEPENDENCY_JSON_NAMES
from bringup.scan.entries import is_file, link_loop
from bringup.scan.filekinds import VENDOR_DIRS, classify
from bringup.scan.gitignore import IgnoreStack, parse_gitignore
from bringup.scan.progress import Progress
from bringup.scan.reading import read_text

FILE_BUDGET = 250_000
"""Files one repo walk looks at before it stops: the Linux kernel has ~90,000; a walk past
this is in a home directory, a mount or ``/``, not in a repo."""

SKIPPED_DIRS = frozenset(
    {
        "node_modules",
        "third_party",
        "third-party",
        "thirdparty",
        "3rdparty",
        "vendor",
        "vendored",
        "external",
        "build",
        "builds",
        "_build",
        "build_out",
        "dist",
        "out",
        "output",
        "venv",
        "site-packages",
        "__pycache__",
        "fixtures",
        "testdata",
        "test_data",
        "test-data",
    }
)
"""Directory names never walked: vendored code states its own requirements, not the repo's,
build outputs are copies, and test data holds other projects' files as samples. ``build_out``
is where an Ascend C custom-operator project builds (its CMakePresets.json ``"binaryDir":
"${sourceDir}/build_out"``, wilburx813/ascend_op@1af0782b Asinh/CMakePresets.json:14), committed
in some repos with its generated compile scripts (Asinh/build_out/op_kernel/binary/ascend310b/
gen/Asinh-asinh-0.sh): copies of what the project's sources state."""

VISIBLE_HIDDEN_DIRS = frozenset(
    {".github", ".gitee", ".gitlab", ".circleci", ".ci", ".devcontainer"}
)
"""Hidden directories that hold CI files and dev containers (``.ci/gitcode.dockerfile``, the CI
image of torchtitan-npu); every other dot-directory
(``.git``, ``.venv``, ``.tox``, caches) is skipped."""


class RepoFile(NamedTuple):
    """A file worth reading: ``rel`` inside the repo (POSIX), ``path`` on disk, ``kind`` the
    extractor that reads it."""

    rel: str
    path: Path
    kind: str


class WalkStats(NamedTuple):
    """How many files the walk saw and directories it skipped; ``manifests``: the package
    manifests of other languages it saw (``FOREIGN_MANIFESTS``), which no extractor reads."""

    files_seen: int
    dirs_skipped: int
    manifests: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()
    """Every Python, shell, wheel and text file walked, read or not: where a step's script
    is, and a wheel or requirements list it installs that the checkout holds (``stepfiles``,
    ``localpaths``)."""
    unreadable: tuple[tuple[str, str], ...] = ()
    """What the walk could not go into, and why: a directory it may not list, a link loop;
    the scan says each (an entry it cannot read never ends the scan)."""


FOREIGN_MANIFESTS = frozenset(
    {"cargo.toml", "go.mod", "package.json", "pom.xml", "build.gradle", "build.gradle.kts"}
)
"""The package manifests of Rust, Go, JavaScript and Java projects: a directory holding one is
a project built by its own tool (``scopes``). go.mod is also read (``gomod``), so the walk
lists it as a classified file, not here."""


_NESTED_MARKERS = ("pyvenv.cfg", ".git", "bringup.toml", DATABASE)
"""A virtual environment, a nested clone or submodule, a project with its own manifest: each
states its own requirements, which are not the enclosing repo's; and bringup's own state
directory (``--state`` inside a workspace), whose environments' Dockerfiles are what bringup
wrote, no need of any repo (outsider21 item 4: ``state/envs/<stack>/env-1.Dockerfile:4``)."""


_OUTPUT_MARKERS = lazyre.compile(
    r"^(?:CMakeCache\.txt|CMakeFiles|lib\.|temp\.|bdist\.|build\.ninja)"
)
"""What a build writes into ``build/`` (CMake's cache, setuptools' ``lib.linux-x86_64-*``)."""


def _sources(name: str, path: str, top: bool) -> bool:
    """A top-level ``build/`` that holds the repo's build scripts, not a build's output
    (MindIE-SD build/build_ops.sh, which stops without ``ASCEND_TOOLKIT_HOME``)."""
    if not top or name != "build":
        return False
    try:
        with os.scandir(path) as scan:
            names = [entry.name for entry in scan]
    except OSError:
        return False
    scripts = any(n.endswith((".sh", ".bash")) for n in names)
    return scripts and not any(_OUTPUT_MARKERS.match(n) for n in names)


def _skipped(name: str, path: str, top: bool = False) -> bool:
    if name.startswith("."):
        return name not in VISIBLE_HIDDEN_DIRS
    if name in SKIPPED_DIRS and _sources(name, path, top):
        return False
    return name in SKIPPED_DIRS or name.endswith(".egg-info") or name.startswith("cmake-build-")


def _nested(entries: list[os.DirEntry[str]]) -> bool:
    """Whether a directory's ``entries`` hold one of ``_NESTED_MARKERS`` (a link to one only
    where it leads somewhere, as ``os.path.exists`` tells): read from the listing the walk
    makes anyway, where a look-up of each marker in each directory cost three system calls."""
    return any(e.name in _NESTED_MARKERS and os.path.exists(e.path) for e in entries)


def _download_lists(path: str, rel_dir: str) -> list[RepoFile]:
    """The dependency lists directly in a vendored directory the walk skips (``VENDOR_DIRS``):
    what the repo's build downloads into it, not a vendored project's files."""
    try:
        with os.scandir(path) as scan:
            names = sorted(e.name for e in scan if e.is_file(follow_symlinks=False))
    except OSError:
        return []
    return [
        RepoFile(f"{rel_dir}/{name}", Path(path) / name, DEPENDENCY_JSON)
        for name in names
        if name.lower() in DEPENDENCY_JSON_NAMES
    ]


def inside(path: str, real_root: str) -> bool:
    """Whether ``path`` (a symlink, or a path through one) resolves inside the repo whose
    real path is ``real_root``; links out of it are not followed."""
    target = os.path.realpath(path)
    return target == real_root or target.startswith(real_root + os.sep)


def broad_root(path: Path) -> Optional[str]:
    """What ``path`` is when it is too broad to be a repo (``/``, a home directory or the
    directory of home directories), else None."""
    real = os.path.realpath(path)
    if real == os.path.realpath(os.sep):
        return "the root directory"
    home = os.path.realpath(Path.home())
    if real == home:
        return "a home directory"
    if real == os.path.dirname(home) and real != os.sep:
        return "the directory of home directories"
    return None


def _with_gitignore(
    entries: list[os.DirEntry[str]], rel_dir: str, ignores: IgnoreStack
) -> IgnoreStack:
    """``ignores`` with the patterns of the directory's own ``.gitignore`` (if it has one that
    reads) pushed for ``rel_dir``."""
    gitignore = next((e for e in entries if e.name == ".gitignore"), None)
    if gitignore is None or not is_file(gitignore):
        return ignores
    text, _ = read_text(Path(gitignore.path), gitignore.path)
    return ignores if text is None else ignores.push(rel_dir, parse_gitignore(text))


def _listing(
    directory: str, rel_dir: str, unreadable: list[tuple[str, str]]
) -> list[os.DirEntry[str]] | None:
    """``directory``'s entries in name order, or None (and why, in ``unreadable``)."""
    try:
        with os.scandir(directory) as scan:
            return sorted(scan, key=lambda e: e.name)
    except OSError as error:
        unreadable.append((rel_dir or ".", f"cannot list: {error.strerror or error}"))
        return None


_Pending = tuple[str, str, IgnoreStack, bool]
"""A directory the walk has still to visit: its path, its path in the repo, the ignore rules
over it, and whether a nested marker makes it another project's."""


def _script(rel: str, ignores: IgnoreStack) -> tuple[str, ...]:
    """``(rel,)`` for a Python, shell, wheel or text file (a list ``pip install -r`` names)
    not ignored (``WalkStats.scripts``), else none."""
    return (
        (rel,)
        if rel.endswith((".py", ".sh", ".whl", ".txt")) and not ignores.ignored(rel, False)
        else ()
    )


def walk_repo(
    root: Path,
    ignore: tuple[str, ...] = (),
    *,
    progress: Optional[Progress] = None,
    budget: int = FILE_BUDGET,
) -> tuple[list[RepoFile], WalkStats]:
    """The classified files under ``root`` in a stable order, and what the walk passed over.
    ``ignore`` adds gitignore-style patterns (a manifest's ``ignore``) at the root;
    ``progress`` hears of each directory; past ``budget`` files the walk stops with an
    ``InputError`` rather than wander a whole disk."""
    found: list[RepoFile] = []
    counts = [0, 0]
    manifests: list[str] = []
    scripts: list[str] = []
    unreadable: list[tuple[str, str]] = []

    def visit(directory: str, rel_dir: str, ignores: IgnoreStack, own: bool) -> list[_Pending]:
        """Adds ``directory``'s files to ``found``; returns its subdirectories to visit, in
        order. ``own``: a directory that holds a nested marker is another project's
        (``_nested``)."""
        listed = _listing(directory, rel_dir, unreadable)
        if own and listed and _nested(listed):
            counts[1] += 1
            return []
        if counts[0] > budget:
            raise InputError(
                f"stopped after {budget:,} files: this is more than one repo",
                path=str(root),
                hint="give the repo's own directory, or list what to skip in `ignore` "
                "in its bringup.toml",
            )
        if progress is not None:
            progress(counts[0], directory)
        if listed is None:
            return []
        entries = listed
        ignores = _with_gitignore(entries, rel_dir, ignores)
        subdirs: list[_Pending] = []
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            if entry.is_dir(follow_symlinks=False):
                if _skipped(entry.name, entry.path, not rel_dir) or ignores.ignored(rel, True):
                    counts[1] += 1
                    if entry.name.lower() in VENDOR_DIRS and not ignores.ignored(rel, True):
                        lists = _download_lists(entry.path, rel)
                        found.extend(f for f in lists if not ignores.ignored(f.rel, False))
                else:
                    nested = not entry.name.startswith(".") and entry.name not in SKIPPED_DIRS
                    subdirs.append((entry.path, rel, ignores, nested))
                continue
            counts[0] += 1
            if link_loop(entry) and not ignores.ignored(rel, False):
                unreadable.append((rel, "a symbolic link loop; not followed"))
                continue
            scripts.extend(_script(rel, ignores))
            # by name first: most files are of no kind, and the name costs less than the rules
            kind = classify(rel)
            if kind is None:
                if entry.name.lower() in FOREIGN_MANIFESTS and not ignores.ignored(rel, False):
                    manifests.append(rel)
                continue
            if ignores.ignored(rel, False):
                continue
            if entry.is_symlink() and not inside(entry.path, real_root):
                continue
            found.append(RepoFile(rel, Path(entry.path), kind))
        return subdirs

    real_root = os.path.realpath(root)
    extra = parse_gitignore("\n".join(ignore))
    # depth first, each directory's files before its subdirectories', as a stack rather than
    # recursion: a tree 1,500 directories deep exceeded Python's recursion limit (exit 3)
    pending: list[_Pending] = [(str(root), "", IgnoreStack().push("", extra), False)]
    while pending:
        pending.extend(reversed(visit(*pending.pop())))
    return found, WalkStats(
        counts[0], counts[1], tuple(manifests), tuple(scripts), tuple(unreadable)
    )
