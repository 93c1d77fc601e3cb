"""Unversioned mentions settled against the rest of a repo's requirements ("install the
toolkit" beside a version stated elsewhere, a version table whose cell says "in development")."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Scope
from bringup.scan.anyof import beside_in_use, cite_beside
from bringup.scan.devicecode import says_device_code
from bringup.scan.extraction import Finding
from bringup.scan.placesbeside import with_places_of
from bringup.scan.preferences import with_preferred
from bringup.scan.prose_vocabulary import unversioned_subjects
from bringup.scan.routeneeds import ROUTE_SUBJECTS
from bringup.scan.specranges import can_meet

_SURENESS = {"low": 0, "medium": 1, "high": 2}
_MOVING = lazyre.compile(
    r"在研|开发中|\bin\s+development\b|\blatest\b|\bnightly\b|最新|\bTBD\b|待定", re.IGNORECASE
)
"""Words a version table's cell holds instead of a release ("在研版本", "in development",
"latest"): whatever the subject, the statement is unversioned and flagged as such."""


def _sureness(requirement: Requirement) -> tuple[int, bool, bool, bool]:
    """How surely a mention states an unversioned need: its confidence, then whether it is
    the version table's own word that the version is moving ("CANN版本 | 在研版本" beside
    setup.py's "builds with it"): that is the statement the finding is about; then whether it
    is hard (a need stated, not a problem told: ``docsections.PROBLEM_TITLE``); then whether
    it says the repo's code runs on the devices alone (``says_device_code``): a README's
    ``export CUDA_HOME=...`` standing for setup.py's CUDAExtension-only build lost what the
    solver reads of it (KinglittleQ/torch-batch-svd@c0a96119 README.md:49 over setup.py:16,
    outsider19 D1)."""
    moving = bool(_MOVING.search(requirement.text or ""))
    device_code = says_device_code(requirement.text)
    return _SURENESS[requirement.confidence], moving, requirement.hard, device_code


class Settled(NamedTuple):
    """The requirements, the ``unversioned`` findings, and the versions in use that those
    findings name in place of a requirement of their own (``settle_unversioned``)."""

    requirements: list[Requirement]
    findings: list[Finding]
    in_use: list[Requirement]


def _agree(shown: list[Requirement]) -> bool:
    """Whether some version meets each of ``shown`` (read as ranges; unreadable: no)."""
    return all(
        can_meet(a.spec, b.spec, a.subject) for n, a in enumerate(shown) for b in shown[n + 1 :]
    )


def _preferring(mention: Requirement, folded: list[Requirement]) -> Requirement:
    """The unversioned mention cited beside the versions folded into it, and preferring them:
    the release a repo's own toolkit image carries (``cann:8.3.rc1.alpha002-910b-...``, an
    Ascend C template's env_setup.sh:6, outsider12 #4) is the one its code was built with, so
    the solver takes it where nothing else decides, rather than the newest release or one
    another repo of the stack pins. A preference, not a need: the repo states no version."""
    placed = with_places_of(mention, folded)
    return with_preferred(placed, folded) if folded else placed


def settle_unversioned(
    requirements: list[Requirement], component: str, *, name_in_use: bool = True
) -> Settled:
    """An unversioned mention of a subject the repo states a version for elsewhere is cited
    beside that need; otherwise the surest mention stands for all of them (its place first,
    the others beside it) and becomes an ``unversioned`` finding. The versions such a subject
    is shown in use at (a version table's soft "推荐 9.0.0", cann-recipes-infer README.md:122,
    beside "基于 CANN 平台", :66) are named by that finding and cited beside its mention, no
    requirement of their own, where they agree; ones that exclude each other stay, their
    conflict shown (``contradictions``). Without ``name_in_use`` (a scope no finding is made
    for) they stay requirements."""
    versioned = {r.subject for r in requirements if r.spec and r.hard}
    shown: dict[str, list[Requirement]] = defaultdict(list)
    for requirement in requirements:
        if requirement.spec and not requirement.hard:
            shown[requirement.subject].append(requirement)
    # a host tool stated at a version, hard or only shown (an install guide's "Python 3.10 or
    # 3.11"), that a route also runs (``routeneeds``: compile.sh's ``python3``) is one need: the
    # run is cited beside the version
    route_versioned = {r.subject for r in requirements if r.spec and not r.feature} & ROUTE_SUBJECTS
    versioned |= route_versioned
    in_use = {subject: found[-1] for subject, found in shown.items()}
    kept: list[Requirement] = []
    mentions: dict[str, list[Requirement]] = defaultdict(list)
    beside: dict[str, list[Requirement]] = defaultdict(list)
    for requirement in requirements:
        if requirement.spec:
            kept.append(requirement)
        elif requirement.subject in versioned:
            beside[requirement.subject].append(requirement)
            continue
        elif requirement.subject not in unversioned_subjects() and not _MOVING.search(
            requirement.text or ""
        ):
            kept.append(requirement)
        else:
            mentions[requirement.subject].append(requirement)
            if len(mentions[requirement.subject]) == 1:
                kept.append(requirement)
    # the mention that stands for the others is the surest (a table cell before a passing
    # sentence) of the hard ones when any is hard, in the place of the first; the others'
    # places are kept beside it
    for index, requirement in enumerate(kept):
        found = mentions.get(requirement.subject) if not requirement.spec else None
        if found:
            best = max(found, key=lambda r: (r.hard, _sureness(r)))
            others = (r.source for r in found if r is not best)
            also = tuple(dict.fromkeys((*best.also_at, *others)))
            kept[index] = msgspec.structs.replace(best, also_at=also)
    folded = [
        r
        for subject in mentions
        if name_in_use and _agree(shown.get(subject, []))
        for r in shown.get(subject, [])
    ]
    kept = [
        _preferring(r, [s for s in folded if s.subject == r.subject])
        if r.subject in mentions and not r.spec
        else r
        for r in kept
        if not any(r is s for s in folded)
    ]
    kept = [beside_in_use(r, in_use) for r in cite_beside(kept, beside, route_versioned)]
    findings = [
        Finding(
            kind="unversioned",
            message=f"{subject} is {_NEEDED[any(r.hard for r in found)]} but {_NOWHERE}"
            + (
                " (only "
                + ", ".join(f"{r.source} shows {r.spec}" for r in shown[subject])
                + " in use)"
                if subject in shown
                else ""
            ),
            sources=tuple(r.source for r in found[:5]),
            component=component,
            subject=subject,
        )
        for subject, found in mentions.items()
    ]
    return Settled(kept, findings, folded)


_NOWHERE = "no version is stated anywhere in the repo"

_NEEDED = {True: "required", False: "optional (soft)"}
"""How the finding says the subject is needed: ``required`` only when one mention is hard; a
build that uses CUDA where it finds it (hpcaitech/TensorNVMe@6403388 setup.py:73 adds CUDA's
include folder only when ``CUDA_HOME`` is set) does not require it (outsider18 D17)."""


def stated_in_scopes(findings: Sequence[Finding], scopes: Sequence[Scope]) -> list[Finding]:
    """Each ``unversioned`` finding of a subject some scope states a version of says so, in
    place of "no version is stated anywhere": the docker scope's ``FROM pytorch/pytorch:2.3.0-
    cuda12.1-cudnn8-runtime`` (HowXu/alphafold3-pytorch-npu@f1b109e0 Dockerfile:1-3), "CUDA 11
    and above" of awq/kernels (mit-han-lab/llm-awq@d6e797a4 awq/kernels/csrc/attention/
    setup.py:113) are versions the scan read, only not for the repo's own part."""
    out: list[Finding] = []
    for finding in findings:
        stated = [
            (scope.name, r)
            for scope in scopes
            for r in scope.requirements
            if finding.kind == "unversioned" and r.subject == finding.subject and r.spec
        ]
        if not stated:
            out.append(finding)
            continue
        where = ", ".join(f"{name}: {r.spec}" for name, r in stated[:3])
        # what follows the sentence (the versions the repo shows in use) is kept
        said = f"the repo's own part states no version; only its scopes do ({where})"
        out.append(
            msgspec.structs.replace(
                finding,
                message=finding.message.replace(_NOWHERE, said, 1),
                sources=(*finding.sources, *(r.source for _, r in stated[:3])),
            )
        )
    return out
