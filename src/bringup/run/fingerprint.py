"""Fingerprints of a step's inputs, so a step that passed is not run again while nothing it
reads has changed: the repo's tree, its environment, its argv and working directory, the
toolkit activation, the variables that steer a build or an install, and the inputs of the steps
before it in its repo.

A repo's tree: from git when it is a work tree (HEAD, the diff against it and the untracked
files git does not ignore), else from file stats (path, size, mtime). Build output is left
out so that a build does not change its own inputs: what git ignores; without git (or before
a first commit) what the tree's ``.gitignore`` files ignore (``bringup.run.ignorefiles``), the
trees that mark themselves as output (a CMake build tree holds ``CMakeCache.txt``, a virtual
environment ``pyvenv.cfg``) and the caches Python tools write.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from bringup.process import CommandRunner
from bringup.redaction import redact_secrets
from bringup.run.ignorefiles import IGNORE_FILE, Rule, ignored, read_rules
from bringup.utf8text import json_bytes

OUTPUT_MARKERS = ("CMakeCache.txt", "pyvenv.cfg")
"""A directory holding one of these is a build tree or an environment: output, not input."""

OUTPUT_NAMES = (
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".git",
    ".tox",
    ".nox",
)
OUTPUT_SUFFIXES = (".egg-info", ".pyc")

STAT_TREE = "stat:"
"""The prefix of a tree fingerprinted by its files' sizes and times (not a git checkout)."""


def _is_output(name: str) -> bool:
    return name in OUTPUT_NAMES or name.endswith(OUTPUT_SUFFIXES)


def stat_tree(root: Path) -> str:
    """The hash of every input file's relative path, size and mtime under ``root``: what the
    tree's ``.gitignore`` files (and ``.git/info/exclude``) ignore is output, not input."""
    digest = hashlib.sha256()
    rules = {root: read_rules(root / ".git" / "info" / "exclude", "")}
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        base = "" if here == root else here.relative_to(root).as_posix()
        own = rules.pop(here, []) + read_rules(here / IGNORE_FILE, base)

        def kept(name: str, is_dir: bool, base: str = base, own: list[Rule] = own) -> bool:
            rel = f"{base}/{name}" if base else name
            return not _is_output(name) and not ignored(own, rel, is_dir)

        dirs[:] = sorted(
            d
            for d in dirs
            if kept(d, True)
            and not any(os.path.exists(os.path.join(folder, d, m)) for m in OUTPUT_MARKERS)
        )
        rules.update((here / d, own) for d in dirs)
        for name in sorted(files):
            if not kept(name, False):
                continue
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            rel = os.path.relpath(path, root)
            digest.update(
                f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\n".encode("utf-8", "surrogateescape")
            )
    return STAT_TREE + digest.hexdigest()


def git_tree(root: Path, runner: CommandRunner) -> str | None:
    """The hash of HEAD, the diff against it and the untracked files git does not ignore;
    None when ``root`` is not in a git work tree (or git is missing)."""
    digest = hashlib.sha256()
    for argv in (
        ("git", "-C", str(root), "rev-parse", "HEAD"),
        ("git", "-C", str(root), "diff", "HEAD", "--", "."),
        ("git", "-C", str(root), "ls-files", "--others", "--exclude-standard", "--", "."),
    ):
        done = runner.run(argv, timeout=60.0)
        if not done.ok or done.truncated:
            return None
        digest.update(done.stdout.encode("utf-8", "surrogateescape") + b"\0")
    return "git:" + digest.hexdigest()


def git_head(root: Path, runner: CommandRunner) -> str | None:
    """The commit checked out at ``root``, where ``root`` is a git work tree's top (as
    ``tree_fingerprint`` reads it from git); None elsewhere, or when git cannot say."""
    if not (root / ".git").exists():
        return None
    done = runner.run(("git", "-C", str(root), "rev-parse", "HEAD"), timeout=60.0)
    head = done.stdout.strip() if done.ok and not done.truncated else ""
    return head if len(head) in (40, 64) and all(c in "0123456789abcdef" for c in head) else None


def git_changes(root: Path, runner: CommandRunner) -> str | None:
    """A hash of the uncommitted changes to the tracked files at ``root`` (``git diff HEAD``,
    staged and not; no diff driver or text conversion the repo's attributes name), where
    ``root`` is a git work tree's top; None elsewhere, or when git cannot say. Untracked files
    are left out: a build's outputs are often untracked and not ignored, and would make every
    failure of a build look stale to ``check`` (``run.lastup``)."""
    if not (root / ".git").exists():
        return None
    argv = ("git", "-C", str(root), "diff", "--no-ext-diff", "--no-textconv", "HEAD", "--", ".")
    done = runner.run(argv, timeout=60.0)
    if not done.ok or done.truncated:
        return None
    return "sha256:" + hashlib.sha256(done.stdout.encode("utf-8", "surrogateescape")).hexdigest()


def tree_fingerprint(root: Path, runner: CommandRunner) -> str:
    if (root / ".git").exists():
        found = git_tree(root, runner)
        if found is not None:
            return found
    return stat_tree(root)


BUILD_VARIABLES = frozenset(
    (
        # compilers and their flags: CMake's cmake-env-variables(7) and setuptools' build_ext
        # (sysconfig's customize_compiler) read them
        *("CC", "CXX", "CUDACXX", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "CUDAFLAGS", "LDFLAGS"),
        *("ARCHFLAGS", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "LIBRARY_PATH"),
        "PKG_CONFIG_PATH",
        # torch.utils.cpp_extension: the toolkits and the device archs a CUDA/ROCm build targets
        *("CUDA_HOME", "CUDA_PATH", "ROCM_HOME", "TORCH_CUDA_ARCH_LIST", "PYTORCH_ROCM_ARCH"),
        # scikit-build-core's pass-through of CMake options (CMAKE_ARGS: the prefix below)
        *("SKBUILD_CMAKE_ARGS", "SKBUILD_CMAKE_DEFINE", "SETUPTOOLS_SCM_PRETEND_VERSION"),
    )
)
"""Variables whose value changes what a build step makes: a step that passed with
``CMAKE_ARGS=-DPYBIND11_FINDPYTHON=ON`` is not "reused" in a shell without it, where the same
build fails (outsider14 D11, pybind/scikit_build_example)."""

