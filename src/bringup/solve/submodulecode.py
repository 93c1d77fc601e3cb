"""A repo whose code lies in submodules not fetched: what it needs cannot be known yet.

A checkout whose own tree states nothing (no step outside its submodules, no need but them:
no manifest, no build, no guide's requirement) and whose ``.gitmodules`` declares submodules
that are empty holds its code in them: the scan read only the wrapper. "Runs here" would
claim what nothing was read for (outsider26 re-test N10: a vllm-ascend workspace whose
``.gitmodules`` declares vllm-ascend and vllm, both empty, came out "runs here" with 0
steps). Its verdict is unverified until they are fetched; a repo with needs of its own runs
here after fetching them, the fetch one of its next actions."""

from __future__ import annotations

import posixpath

from bringup.model.requirements import Component, Step
from bringup.model.resolution import Obstacle, unchecked

_WHY = (
    "the checkout states nothing outside its submodules, and this one is not fetched: what "
    "the repo needs is unknown until git submodule update --init fetches it"
)


def _inside(step: Step, paths: set[str]) -> bool:
    """Whether ``step`` runs in one of ``paths`` (its folder, or the file it runs)."""
    words = [posixpath.normpath(step.cwd or ".")]
    words += [posixpath.normpath(posixpath.join(step.cwd or ".", a)) for a in step.argv[1:2]]
    return any(w == p or w.startswith(p + "/") for w in words for p in paths)


def unfetched_code(component: Component) -> list[Obstacle]:
    """An obstacle per submodule not fetched (its folder empty or absent: ``scan.submodules``):
    ``unchecked`` when the repo states nothing outside them (no step, no need but its
    submodules); else one to remove before it runs, as an install is (``install``, subject
    ``submodule``): its build reads the folder (outsider13 D18: pybind/cmake_example from
    ``git archive``, ``add_subdirectory(pybind11)`` at CMakeLists.txt:4 over an empty
    ``pybind11/``, was "runs here", the fetch only a hedged action)."""
    missing = {
        r.spec.rstrip("/"): r
        for r in component.requirements
        if r.subject == "submodule" and r.hard and r.spec
    }
    if not missing:
        return []
    outside = any(not _inside(s, set(missing)) for s in component.steps)
    if outside or any(r.subject != "submodule" for r in component.requirements):
        # the checkout states needs of its own (a build or guide outside them): they are read,
        # and the submodule is fetched before the build that reads it
        return [
            Obstacle(kind="install", subject="submodule", detail=path, source=r.source)
            for path, r in missing.items()
        ]
    return [unchecked("submodule", path, r.source, (_WHY,)) for path, r in missing.items()]
