"""The parts of sub-projects the repo's own steps run: a step the repo's guide runs inside a
sub-project (``cd awq/kernels && python setup.py install`` in llm-awq's README) builds that
sub-project as part of the repo, so all its requirements are the repo's; a step that names a
script in one (``bash scripts/wan/run_wan_t2v.sh``) runs that script, whose own requirements
are the repo's, not its neighbours'. The plan runs every step of the repo's scope and the
verdict reads that scope alone (DESIGN, *Scopes*): what a step runs is in the verdict."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import NamedTuple

from bringup.model import Step
from bringup.scan.scopes import feature


class Run(NamedTuple):
    """What the repo's steps run of one sub-project: all of it (a step runs in its folder)
    or the files they name there (``files``, from the repo's root)."""

    whole: bool
    files: frozenset[str]


def _named(step: Step) -> list[str]:
    """The relative paths ``step``'s arguments name, from the repo's root (``python
    benchmarks/run.py`` names ``benchmarks/run.py``); options, URLs, absolute paths and
    variables name no file of the repo."""
    cwd = step.cwd or "."
    return [
        posixpath.normpath(posixpath.join(cwd, word))
        for word in step.argv[1:]
        if "/" in word and not word.startswith(("-", "/", "~", "$")) and "://" not in word
    ]


def _inside(place: str, folder: str) -> bool:
    return place == folder or place.startswith(folder + "/")


def run_scopes(steps: Iterable[Step], scopes: Iterable[str]) -> dict[str, Run]:
    """Each sub-project (not a feature: CI, tests and docs stay apart) the ``steps`` run in
    or name a file of, and what of it they run."""
    projects = [name for name in scopes if not feature(name)]
    whole: set[str] = set()
    files: dict[str, set[str]] = {}
    for step in steps:
        cwd = posixpath.normpath(step.cwd or ".")
        for name in projects:
            if _inside(cwd, name):
                whole.add(name)
            files.setdefault(name, set()).update(p for p in _named(step) if _inside(p, name))
    return {
        name: Run(name in whole, frozenset(files.get(name, ())))
        for name in projects
        if name in whole or files.get(name)
    }
