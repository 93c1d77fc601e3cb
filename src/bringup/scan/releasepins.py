"""A release-notes page's pin that the repo's guides pin otherwise is history, not a need.

A release-notes page pairs each release of the repo with the versions it was tested with
("## Related Product Versions | CANN | 9.0.0 |", Ascend/IndexSDK@fa595858 docs/en/release_notes.md:
26-31); the install guide of the same commit may already name a newer or older one ("CANN
9.1.0", docs/zh/04_installation_guide.md:19), the English page lagging the Chinese one.
Read as two pins of one toolkit they exclude each other and no machine meets both. Where some
other file pins the subject, a pin that only release notes state is dropped: the guide says
what this commit needs. A release-notes pin nothing else contradicts stays (it may be the
only place the version is written).
"""

from __future__ import annotations

from bringup.model import Requirement, Source
from bringup.scan.docsections import RELEASE_NOTES


def _in_notes(source: Source) -> bool:
    stem = (source.ref or "").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return bool(RELEASE_NOTES.search(stem))


def _pinned(requirement: Requirement) -> bool:
    return requirement.spec.startswith("==")


def _only_in_notes(requirement: Requirement) -> bool:
    return all(_in_notes(s) for s in (requirement.source, *requirement.also_at))


def without_superseded_pins(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` less each pin stated only in release notes whose subject another
    file pins to a different version."""
    guided: dict[str, set[str]] = {}
    for requirement in requirements:
        if _pinned(requirement) and not _only_in_notes(requirement):
            guided.setdefault(requirement.subject, set()).add(requirement.spec)
    return [
        r
        for r in requirements
        if not (_pinned(r) and _only_in_notes(r) and guided.get(r.subject, {r.spec}) - {r.spec})
    ]
