"""The sub-project a step of the repo's guide runs: one run in a sub-project's folder (``cd
awq/kernels && python setup.py install`` in llm-awq's README; ``cd hopper`` in
flash-attention's) or running a script there (``bash scripts/wan/run_wan_t2v.sh``) is that
sub-project's step, listed beside the repo with its needs. The verdict reads the repo's own
scope alone (DESIGN, *Scopes*) and the plan runs that scope's steps alone, so the plan never
runs what the verdict did not read. (Pulling such a sub-project's needs into the repo's
instead cost held-out scan precision 80.0 % -> 75.3 %, 1087/1358 -> 1092/1451: the writers of
the truth keep them apart too.)"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from typing import Optional

from bringup.model import Step
from bringup.scan.scopes import feature
from bringup.scan.stepfiles import script_of


def _named(step: Step) -> list[str]:
    """The script ``step`` runs, from the repo's root (``python benchmarks/run.py`` runs
    ``benchmarks/run.py``); a file it only reads or writes (``bash scripts/convert.sh
    models/resnet18.onnx``) is no part it runs."""
    script = script_of(step)
    return [posixpath.normpath(posixpath.join(step.cwd or ".", script))] if script else []


def _inside(place: str, folder: str) -> bool:
    return place == folder or place.startswith(folder + "/")


def step_scope(step: Step, scopes: Iterable[str]) -> Optional[str]:
    """The sub-project (not a feature: CI, tests and docs stay the repo's) whose folder
    ``step`` runs in, else whose script it runs; the innermost; None for neither."""
    projects = sorted((name for name in scopes if not feature(name)), key=len, reverse=True)
    cwd = posixpath.normpath(step.cwd or ".")
    for place in (cwd, *_named(step)):
        found = next((name for name in projects if _inside(place, name)), None)
        if found is not None:
            return found
    return None


def _in_project(rel: Optional[str], projects: Iterable[str]) -> bool:
    """Whether the file at ``rel`` lies inside one of the sub-projects' folders."""
    folder = posixpath.dirname(rel) if rel else ""
    return bool(folder) and any(_inside(folder, name) for name in projects)


def scripts_of_the_repo(
    stated: Sequence[Step],
    others: Mapping[str, list[Step]],
    defaults: Sequence[Step],
    scope_of: Mapping[str, str],
    rels: Mapping[str, str],
) -> tuple[list[Step], dict[str, list[Step]]]:
    """``stated`` with each sub-project's step that runs a script the repo's own steps run
    (``defaults``) moved to it: ``bash tools/build.sh npu`` (desly-0/flashattention_Ascendc
    @1fa2e50 README.md:40) is the guide's way to run tools/build.sh, the repo's build, not a
    step of the folder "tools" while ``bash tools/build.sh`` is the repo's (outsider8 #17).
    A step a doc inside a sub-project's folder writes stays where it is (``scope_of``: each
    file's scope, ``rels``: its path, both by citation): one operator's README building just
    that operator through the root script, ``bash build.sh --soc=Ascend910B3``
    (repo-mirror-test/ops-transformer@bfbbec83 attention/rain_fusion_attention/README.md:188,
    and its tests/README.md:33), is no build of the repo (outsider18 D15). A page of the docs
    or the tests outside any speaks for the repo as ever (docs/zh/invocation/
    quick_op_invocation.md:22 builds the whole of it; hicann/catlass@0dfcf9df
    tests/unittest/catlass/gemm/tile/README.md:75 builds the unit tests)."""
    own = {script for step in defaults for script in _named(step)}
    projects = {name for name in scope_of.values() if not feature(name)}
    moved = [
        s
        for steps in others.values()
        for s in steps
        if own & set(_named(s)) and not _in_project(rels.get(s.source.ref or ""), projects)
    ]
    if not moved:
        return list(stated), dict(others)
    kept = {name: [s for s in steps if s not in moved] for name, steps in others.items()}
    return [*stated, *moved], {name: steps for name, steps in kept.items() if steps}
