"""Python distributions whose only source is the repos' prose: a name the scan read from a
table or a sentence (``Flux | 12B | 全参微调 | 1x8 | BF16 | 55.23 (SPS)``, shanshuo/MindSpeed-MM
@dc326082 README.md:511; ``apex | 《Ascend Extension for PyTorch 配置与安装》``, momo609/mindspeed
@7e624cf1 docs/zh/user-guide/installation.md:63) names nothing the authors install, and no
package index was asked whether it is the project meant (PyPI's ``apex`` is another project:
outsider26 #2). Such a pin is left to no installer: the environment does not hold it, and the
repo's verdict is unverified, naming the line, so ``up`` never installs a name read from prose.

A name is the authors' own where a manifest lists it (read at high confidence:
requirements.txt, pyproject.toml, setup.py) or a ``pip install`` command their docs give
installs it (``pip install decord==0.6.0``)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bringup.model.requirements import Requirement
from bringup.model.resolution import Environment, Unverified
from bringup.solve.problem import SolverInput
from bringup.subjects import canonical_subject

REASON = (
    "a name read from the repo's prose, not from a manifest or an install command; "
    "no package index was checked for it, so up does not install it"
)


def _stated(requirement: Requirement) -> bool:
    """Whether a line names the distribution as the authors install it."""
    return requirement.confidence == "high" or (requirement.text or "").startswith("pip install")


def prose_pins(
    problem: SolverInput, environments: Sequence[Environment]
) -> tuple[tuple[Environment, ...], tuple[Unverified, ...]]:
    """``environments`` without the index pins whose every hard line in the environment's
    repos is read from prose, and one ``Unverified`` per repo and such name."""
    kept: list[Environment] = []
    found: list[Unverified] = []
    for env in environments:
        members = set(env.components)
        # the repos' own lines, not the solver's items: an item stands for every line of a
        # repo with the same spec, and keeps the first one's reading only
        stating: dict[str, list[Requirement]] = {}
        for c in problem.components:
            if c.name in members:
                for r in c.requirements:
                    if r.hard:
                        stating.setdefault(canonical_subject(r.subject), []).append(r)
        dropped: list[str] = []
        for pin in env.pins:
            if pin.origin != "index":
                continue
            lines = stating.get(pin.subject, [])
            if not lines or any(_stated(line) for line in lines):
                continue
            dropped.append(pin.subject)
            for line in {line.component: line for line in lines}.values():
                found.append(
                    Unverified(
                        subject=pin.subject,
                        spec=line.spec,
                        source=line.source,
                        reason=REASON,
                        component=line.component,
                        environment=env.index,
                    )
                )
        pins = tuple(p for p in env.pins if p.subject not in dropped)
        kept.append(env if not dropped else msgspec.structs.replace(env, pins=pins))
    return tuple(kept), tuple(found)
