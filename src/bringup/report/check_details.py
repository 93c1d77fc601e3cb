"""Everything ``bringup check`` knows, as ``--details`` shows it (or, with a repo's name,
that repo's part of it): every verdict in full, why the environments split, what the
hardware rules out, the version-matching tables with every file and line, the environments
beside this machine, every step of the plan with why it is skipped or blocked, every next
action and what could not be checked here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from bringup.model import Component, Snapshot
from bringup.model.plan import Action, Design, Plan
from bringup.model.resolution import Resolution
from bringup.report.check_actions import action_groups
from bringup.report.check_text import (
    CATEGORY,
    python_notes,
    set_aside_text,
    step_numbers,
    step_text,
    tier_text,
    verdict_line,
)
from bringup.report.document import Document, Paragraph, Section, Table, items, section
from bringup.report.matching_text import environments_section, matching_section, relative
from bringup.report.reason_wording import OnceSaid
from bringup.report.styled import Line
from bringup.report.verdict_wording import explain_hardware, explain_unverified
from bringup.report.wording import counted, distinct_conflicts, explain_conflict

STATUS_STYLE = {"run": "green", "skip": "yellow", "blocked": "red"}
_VERDICT_STYLE = {"runs": "green", "runs_after": "cyan", "unverified": "yellow"}


def details(
    document: Document,
    *,
    components: Sequence[Component],
    snapshot: Snapshot,
    resolution: Resolution,
    plan: Plan,
    design: Design,
    findings: int,
    only: Optional[str] = None,
) -> None:
    """Fill ``document`` with every section, or with ``only``'s part of each: why the
    target needs its environments (every two repos kept apart, with the whole conflict),
    then this machine's verdicts, conflicts, hardware, tables, plan and actions."""

    def mine(names: Sequence[str]) -> bool:
        return only is None or only in names

    count = len(design.resolution.environments)
    verdicts = tuple(
        (
            Line(v.component, _VERDICT_STYLE.get(v.status, "red")),
            Line(verdict_line(v, plan)),
        )
        for v in resolution.verdicts
        if mine((v.component,))
    )
    notes = [
        Paragraph(Line(note), head=Line("python", "yellow"))
        for component, note in python_notes(resolution, snapshot)
        if mine((component,))
    ]
    apart = [a.reason.conflict for a in design.apart if a.reason.conflict is not None]
    # why the target has its environments: the conflicts that split its plan; a conflict of
    # this machine's with a repo the target cannot run, or where the target has one
    # environment, splits this machine's plan only
    away = {e.component for e in design.elsewhere}
    splits = [
        c
        for c in distinct_conflicts((*apart, *resolution.conflicts))
        if c in apart or (count > 1 and c.kind == "between" and not set(c.components) & away)
    ]
    conflicts = [
        Line(f"{', '.join(c.components)}: {explain_conflict(c, count)}")
        for c in splits
        if mine(c.components)
    ]
    others = [
        Line(f"{', '.join(c.components)}: {explain_conflict(c, len(resolution.environments))}")
        for c in distinct_conflicts(resolution.conflicts)
        if c not in splits and mine(c.components)
    ]
    set_aside = [Line(set_aside_text(c)) for c in design.resolution.set_aside if mine(c.components)]
    alone = [
        Line(explain_conflict(c))
        for u in resolution.unplaced
        if mine((u.component,))
        for c in u.reasons
    ]
    hardware = [Line(explain_hardware(b)) for b in resolution.hardware if mine((b.component,))]
    later = [
        Line(explain_unverified(u))
        for u in (*resolution.unverified, *resolution.caveats)
        if only is None or u.component == only
    ]
    document.add(
        section("Repos", Table(("repo", "verdict"), verdicts), *notes),
        section(
            f"Why {counted(count, 'environment', spelled=True)}", items(conflicts, ordered=True)
        )
        if conflicts
        else None,
        section("Conflicts", items(others, ordered=True)) if others else None,
        section("Set aside from the plan", items(set_aside)) if set_aside else None,
        section("Cannot run on this machine", items(alone)) if alone else None,
        section("What the hardware rules out", items(hardware)) if hardware else None,
        matching_section(resolution, components, only),
        environments_section(resolution, snapshot),
        _plan(plan, components, only),
        _actions(plan, only),
        section("Not checked here", items(later)) if later else None,
    )
    if findings and only is None:
        document.add(
            Paragraph(
                Line(
                    f"The scan noted {counted(findings, 'more thing')} (bringup scan shows them).",
                    "dim",
                )
            )
        )


def _beside(component: Optional[Component]) -> Optional[Paragraph]:
    """The sub-projects whose steps the plan leaves out: their needs are not this repo's
    verdict (``scan.runscopes``), so their steps are not this repo's plan."""
    scopes = [s for s in component.scopes if s.steps and not s.feature] if component else []
    if not scopes:
        return None
    listed = ", ".join(f"{s.name} ({counted(len(s.steps), 'step')})" for s in scopes)
    return Paragraph(
        Line(
            f"not in this plan: {listed}, sub-projects with needs of their own (bringup scan "
            "shows them)",
            "dim",
        )
    )


def _plan(plan: Plan, components: Sequence[Component], only: Optional[str]) -> Section:
    """Steps in bring-up order under their repo: number, status, the command and the file
    and line it comes from, then why it is skipped or blocked."""
    roots = {c.name: c.path for c in components}
    width = len(str(len(plan.steps)))
    repos: list[Section] = []
    for name in dict.fromkeys(s.component for s in plan.steps):
        if only is not None and name != only:
            continue
        steps = [s for s in plan.steps if s.component == name]
        root = roots.get(name, name)
        rows = tuple(
            (
                Line(str(s.order).rjust(width)),
                Line(s.status.ljust(7), STATUS_STYLE[s.status]),
                Line(step_text(s), "code").append(f"  ({relative(s.source, root)})"),
            )
            for s in steps
        )
        said = OnceSaid()
        notes = tuple(
            Line(said(s) or "", STATUS_STYLE[s.status]) if s.reason else None for s in steps
        )
        env = steps[0].environment
        where = f" · environment {env}" if env else ""
        repos.append(
            section(
                name,
                Table(("#", "status", "step"), rows, notes, note_title="why"),
                _beside(next((c for c in components if c.name == name), None)),
                detail=f"{root}{where}",
            )
        )
    blocks: list[Optional[Section | Paragraph]] = list(repos)
    if plan.tier.level == 0 and plan.can_do and only is None:
        done = [
            Line(f"{CATEGORY[group.category]}: {step_numbers(plan, group.steps)}")
            for group in plan.can_do
        ]
        blocks.append(section("What this machine can still do without an accelerator", items(done)))
    blocks += [Paragraph(Line(note), head=Line("note", "yellow")) for note in plan.notes]
    return section(f"Plan ({tier_text(plan)}), in bring-up order", *blocks)


_NAMED = 12
"""Packages of one environment's install the details' next actions name before counting."""


def _actions(plan: Plan, only: Optional[str]) -> Optional[Section]:
    def concerns(action: Action) -> bool:
        if only is None or action.component == only:
            return True
        return any(s.component == only and action in s.actions for s in plan.steps)

    # every package uv installs into an environment is one action, past a dozen counted (each
    # pin is in the tables above): InternVL's 181 pins were 181 actions (outside tester 25, D10)
    concerned = [a for a in plan.actions if concerns(a)]
    lines = [Line(text) for text, _ in action_groups(concerned, named=_NAMED)]
    return section("Next actions", items(lines, ordered=True)) if lines else None
