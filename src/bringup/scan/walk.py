"""Finding the files of a repo that say what it needs, without reading anything else.

Vendored, generated, tool and test-data directories are skipped by name (``SKIPPED_DIRS``),
virtual environments by their ``pyvenv.cfg``, nested clones and submodules by their ``.git``,
nested projects with a ``bringup.toml`` of their own (a repo or a stack) by that file, and
whatever the repo's ``.gitignore`` files exclude. Files are classified by name alone, so the
walk costs one ``scandir`` per directory; only classified files are read later.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple, Optional

from bringup import lazyre
from bringup.errors import InputError
from bringup.run.state import DATABASE
from bringup.scan.buildpy import BUILD_PY, BUILD_SCRIPT
from bringup.scan.cmakepresets import CMAKE_PRESETS, PRESET_NAMES
from bringup.scan.depjson import DEPENDENCY_JSON, DEPENDENCY_JSON_NAMES
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.entries import is_file, link_loop
from bringup.scan.gitignore import IgnoreStack, parse_gitignore
from bringup.scan.progress import Progress
from bringup.scan.reading import read_text
from bringup.scan.vcpkgmanifest import VCPKG_MANIFEST

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

_DOC_NAME = lazyre.compile(
    r"install|requirement|quick|start|build|setup|environment|prereq|compat|getting|"
    r"release[-_ ]?notes?|overview|(?:^|[-_. \d])dependenc|依赖|安装|环境|配套|版本说明",
    re.IGNORECASE,
)
"""Names of the docs under ``docs/`` that state what the repo needs: "dependencies" as its own
word (MindIE-LLM docs/zh/user_guide/install/source/preparing_software_and_dependencies.md, not
MindSpeed's recompute_independent_pipelining.md)."""
_INTRODUCTION = lazyre.compile(r"^(?:\d{1,3}[-_.]?)?(?:introduction|简介|概述)\.", re.IGNORECASE)
"""The repo's own introduction, at the top of its docs or of one language's docs (IndexSDK
docs/zh/01_introduction.md states the OS, gcc and glibc it runs on); an introduction deeper
down (an API's, a feature's) is that part's."""
_LANGUAGES = frozenset({"zh", "en", "zh_cn", "zh-cn", "cn", "en_us", "source"})
_DOC_SUFFIXES = (".md", ".mdx", ".rst")
"""Markdown, MDX (the Hugging Face doc-builder format: bitsandbytes, transformers, peft) and rst."""
_NOT_DOCS = lazyre.compile(
    r"^(changelog|changes|(?:history|news|copying)(?=\.|$)|license|code_of_conduct|authors"
    r"|attributions?\b|notices?\b"
    r"|third[-_ ]?party[-_ ]?(?:notices?|licen[cs]es?|open[-_ ]?source))",
    re.I,
)
"""History, licences and the attributions of third-party code (nixl ATTRIBUTIONS-Python.md, 1.9 MB
of licence texts of the packages it ships, THIRD_PARTY_LICENSES.md, THIRDPARTYNOTICES.md): no
statement of what the repo needs, and read as docs they were most of a scan's time. ``news``,
``copying`` and ``history`` only as the whole name (not ``copying-data.md``)."""
_REQUIREMENTS = lazyre.compile(
    r"^(?:.*[-_.])?(?:requirements|constraints)(?:[-_.].*)?\.(?:txt|in)$"
)
_CONDA = lazyre.compile(r"^(?:environment|conda)(?:[-_.].*)?\.ya?ml$")
_TEST_DIRS = frozenset({"test", "tests", "testing", "unittest", "unittests", "ut", "st"})
_TEST_SOURCES = (".py", ".cpp", ".cc", ".cxx", ".c")
_CI_FILES = frozenset({".gitlab-ci.yml", ".travis.yml", "jenkinsfile", "azure-pipelines.yml"})
_ROOT_CI_FILES = frozenset({".gitlab-ci.yml", ".travis.yml"})
"""CI files their service reads at the repository's root only: one deeper is a copied
project's (NVIDIA/MatX public/cpm-cmake/.travis.yml, CPM.cmake's own CI), not the repo's.
Azure Pipelines and Jenkins are pointed at a file at any path (a pipeline's YAML path, a
job's Script Path), so a deeper ``azure-pipelines.yml`` or ``Jenkinsfile`` may be the repo's
own and stays ``ci``."""


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


_VENDOR_DIRS = frozenset({"third_party", "thirdparty", "3rdparty", "third-party", "vendor"})
_NOT_OWN_LISTS = _TEST_DIRS | {"fixtures", "testdata", "examples", "example", "docs", "doc"}
"""Directories whose dependency list (``depjson``) is not the repo's build's own; in a
vendored directory (``_VENDOR_DIRS``) one a level deeper is a vendored project's own, but one
directly in it is the list of what the repo's build downloads into it (Ascend/MindIE-Motor
build/third_party/dependency.json, which build/third_party/download_and_unzip.sh:29 hands
download.py)."""

_BY_NAME = {
    "pyproject.toml": "pyproject",
    "setup.py": "setup_py",
    "setup.cfg": "setup_cfg",
    "cmakelists.txt": "cmake",
    "makefile": "makefile",
    "gnumakefile": "makefile",
    ".gitmodules": "gitmodules",
    "go.mod": "gomod",
    **dict.fromkeys(DEPENDENCY_JSON_NAMES, DEPENDENCY_JSON),
    **dict.fromkeys(PRESET_NAMES, CMAKE_PRESETS),
    "meson.build": "meson",
    "vcpkg.json": VCPKG_MANIFEST,
    **dict.fromkeys(_CI_FILES, "ci"),
}
_BY_SUFFIX = {
    ".cmake": "cmake",
    ".dockerfile": "dockerfile",
    ".sh": "shell",
    ".bash": "shell",
    ".go": "go",
}
_CI_DIRS = ([".github", "workflows"], [".gitee", "workflows"])
_CIRCLECI = frozenset({"config.yml", "config.yaml"})
"""The one file CircleCI reads, ``.circleci/config.yml`` at the top: its jobs' ``run`` steps
are the CI's commands (facebookresearch/pytorch3d .circleci/config.yml:19-25 installs CUDA
and runs ``nvidia-smi``); a template beside it (``config.in.yml``) is what a script makes it
from, not what runs."""


def classify(rel: str) -> str | None:
    """The kind of file ``rel`` is, by name alone; ``None`` for files no extractor reads.
    Ordered so that the common case (a source file) is decided in a few dictionary looks."""
    parts = rel.split("/")
    name = parts[-1].lower()
    known = _BY_NAME.get(name)
    if known == "meson" and "subprojects" in parts[:-1]:
        return None  # a wrap's own build (``subprojects/packagefiles/taskflow``)
    if name in _ROOT_CI_FILES and len(parts) > 1:
        return None
    if known in (DEPENDENCY_JSON, VCPKG_MANIFEST) and (
        any(d.lower() in _NOT_OWN_LISTS for d in parts[:-1])
        or any(d.lower() in _VENDOR_DIRS for d in parts[:-2])
    ):
        return None  # a test's fixture, an example, a vendored project's own list
    if known is not None:
        return known
    suffix = name[name.rfind(".") :] if "." in name else ""
    dirs = [part.lower() for part in parts[:-1]]
    if not dirs and BUILD_SCRIPT.match(name):
        return BUILD_PY
    if suffix in _TEST_SOURCES:
        in_tests = any(d in _TEST_DIRS for d in dirs)
        named = suffix == ".py" and (name.startswith("test_") or name.endswith("_test.py"))
        return "tests" if in_tests or named or name == "conftest.py" else None
    if suffix in _BY_SUFFIX:
        return None if name.endswith("_test.go") else _BY_SUFFIX[suffix]
    if name.startswith(("dockerfile", "containerfile")):
        return "dockerfile"
    if suffix == ".wrap" and parts[-2:-1] == ["subprojects"]:
        return "mesonwrap"
    if name.startswith("readme"):
        return "docs"
    if suffix in (".txt", ".in") and (
        _REQUIREMENTS.match(name) or (dirs[-1:] == ["requirements"] and suffix == ".txt")
    ):
        return "requirements"
    if suffix in (".yml", ".yaml"):
        if dirs[:2] in _CI_DIRS or (dirs == [".circleci"] and name in _CIRCLECI):
            return "ci"
        # RAPIDS' all_cuda-129_….yaml and the dependencies.yaml they are generated from
        development = dirs[-2:] == ["conda", "environments"] or rel == "dependencies.yaml"
        return "conda" if _CONDA.match(name) or development else None
    if suffix in _DOC_SUFFIXES and not _NOT_DOCS.match(name):
        top = not dirs
        in_docs = bool(dirs) and dirs[0] in DOC_DIRS
        documentation = in_docs and _DOC_NAME.search(name)
        return "docs" if top or documentation or (in_docs and _introduction(dirs, name)) else None
    return None


def _introduction(dirs: list[str], name: str) -> bool:
    """Whether ``name`` in ``dirs`` (under a docs directory) is the repo's introduction."""
    return (len(dirs) == 1 or (len(dirs) == 2 and dirs[1] in _LANGUAGES)) and bool(
        _INTRODUCTION.match(name)
    )


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
    """The dependency lists directly in a vendored directory the walk skips (``_VENDOR_DIRS``):
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
                    if entry.name.lower() in _VENDOR_DIRS and not ignores.ignored(rel, True):
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
