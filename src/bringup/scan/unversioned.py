"""Unversioned mentions settled against the rest of a repo's requirements ("install the
toolkit" beside a version stated elsewhere, a version table whose cell says "in development")."""

from __future__ import annotations

import re
from collections import defaultdict

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.anyof import beside_in_use, cite_beside
from bringup.scan.extraction import Finding
from bringup.scan.prose_vocabulary import unversioned_subjects

_SURENESS = {"low": 0, "medium": 1, "high": 2}
_MOVING = lazyre.compile(
    r"在研|开发中|\bin\s+development\b|\blatest\b|\bnightly\b|最新|\bTBD\b|待定", re.IGNORECASE
)
"""Words a version table's cell holds instead of a release ("在研版本", "in development",
"latest"): whatever the subject, the statement is unversioned and flagged as such."""


def _sureness(requirement: Requirement) -> tuple[int, bool]:
    """How surely a mention states an unversioned need: its confidence, then whether it is
    the version table's own word that the version is moving ("CANN版本 | 在研版本" beside
    setup.py's "builds with it"): that is the statement the finding is about."""
    return _SURENESS[requirement.confidence], bool(_MOVING.search(requirement.text or ""))


def settle_unversioned(
    requirements: list[Requirement], component: str
) -> tuple[list[Requirement], list[Finding]]:
    """An unversioned mention of a subject the repo states a version for elsewhere is cited
    beside that need; otherwise the surest mention stands for all of them (its place first,
    the others beside it) and becomes an ``unversioned`` finding."""
    versioned = {r.subject for r in requirements if r.spec and r.hard}
    in_use = {r.subject: r for r in requirements if r.spec and not r.hard}
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
    # sentence), in the place of the first; the others' places are kept beside it
    for index, requirement in enumerate(kept):
        found = mentions.get(requirement.subject) if not requirement.spec else None
        if found:
            best = max(found, key=_sureness)
            others = (r.source for r in found if r is not best)
            also = tuple(dict.fromkeys((*best.also_at, *others)))
            kept[index] = msgspec.structs.replace(best, also_at=also) if also else best
    kept = [beside_in_use(r, in_use) for r in cite_beside(kept, beside)]
    findings = [
        Finding(
            kind="unversioned",
            message=f"{subject} is required but no version is stated anywhere in the repo"
            + (
                f" (only {in_use[subject].source} shows {in_use[subject].spec} in use)"
                if subject in in_use
                else ""
            ),
            sources=tuple(r.source for r in found[:5]),
            component=component,
            subject=subject,
        )
        for subject, found in mentions.items()
    ]
    return kept, findings
