"""The repo scope's requirements each stated once (``repo.scan_repo``'s settling step)."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.contradictions import find_contradictions
from bringup.scan.extraction import Finding
from bringup.scan.fetches import one_need
from bringup.scan.implied import fold_implied, one_file_alternatives
from bringup.scan.netgeneric import fold_generic_network
from bringup.scan.pypitwins import as_stated_subjects
from bringup.scan.releasepins import without_superseded_pins
from bringup.scan.repeats import merge_repeats
from bringup.scan.scopesplit import united
from bringup.scan.shownbeside import fold_shown_versions
from bringup.scan.unversioned import Settled, settle_unversioned
from bringup.scan.wheelpython import fold_wheel_pythons


def one_each(
    stated: list[Requirement], authority: dict[str, int], component: str, texts: dict[str, str]
) -> tuple[Settled, list[Finding]]:
    """The repo scope's requirements each stated once: unversioned mentions settled, the
    releases one file names as alternatives made one, contradictions found (their findings
    returned beside), repeats, versions shown beside a need (``shownbeside``) and statements
    another implies folded."""
    settled = settle_unversioned(
        as_stated_subjects(one_need(without_superseded_pins(stated))), component
    )
    requirements, contradictions = find_contradictions(
        fold_wheel_pythons(one_file_alternatives(settled.requirements, texts), authority),
        authority,
        component,
    )
    requirements = fold_shown_versions(merge_repeats(united(requirements, authority), authority))
    folded = fold_generic_network(fold_implied(requirements, authority))
    return settled._replace(requirements=folded), contradictions
