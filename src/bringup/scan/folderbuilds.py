"""The build script beside the repo's own package, where nothing else builds it.

A repo whose top holds no build file may keep its package in one folder with a script that
builds it there: OpenGVLab/DCNv4@4b848f7 DCNv4_op/make.sh:10 ``python setup.py build install``
beside DCNv4_op/setup.py, the CUDA extension the repo is; its README states no install, so the
plan built nothing and still judged the repo "runs here" (outsider18 D1). The script is the
authors' way to build that folder: the plan runs it there, where no stated or default step
installs or builds anything. Only the repo's own folders count (a sub-project's copy,
classification/ops_dcnv3/make.sh, is that sub-project's). Of the folder's scripts that
install it, one named for a build (``make.sh``, ``build.sh``, ``install.sh``) or one that does
nothing but install comes first: a ``benchmark.sh`` that runs ``pip install .`` before its
``python bench.py --iters 1000`` is no build script (review38 8).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from bringup import lazyre
from bringup.model import Step, StepNeeds, file_source
from bringup.scan.commands import parse_commands, pip_install_targets
from bringup.scan.scopenames import REPO
from bringup.scan.sourceinstalls import installs_here
from bringup.scan.walk import RepoFile

_SCRIPT_SUFFIXES = (".sh", ".bash")
_BUILD_NAME = lazyre.compile(r"(?:^|[-_.])(?:build|make|install|setup|compile)(?=$|[-_.])", re.I)
"""A script's name that says it builds (``make.sh``, ``build_ext.sh``, ``install.sh``)."""
_QUIET = frozenset({"set", "echo", "export", "printf", "true", ":"})
"""Commands that leave a script no more than an install (``set -e``, ``echo Building``)."""


def _builds_here(text: str) -> int | None:
    """The line of the script ``text``'s command that installs its own folder's project
    (``python setup.py build install``, ``pip install .``), before any ``cd``; ``None``."""
    for command in parse_commands(text):
        if command.argv[:1] == ("cd",):
            return None
        if command.plain and installs_here(command.argv):
            return command.line
    return None


def _rank(rel: str, text: str) -> int:
    """How plainly the script at ``rel`` is its folder's build: 0 named for one, 1 doing
    nothing but install, 2 doing more (a benchmark that installs first)."""
    stem = posixpath.splitext(posixpath.basename(rel))[0]
    if _BUILD_NAME.search(stem):
        return 0
    commands = [command for command in parse_commands(text) if command.argv]
    only_installs = all(
        command.argv[0] in _QUIET
        or pip_install_targets(command.argv) is not None
        or installs_here(command.argv)
        for command in commands
    )
    return 1 if only_installs else 2


def folder_builds(
    steps: Sequence[Step],
    texts: Mapping[str, tuple[RepoFile, str]],
    scope_of: Mapping[str, str],
    seen: Iterable[str],
    *,
    read: Callable[[str], str | None],
    toolkits: Mapping[str, str],
) -> list[Step]:
    """``steps`` with the build script of each of the repo's own ``setup.py`` folders below
    its top (the module's docstring), where no step installs or builds. ``texts``: the files
    read, by citation; ``scope_of``: their scopes; ``seen``: every file's path in the repo;
    ``read``: a file's text by path (``None`` unreadable); ``toolkits``: the folders whose
    build needs a backend's toolkit, with its device kind (``steps_found.toolkit_folders``)."""
    if any(step.kind in ("install", "build") for step in steps):
        return list(steps)
    scripts: dict[str, list[str]] = {}
    for rel in seen:
        if rel.endswith(_SCRIPT_SUFFIXES):
            scripts.setdefault(posixpath.dirname(rel), []).append(rel)
    added: list[Step] = []
    for ref, (file, _) in sorted(texts.items()):
        folder = posixpath.dirname(file.rel)
        if posixpath.basename(file.rel) != "setup.py" or not folder or scope_of.get(ref) != REPO:
            continue
        prefix = ref[: len(ref) - len(file.rel)]
        found: list[tuple[int, str, int]] = []
        for rel in sorted(scripts.get(folder, ())):
            text = read(rel)
            line = _builds_here(text) if text else None
            if text and line is not None:
                found.append((_rank(rel, text), rel, line))
        for _, rel, line in sorted(found)[:1]:
            kind = toolkits.get(folder)
            argv = ("bash", posixpath.basename(rel))
            needs = StepNeeds(toolkit=kind is not None, device_kind=kind, network=True)
            added.append(
                Step(
                    name=" ".join(argv),
                    kind="install",
                    argv=argv,
                    source=file_source(prefix + rel, line),
                    cwd=folder,
                    needs=needs,
                )
            )
    return [*added, *steps]
