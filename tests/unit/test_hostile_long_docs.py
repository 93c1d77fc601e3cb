"""A document stating the same bounds thousands of times (a README of 8,000 sections, each
"CANN >= 8.0.RC1" and a torch pin): each prose statement was held against every statement of
its subject (``repeats._within``), quadratic: 3.5 s at 2,000 sections, 49 s at 8,000. Only the
first statement of each hardness and set of bounds can be the one ``_within`` picks (the
first of the widest), so only those are held against; the merge is unchanged."""

from __future__ import annotations

import random

from bringup.model import Requirement, Source
from bringup.scan.repeats import _bounds, _stated, _within, merge_repeats

SPECS = [">=8.0", ">=8.0,<9", ">=8.0,<8.5", "==8.0.1", "~=8.0.0", ">=7.0", "<9", "", "==8.*"]


def _requirement(spec: str, line: int, hard: bool) -> Requirement:
    source = Source(kind="file", ref="README.md", line=line)
    return Requirement(subject="cann", spec=spec, component="r", source=source, hard=hard)


def test_repeated_bounds_are_held_against_once() -> None:
    same = [_requirement(">=8.0,<9", line, True) for line in range(1, 3001)]
    stated = _stated(same)
    assert len(stated.every["cann"]) == 3000
    assert [r.source.line for r, _ in stated.distinct["cann"]] == [1]
    (merged,) = merge_repeats(same, {})
    assert len(merged.also_at) == 2999


def test_within_picks_what_a_scan_of_every_statement_picked() -> None:
    """``_within`` against the scan it replaces, on mixed specs and hardness."""
    pick = random.Random(7)
    requirements = [
        _requirement(pick.choice(SPECS), line, pick.random() < 0.5) for line in range(1, 400)
    ]
    stated = _stated(requirements)
    for mine_of in requirements[:60]:
        mine = _bounds(mine_of)
        for hard in (True, False):
            for soft_only in (True, False):
                every = [
                    (r, _bounds(r))
                    for r in requirements
                    if (r.hard or not hard) and not (soft_only and r.hard) and mine
                ]
                wider = [(r, b) for r, b in every if mine < b]
                expected = max(wider, key=lambda found: len(found[1]), default=(None,))[0]
                got = _within("cann", hard, mine, stated, soft_only=soft_only)
                assert got is expected
