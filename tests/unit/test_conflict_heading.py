"""A conflict's heading says what it costs: more environments only when there are more
(outsider22b #18: `check --target 910B:8` printed "no single transformers for InternEvo and
OpenRLHF -> one environments", InternLM/InternEvo@c628a8c and OpenRLHF/OpenRLHF@3c3be62, where
the target's one environment takes one of the two and the other repo is set aside; the two
transformers specs below are constructed)."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.resolution import Conflict, ConflictItem
from bringup.report.check_why import _conflict_head


def _between(*repos: str) -> Conflict:
    items = tuple(
        ConflictItem(
            kind="requirement",
            subject="transformers",
            spec=spec,
            source=file_source(f"{repo}/requirements.txt", 1),
            component=repo,
        )
        for repo, spec in zip(repos, ("==4.48.0", ">=4.51.3"))
    )
    return Conflict(kind="between", items=items, components=repos, subjects=("transformers",))


def test_a_conflict_that_costs_one_more_environment_says_how_many() -> None:
    head = _conflict_head(_between("InternEvo", "OpenRLHF"), 2, here=False)
    assert head == "no single transformers for InternEvo and OpenRLHF -> two environments"


def test_a_conflict_beside_one_environment_names_no_count() -> None:
    head = _conflict_head(_between("InternEvo", "OpenRLHF"), 1, here=False)
    assert head == "no single transformers for InternEvo and OpenRLHF"