BUILD_PREFIXES = ("CMAKE_", "PIP_", "UV_")
"""CMake reads its ``CMAKE_*`` variables (CMAKE_PREFIX_PATH, CMAKE_GENERATOR…), pip and uv every
option as ``PIP_<OPTION>``/``UV_<SETTING>`` (an index, a constraint, build isolation)."""


NOT_STEERING = (
    *("CACHE_DIR", "PROGRESS_BAR", "NO_PROGRESS", "NO_COLOR", "COLOR", "VERBOSE", "QUIET"),
    *("NO_INPUT", "DISABLE_PIP_VERSION_CHECK", "ROOT_USER_ACTION", "TIMEOUT", "RETRIES"),
    *("RUN_RECURSION_DEPTH", "BUILD_PARALLEL_LEVEL", "CONCURRENT_DOWNLOADS"),
    *("CONCURRENT_BUILDS", "CONCURRENT_INSTALLS", "LINK_MODE"),
)
"""Ends of ``PIP_*``/``UV_*``/``CMAKE_*`` names that say how fast, how loud or where a cache
is, not what is made: a step is not run again because ``uv run`` set its recursion depth or a
CI job its cache folder (review33)."""


def build_variables(env: Mapping[str, str]) -> list[list[str]]:
    """The pairs of ``env`` that steer a build or an install, sorted, each value with its
    secrets redacted (an index URL's user and password, a ``*_PASSWORD``/``*_TOKEN`` value):
    what a step's inputs are hashed from and kept as, so no hash in the history can be
    checked against a word list for a short password (review34); a changed password
    steers no build."""
    return sorted(
        [name, redact_secrets(f"{name}={value}").partition("=")[2]]
        for name, value in env.items()
        if name in BUILD_VARIABLES
        or (
            name.startswith(BUILD_PREFIXES)
            and not name.startswith("UV_INTERNAL__")
            and not name.endswith(NOT_STEERING)
        )
    )


def step_inputs(
    *,
    tree: str,
    environment: str,
    argv: Sequence[str],
    cwd: str,
    activation: Sequence[str],
    before: str,
    variables: Sequence[Sequence[str]] = (),
) -> str:
    """One step's inputs as a hash; ``before``: the inputs of the step before it in its repo
    (so a rebuilt library reruns the tests that use it); ``variables``: ``build_variables`` of
    the step's environment (none set: the hash of the inputs before they counted, so no step
    that passed then runs again for it)."""
    fields: list[object] = [tree, environment, list(argv), cwd, list(activation), before]
    if variables:
        fields.append([list(pair) for pair in variables])
    return hashlib.sha256(json_bytes(fields)).hexdigest()


def input_parts(
    *,
    tree: str,
    environment: str,
    cwd: str,
    activation: Sequence[str],
    before: str,
    variables: Sequence[Sequence[str]] = (),
    commit: str | None = None,
    changes: str | None = None,
) -> dict[str, str]:
    """A step's inputs one by one, kept with its row so that a step run again says which
    changed (outsider15 D15: only ``CC`` changed, and the reason blamed a non-git tree's file
    times). Each build variable under ``var:NAME``, its value as a hash as the activation's: a
    ``PIP_INDEX_URL`` or ``UV_INDEX_<NAME>_PASSWORD`` holds credentials, and the rows are read
    back by ``bringup history --json`` and kept with a state folder. ``commit``: the checkout's
    commit (``git_head``), which ``check`` compares with the checkout's now to tell a failure
    of another commit (``run.lastup``), and ``changes`` its uncommitted changes then
    (``git_changes``), to tell a failure of other edits at the same commit; neither is part of
    what makes a step run again."""
    parts = {
        "tree": tree,
        "environment": environment,
        "cwd": cwd,
        "activation": hashlib.sha256(json_bytes(list(activation))).hexdigest(),
        "before": before,
    }
    parts.update((f"var:{pair[0]}", _hashed(pair[1])) for pair in variables)
    if commit:
        parts["commit"] = commit
        parts.update({"changes": changes} if changes else {})
    return parts


def _hashed(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).hexdigest()


_PART_WORDS = {
    "environment": "its environment",
    "cwd": "its working directory",
    "activation": "the toolkit activation",
}


def changed(then: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """What differs between two steps' ``input_parts``, in words: the variables by name (not
    their values, which may hold credentials), the repo's files (by size and time where it is
    not a git checkout), the rest; the steps before it only where nothing of its own changed."""
    keys = sorted(k for k in set(then) | set(now) if k.startswith("var:"))
    names = [k[4:] for k in keys if then.get(k) != now.get(k)]
    found = [f"variable{'s' if len(names) > 1 else ''} {', '.join(names)}"] if names else []
    if then.get("tree") != now.get("tree"):
        stat = str(now.get("tree", "")).startswith(STAT_TREE)
        found.append(
            "the repo's files (not a git checkout: they count by size and time; list the steps'"
            " outputs in .gitignore)"
            if stat
            else "the repo's files"
        )
    found += [words for part, words in _PART_WORDS.items() if then.get(part) != now.get(part)]
    if not found and then.get("before") != now.get("before"):
        found.append("the steps before it")
    return found
