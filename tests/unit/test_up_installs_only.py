"""A repo whose plan is only installs gets its environment made by ``up``: outsider15 D6
(/work/outsider15/repro.sh, "D6"): a requirements file with ``torch==2.4.1`` and
``torchvision==0.19.1`` (the tester's repos/t24) was "run 1: passed (no steps)", exit 0, and
``env print 1`` said "no environment '1'". The host is the recorded x86_64 machine with a CUDA
toolkit and no driver; a repo that needs other hardware still gets none."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import msgspec

from bringup.model.resolution import Verdict
from bringup.run.indexes import IndexSettings
from bringup.run.outcome import EnvironmentOutcome, RunOutcome
from bringup.run.up import Stack, _run_status, specs_for
from bringup.workflow import check, gather

HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "hosts"
    / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
)


def _stack(tmp_path: Path) -> Stack:
    repo = tmp_path / "t24"
    repo.mkdir()
    (repo / "requirements.txt").write_text("torch==2.4.1\ntorchvision==0.19.1\n", encoding="utf-8")
    inputs = gather([str(repo)], HOST, None)
    result = check(inputs)
    return Stack(
        components=inputs.components,
        snapshot=inputs.snapshot,
        resolution=result.resolution,
        plan=result.plan,
        paths=(str(repo),),
        rules=inputs.rules,
    )


def test_the_installs_of_a_repo_with_no_step_are_made(tmp_path: Path) -> None:
    stack = _stack(tmp_path)
    assert not stack.plan.steps
    specs = specs_for(stack, IndexSettings())
    assert [s.components for s in specs] == [("t24",)]
    assert {"torch==2.4.1", "torchvision==0.19.1"} <= set(specs[0].requirements)


def test_a_repo_that_needs_other_hardware_gets_no_environment(tmp_path: Path) -> None:
    stack = _stack(tmp_path)
    elsewhere = (Verdict(component="t24", status="needs_hardware"),)
    resolution = msgspec.structs.replace(stack.resolution, verdicts=elsewhere)
    assert specs_for(dataclasses.replace(stack, resolution=resolution), IndexSettings()) == []


def test_installs_that_failed_fail_the_run() -> None:
    made = EnvironmentOutcome(
        index=1, components=("t24",), python="3.11", path="/e", status="failed"
    )
    assert _run_status([], [made]) == "failed"
    assert _run_status([], [msgspec.structs.replace(made, status="created")]) == "passed"


def test_the_summary_names_the_environment(tmp_path: Path) -> None:
    from bringup.report.up_text import summary_document

    made = EnvironmentOutcome(
        index=1, components=("t24",), python="3.11", path="/e", status="created"
    )
    outcome = RunOutcome(run_id=1, state_dir="/s", status="passed", environments=(made,), steps=())
    assert "run 1: passed (no steps; environment 1 created)" in str(summary_document(outcome))
