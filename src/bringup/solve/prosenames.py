"""Python distributions whose only source is the repos' prose: a name the scan read from a
docs file's table or sentence (``Flux | 12B | 全参微调 | 1x8 | BF16 | 55.23 (SPS)``,
shanshuo/MindSpeed-MM@dc326082 README.md:511;
``apex | 《Ascend Extension for PyTorch 配置与安装》``, momo609/mindspeed@7e624cf1
docs/zh/user-guide/installation.md:63) names nothing the authors install, and no package
index was asked whether it is the project meant (PyPI's ``apex`` is another project:
outsider26 #2). The solver and the verdicts treat it as any other line; only ``up`` leaves
it to the user (the plan says so) rather than install a name read from prose.

Decided by where the line was read, not by how sure the reader was: a docs file's prose or
table is prose; a manifest (requirements.txt, pyproject.toml, setup.py, environment.yml), an
install command of the docs (``pip install decord==0.6.0``) and the package's own imports are
not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

from bringup.model.requirements import Requirement
from bringup.model.resolution import Conflict, Environment, Resolution, Unverified
from bringup.model.source import Source
from bringup.scan.docscopes import prose_file
from bringup.scan.fetches import BUILT
from bringup.solve.vcspins import left_by_vcs
from bringup.subjects import canonical_subject

if TYPE_CHECKING:  # the solver's input, named only: the plan (and the scan's report) reads
    # ``left_to_user`` without importing the solver
    from bringup.solve.solverinput import SolverInput

REASON = (
    "a name read from the repo's prose, not from a manifest, an install command or its code; "
    "no package index was checked for it, so up does not install it: install it yourself "
    "after checking the name"
)


BUILT_REASON = "the repo's guide builds it from its source, not the package index, so up does not "
"""The start of the reason of a pin whose every line is a guide's build of it from its source
(``scan.sourceinstalls``: ``git clone https://github.com/volcengine/verl.git``, ``git checkout
4e9d287…``, ``pip install -e .``, pillumina/verl_npu@2faa869 README.md:34-37; "安装插件前需要保证
verl源码安装", :48): the index's release is not what the repo was built against (outsider17 D12)."""


def from_prose(source: Source, text: Optional[str]) -> bool:
    """Whether a line read at ``source`` as ``text`` is a docs file's prose or table, not a
    manifest, an install command (a build from source included) or code."""
    if source.kind != "file" or not prose_file(source.ref):
        return False
    return not (text or "").startswith(("pip install", BUILT))


def left_by_hand(reason: str) -> bool:
    """Whether an ``Unverified`` of ``reason`` is a pin up leaves to the user (``REASON``,
    ``BUILT_REASON``): solved as any other, only not installed by up."""
    return reason == REASON or reason.startswith(BUILT_REASON)


def built_from(reason: str) -> str:
    """The source a ``BUILT_REASON`` names (``built from https://…``), else ""."""
    return reason[reason.index(BUILT) :] if reason.startswith(BUILT_REASON) else ""


def docs_only(conflict: Conflict) -> bool:
    """Whether ``conflict`` is the docs disagreeing with themselves: every member a repo line
    read from prose, a caveat, not a line the authors install by that keeps the repo from
    running (review 26b M4). A knowledge-base row, a host value or the index's list among
    the members makes the docs' stack one that does not hold (DrivingSDK's torch_npu and
    CANN lines against the torch_npu rows, outsider16 D5): the repo cannot run as planned
    until it is resolved, as its verdict on this machine says of the same lines."""
    return all(i.kind == "requirement" and from_prose(i.source, i.text) for i in conflict.items)


def _stated(requirement: Requirement) -> bool:
    """Whether a line was read from a manifest, an install command or code: not prose."""
    return not from_prose(requirement.source, requirement.text)


def left_to_user(resolution: Resolution, environment: int) -> frozenset[str]:
    """The pins of ``environment`` ``up`` does not install: index pins read only from prose,
    and distributions installed from a VCS uv cannot fetch (``vcspins``)."""
    return frozenset(
        u.subject
        for u in resolution.unverified
        if (left_by_hand(u.reason) or left_by_vcs(u.reason)) and u.environment == environment
    )


def prose_pins(problem: SolverInput, environments: Sequence[Environment]) -> tuple[Unverified, ...]:
    """One ``Unverified`` per repo and index pin whose every hard line in the environment's
    repos is read from prose."""
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
        for pin in env.pins:
            if pin.origin != "index":
                continue
            lines = stating.get(pin.subject, [])
            built = [line for line in lines if (line.text or "").startswith(BUILT)]
            if not lines or any(_stated(line) for line in lines if line not in built):
                continue
            for line in {line.component: line for line in lines}.values():
                found.append(
                    Unverified(
                        subject=pin.subject,
                        spec=line.spec,
                        source=(built or [line])[0].source,
                        reason=f"{BUILT_REASON}install it: {built[0].text}" if built else REASON,
                        component=line.component,
                        environment=env.index,
                    )
                )
    return tuple(found)
