"""A run in which no step ran, none passed before and no environment was made did nothing the
user asked: "nothing ran", exit 1, not "passed" with exit 0 (/work/notes/outsider25.md, D12:
nano-chat-NPU's only step, ``python -m pip install -e .`` from pyproject.toml:21 of
zhonganbi102-netizen/nano-chat-NPU@fe64c6dd, skipped for other hardware). The stack below is
constructed: one repo whose one step the plan skips."""

from __future__ import annotations

import io
from pathlib import Path

from bringup.model import Component, file_source
from bringup.model.plan import Plan, PlanStep, Tier
from bringup.model.resolution import Resolution
from bringup.model.snapshot import Snapshot
from bringup.report.console import PlainWriter
from bringup.report.document_text import render_document
from bringup.report.up_text import summary_document
from bringup.run.indexes import IndexSettings
from bringup.run.up import Stack, UpOptions, bring_up


def _skipped(repo: Path) -> Stack:
    step = PlanStep(
        order=1,
        component="nano-chat-NPU",
        name="install",
        kind="install",
        argv=("python", "-m", "pip", "install", "-e", "."),
        status="skip",
        source=file_source("pyproject.toml", 21),
    )
    component = Component(name="nano-chat-NPU", path=str(repo), role="other")
    return Stack(
        components=(component,),
        snapshot=Snapshot(taken_at="2026-12-05T00:00:00+00:00", origin="live"),
        resolution=Resolution(),
        plan=Plan(tier=Tier(level=0), order=("nano-chat-NPU",), steps=(step,)),
        paths=(str(repo),),
    )


def test_every_step_skipped_is_nothing_ran_not_passed(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    outcome = bring_up(
        _skipped(repo),
        UpOptions(state=tmp_path / "state", offline=True),
        reason_text=lambda _: "needs arch aarch64; this machine has arch x86_64",
        on_start=lambda _: None,
        on_end=lambda _: None,
        settings=IndexSettings(),
    )
    assert outcome.status == "nothing ran"
    out = io.StringIO()
    render_document(PlainWriter(out, width=200), summary_document(outcome))
    # the installs wait for a step that runs here: the run says none were done (outsider40 D14)
    assert "run 1: nothing ran (1 skipped; no environment made, nothing installed)" in (
        out.getvalue()
    )
    assert "passed" not in out.getvalue()


def test_a_plan_with_no_step_passes(tmp_path: Path) -> None:
    """A docs or config repo in a stack has no step to skip: its run is no failure (review 25b
    M3: an empty plan said "nothing ran ()" and exited 1). The stack is constructed."""
    repo = tmp_path / "repo"
    repo.mkdir()
    stack = _skipped(repo)
    empty = Stack(
        components=stack.components,
        snapshot=stack.snapshot,
        resolution=stack.resolution,
        plan=Plan(tier=Tier(level=0), order=("nano-chat-NPU",), steps=()),
        paths=stack.paths,
    )
    outcome = bring_up(
        empty,
        UpOptions(state=tmp_path / "state", offline=True),
        reason_text=lambda _: "",
        on_start=lambda _: None,
        on_end=lambda _: None,
        settings=IndexSettings(),
    )
    assert outcome.status == "passed"
    out = io.StringIO()
    render_document(PlainWriter(out, width=200), summary_document(outcome))
    assert "run 1: passed (no steps)" in out.getvalue()
