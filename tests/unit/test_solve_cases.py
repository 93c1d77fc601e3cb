"""Every case file in tests/fixtures/solve/ (resolvelib style): requested repos, host,
releases and rules in; the expected environments, pins, conflicts and verdicts out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bringup.model.resolution import ConflictItem, Resolution
from bringup.solve import solve
from solve_inputs import case_inputs, read_case

CASES = sorted((Path(__file__).parent.parent / "fixtures" / "solve").glob("*.toml"))


def _label(item: ConflictItem) -> str:
    if item.kind == "requirement":
        return f"{item.component}:{item.subject}"
    if item.kind == "rule":
        return f"rule:{item.rule_id}"
    return f"host:{item.subject}"


def _check(resolution: Resolution, expected: dict[str, Any]) -> None:
    if "environments" in expected:
        got = [
            (list(env.components), {p.subject: p.version for p in env.pins})
            for env in resolution.environments
        ]
        want = [(e["components"], e.get("pins", {})) for e in expected["environments"]]
        assert [g[0] for g in got] == [w[0] for w in want]
        for (_, pins), (_, wanted) in zip(got, want):
            assert {s: pins.get(s) for s in wanted} == wanted
    if "conflicts" in expected:
        got_conflicts = [sorted(_label(i) for i in c.items) for c in resolution.conflicts]
        assert got_conflicts == [sorted(c) for c in expected["conflicts"]]
    if "unplaced" in expected:
        assert [u.component for u in resolution.unplaced] == expected["unplaced"]
    if "hardware" in expected:
        got_blocks = sorted(f"{b.component}:{b.requirement.subject}" for b in resolution.hardware)
        assert got_blocks == sorted(expected["hardware"])
    if "verdicts" in expected:
        assert {v.component: v.status for v in resolution.verdicts} == expected["verdicts"]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = read_case(path)
    assert case.get("#"), f"{path.name}: say what the case shows in its '#' key"
    components, snapshot, rules, catalogue = case_inputs(case)
    _check(solve(components, snapshot, rules, catalogue), case["expected"])


def test_cases_are_found() -> None:
    assert len(CASES) >= 5
