"""The sub-projects the repo's own steps run: a step the repo's guide runs inside a
sub-project (``cd awq/kernels && python setup.py install`` in llm-awq's README) builds that
sub-project as part of the repo, so its requirements are the repo's. The plan runs every step
of the repo's scope and the verdict reads that scope alone (DESIGN, *Scopes*): what a step
runs is in the verdict, never beside it."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from bringup.model import Step
from bringup.scan.scopes import feature


def _places(step: Step) -> list[str]:
    """The folder ``step`` runs in and the relative paths its arguments name, each from the
    repo's root (``python benchmarks/run.py`` names ``benchmarks/run.py``); options, URLs and
    absolute paths name no part of the repo."""
    cwd = step.cwd or "."
    places = [cwd]
    for word in step.argv[1:]:
        if word.startswith(("-", "/", "~", "$")) or "://" in word or "/" not in word:
            continue
        places.append(posixpath.normpath(posixpath.join(cwd, word)))
    return [posixpath.normpath(place) for place in places]


def _inside(place: str, folder: str) -> bool:
    return place == folder or place.startswith(folder + "/")


def run_scopes(steps: Iterable[Step], scopes: Iterable[str]) -> dict[str, Step]:
    """Each sub-project (not a feature: CI, tests and docs stay apart) a step of ``steps``
    runs in or names a file of, with the first such step."""
    projects = [name for name in scopes if not feature(name)]
    found: dict[str, Step] = {}
    for step in steps:
        for place in _places(step):
            for name in projects:
                if _inside(place, name):
                    found.setdefault(name, step)
    return found
