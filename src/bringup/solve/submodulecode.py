"""A repo whose code lies in submodules not fetched: what it needs cannot be known yet.

A checkout whose own tree states nothing (no step outside its submodules, no need but them:
no manifest, no build, no guide's requirement) and whose ``.gitmodules`` declares submodules
that are empty holds its code in them: the scan read only the wrapper. "Runs here" would
claim what nothing was read for (outsider26 re-test N10: a vllm-ascend workspace whose
``.gitmodules`` declares vllm-ascend and vllm, both empty, came out "runs here" with 0
steps). Its verdict is unverified until they are fetched; a repo with needs of its own keeps
its verdict, the fetch one of its next actions as before."""

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
    """An ``unchecked`` obstacle per submodule not fetched, when the repo states nothing
    outside them (no step, no need but its submodules); none otherwise."""
    missing = {
        r.spec.rstrip("/"): r
        for r in component.requirements
        if r.subject == "submodule" and r.hard and r.spec
    }
    if not missing or any(not _inside(s, set(missing)) for s in component.steps):
        return []
    if any(r.subject != "submodule" for r in component.requirements):
        return []  # the checkout states needs of its own: a build or guide outside them
    return [unchecked("submodule", path, r.source, (_WHY,)) for path, r in missing.items()]
