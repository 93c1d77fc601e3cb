"""What ``up --offline`` does with a step: the one rule that running the plan (``run.execute``)
and asking for consent (``cli.up``) share, so they cannot disagree about what will run.

Every step of an offline run has the installers' own offline settings in its environment:
``PIP_NO_INDEX=1`` (pip's ``--no-index``: find-links and local paths only) and ``UV_OFFLINE=1``
(uv's ``--offline``: its cache and local files only). So ``pip install -e .`` and ``pip install
--no-index --find-links wheels/ ...`` run, and an install from the index fails at once with the
installer's own message (review29 M1: all three were skipped, and the tests after them ran
without the project). A step that needs the network some other way (a download script, a build
whose configure fetches, a pip install of a URL or from remote find-links, which ``--no-index``
does not stop) is skipped; ``run.execute`` then blocks what comes after it in its repo, and the
run does not pass. A ``pip install -r requirements.txt`` is read for that as well: its lists
(and the lists they include) may name a clone or a URL (``git+https://...``, a wheel's URL,
``-e git+...``, an index option), which ``--no-index`` does not stop either. So is a pip build of
a source folder in build isolation: its build requirements come from the index."""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from bringup.model.plan import PlanStep
from bringup.scan.commands import (
    PIP_VALUE_OPTIONS,
    logical_lines,
    pip_install_targets,
    program_name,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10 only
    import tomli as tomllib

OFFLINE_ENV = {"PIP_NO_INDEX": "1", "UV_OFFLINE": "1"}
"""pip reads its options from ``PIP_<LONG_OPTION>`` variables; ``UV_OFFLINE`` is uv's
``--offline`` (uv reference, environment variables)."""

SKIPPED = "needs the network, and --offline was given"

_INDEX_OPTIONS = ("-i", "--index-url", "--extra-index-url")
"""What ``--no-index`` makes pip ignore ("Ignoring indexes: ..."), so not a download."""

_LIST_OPTIONS = ("-r", "--requirement", "-c", "--constraint")
_MAX_LIST_BYTES = 1 << 20
_MAX_DEPTH = 16
"""Lists included in lists deeper than this are not read (pip itself would recurse on)."""
_COMMENT = re.compile(r"(^|\s)#.*$")
"""pip's comment: a ``#`` at the start of a line or after white space (a URL's ``#egg=`` stays)."""

_URL = re.compile(r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*)://")


def skipped_offline(step: PlanStep, offline: bool, cwd: Path) -> bool:
    """Whether ``--offline`` keeps ``step`` (run in ``cwd``) from running: it needs the
    network, and it is not an install that the offline settings confine to the cache and local
    files."""
    if not offline:
        return False
    if _builds_isolated(step.argv, cwd):
        return True  # whatever the step's needs say: a bringup.toml's steps rarely say it
    return step.needs.network and not _installs_locally(step.argv, cwd)


def _installs_locally(argv: tuple[str, ...], cwd: Path) -> bool:
    """A pip or uv install that the offline settings keep off the network: uv's offline mode
    stops every fetch; pip's ``--no-index`` stops only the index, not a URL it is given on the
    command line or in a requirements list."""
    if pip_install_targets(argv) is None:
        return False
    if program_name(argv) == "uv":
        return True
    seen: set[Path] = set()
    return not _fetches(argv) and not any(_list_fetches(f, cwd, seen) for f in _lists(argv))


_NO_ISOLATION = "--no-build-isolation"
_FIND_LINKS = ("-f", "--find-links")
_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")
_DEFAULT_BUILD = ("setuptools",)
"""What pip builds a project with when its pyproject.toml names nothing (or it has none)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _builds_isolated(argv: Sequence[str], cwd: Path) -> bool:
    """Whether pip builds a project from its source folder in an isolated environment whose
    build requirements (``[build-system] requires``, else setuptools) only the index has:
    ``--no-index`` leaves the local find-links (``-f``, ``PIP_FIND_LINKS``), and without them
    there the build fails at once (outsider13 D15: cmake_example's ``pip install .`` under
    ``--offline``, "No matching distribution found for setuptools>=42", ``PIP_FIND_LINKS`` a
    folder of one torch wheel). Not with ``--no-build-isolation`` (the environment's own build
    tools), not for a project that requires nothing to build."""
    if pip_install_targets(tuple(argv)) is None or program_name(tuple(argv)) == "uv":
        return False
    if _NO_ISOLATION in argv:
        return False
    local = _local_links(argv, cwd)
    for folder in _source_folders(argv):
        needed = _build_requirements(cwd / folder)
        if needed and not all(_linked(name, local) for name in needed):
            return True
    return False


def _local_links(argv: Sequence[str], cwd: Path) -> list[Path]:
    """The local folders pip's find-links name: ``-f DIR``, ``-fDIR``, ``--find-links=DIR`` and
    ``PIP_FIND_LINKS`` (space-separated); a URL is none (``_fetches`` says of it)."""
    values = os.environ.get("PIP_FIND_LINKS", "").split()
    words = list(argv)
    for number, word in enumerate(words):
        if word in _FIND_LINKS and number + 1 < len(words):
            values.append(words[number + 1])
        elif word.startswith("--find-links="):
            values.append(word.split("=", 1)[1])
        elif word.startswith("-f") and not word.startswith("--") and len(word) > 2:
            values.append(word[2:])
    folders = [cwd / v.removeprefix("file://") for v in values if not _remote(v)]
    return [f for f in folders if f.is_dir()]


def _linked(name: str, folders: Sequence[Path]) -> bool:
    """Whether a local find-links folder holds a wheel or source archive of ``name``."""
    wanted = _normalised(name)
    for folder in folders:
        try:
            files = os.listdir(folder)
        except OSError:
            continue
        if any(_normalised(f.split("-", 1)[0]) == wanted for f in files if "-" in f):
            return True
    return False


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _source_folders(argv: Sequence[str]) -> list[str]:
    """The local folders a pip install names (``.``, ``./pkg``, ``-e .``, ``.[test]``), the
    values of its other options left out (``--target DIR``)."""
    words = list(argv)
    start = words.index("install") + 1 if "install" in words else len(words)
    found = []
    value = False
    for word in words[start:]:
        if value:
            value = False
            continue
        if word in ("-e", "--editable"):
            continue
        if word in PIP_VALUE_OPTIONS or word in _LIST_OPTIONS:
            value = True
            continue
        if word.startswith("-"):
            continue
        folder = word.removeprefix("file://")
        if folder.endswith("]"):
            folder = folder.split("[", 1)[0]  # the extras of ``.[test]``
        if folder in (".", "..") or folder.startswith(("./", "../", "/")) or "/" in folder:
            found.append(folder)
    return found


def _build_requirements(folder: Path) -> tuple[str, ...]:
    """The names pip's isolated build of the project in ``folder`` installs first: its
    ``[build-system] requires``, setuptools where it names none; none for a folder that is no
    Python project."""
    if not folder.is_dir() or not any((folder / f).is_file() for f in _PROJECT_FILES):
        return ()
    try:
        with open(folder / "pyproject.toml", "rb") as stream:
            document = tomllib.load(stream)
    except (OSError, ValueError):
        return _DEFAULT_BUILD  # none (setup.py), or unreadable: pip's default
    build = document.get("build-system")
    requires = build.get("requires") if isinstance(build, dict) else None
    if not isinstance(requires, list):
        return _DEFAULT_BUILD
    names = (_NAME.match(r.strip()) for r in requires if isinstance(r, str))
    return tuple(m.group(0) for m in names if m is not None)


def _fetches(argv: Sequence[str]) -> bool:
    """Whether a pip command names a remote URL besides an index: ``git+https://...``, ``pkg @
    https://...``, a wheel's URL, ``--find-links https://...``. A ``file:`` URL is local."""
    index_value = False
    for arg in argv:
        if index_value:
            index_value = False
            continue
        if arg in _INDEX_OPTIONS:
            index_value = True
            continue
        if arg.startswith(("--index-url=", "--extra-index-url=")) or (
            arg.startswith("-i") and not arg.startswith("--")
        ):
            continue
        if _remote(arg):
            return True
    return False


def _remote(text: str) -> bool:
    """Whether ``text`` holds a URL of a scheme other than ``file`` (``git+file`` is local)."""
    return any(m.group(1).lower().rsplit("+", 1)[-1] != "file" for m in _URL.finditer(text))


def _lists(words: Sequence[str]) -> list[str]:
    """The requirements and constraints lists that pip words name: ``-r F``, ``-rF``,
    ``--requirement=F``, and the same of ``-c``/``--constraint``."""
    found = []
    value = False
    for word in words:
        if value:
            found.append(word)
            value = False
        elif word in _LIST_OPTIONS:
            value = True
        elif word.startswith(tuple(f"{o}=" for o in _LIST_OPTIONS if o.startswith("--"))):
            found.append(word.split("=", 1)[1])
        elif word[:2] in _LIST_OPTIONS and len(word) > 2:
            found.append(word[2:])
    return found


def _list_fetches(name: str, base: Path, seen: set[Path], depth: int = 0) -> bool:
    """Whether the list ``name`` (relative to ``base``: the step's directory, or the including
    list's) or a list it includes has a line that downloads: a remote URL anywhere in it. An
    index option in a list counts: pip 22.0.4 added a list's ``--extra-index-url`` to its
    indexes even under ``--no-index`` (pip/_internal/req/req_file.py ``handle_option_line``;
    pip 26.3 ignores it), so it may reach the network. A list that cannot be read downloads
    nothing here: pip then fails on it with its own message."""
    if _remote(name):
        return True  # ``-r https://...``: the list itself is fetched
    path = (base / name.removeprefix("file://")).resolve()
    if path in seen or depth > _MAX_DEPTH:
        return False
    seen.add(path)
    try:
        with open(path, "rb") as stream:
            text = stream.read(_MAX_LIST_BYTES).decode("utf-8", "replace")
    except OSError:
        return False
    for _number, raw in logical_lines(text):
        line = _COMMENT.sub("", raw).strip()
        if _remote(line):
            return True
        if any(_list_fetches(f, path.parent, seen, depth + 1) for f in _lists(_words(line))):
            return True
    return False


def _words(line: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError:  # an unclosed quote: pip's own split fails on it too
        return line.split()
