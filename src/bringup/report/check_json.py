"""``bringup check --json``'s data: the design for the target, each verdict with its row of
the table (``check_rows``), the conflicts the text numbers (``check_why.numbered``), the
structured resolution and plan, each with the sentence the terminal shows beside it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import msgspec

from bringup.model.plan import Design, Plan
from bringup.model.resolution import Resolution
from bringup.plan.design import placed_sentence
from bringup.report.action_wording import action_text
from bringup.report.check_actions import target_driver_changes
from bringup.report.check_rows import Row, rows
from bringup.report.check_text import (
    design_line,
    elsewhere_sentence,
    hosts_sentence,
    other_kind_sentence,
    set_aside_text,
    verdict_line,
)
from bringup.report.check_why import Numbered, numbered
from bringup.report.reason_wording import reason_text
from bringup.report.wording import explain_conflict


def plan_data(plan: Plan) -> dict[str, Any]:
    """The plan as JSON data, each reason and action with its sentence beside it (``text``)."""
    data: dict[str, Any] = msgspec.to_builtins(plan)
    for step, step_data in zip(plan.steps, data.get("steps", ())):
        if step.reason is not None:
            step_data["reason"]["text"] = reason_text(step.reason, step.actions)
        for action, action_data in zip(step.actions, step_data.get("actions", ())):
            action_data["text"] = action_text(action)
    for action, action_data in zip(plan.actions, data.get("actions", ())):
        action_data["text"] = action_text(action)
    return data


def _host_kinds(design: Design) -> dict[str, Any]:
    if not (design.hosts[1:] or design.elsewhere):
        return {}
    return {
        "hosts": msgspec.to_builtins(design.hosts),
        "hosts_text": hosts_sentence(design),
        "elsewhere": [
            {**msgspec.to_builtins(e), "text": elsewhere_sentence(e)} for e in design.elsewhere
        ],
    }


def design_data(design: Design) -> dict[str, Any]:
    """The design as JSON data: the target, its environments, each reason two repos cannot
    share one (typed, with its sentence) and the lines set aside; when the repos are for
    several kinds of host, or some cannot run on the target, the kinds of host and those
    repos (typed, with their sources and sentences)."""
    return {
        **_host_kinds(design),
        "target": msgspec.to_builtins(design.target),
        "text": design_line(design),
        "environments": msgspec.to_builtins(design.resolution.environments),
        "apart": [
            {**msgspec.to_builtins(apart), "text": explain_conflict(apart.reason.conflict)}
            for apart in design.apart
            if apart.reason.conflict is not None
        ],
        "placed": [
            {**msgspec.to_builtins(fit), "text": placed_sentence(fit, design.resolution)}
            for fit in design.resolution.fits
        ],
        "set_aside": [
            {**msgspec.to_builtins(conflict), "text": set_aside_text(conflict)}
            for conflict in design.resolution.set_aside
        ],
        "other_kinds": [
            {**msgspec.to_builtins(o), "text": other_kind_sentence(design, o)}
            for o in design.other_kinds
        ],
        "host": msgspec.to_builtins(design.resolution.host),
        "hardware": msgspec.to_builtins(design.resolution.hardware),
    }


def check_data(
    findings: Sequence[Any],
    resolution: Resolution,
    plan: Plan,
    design: Design,
    roots: Optional[dict[str, str]] = None,
) -> dict[str, Any]:
    """The JSON envelope's data: the design for the target, the structured resolution and
    plan here, with the same sentences the terminal shows beside them. Each verdict carries
    its row of the table (``check_rows``: ``on_target``, ``reason``, ``skipped``,
    ``apart_from``, ``splits``, ``conflicts``, ``here``); ``conflicts`` are the conflicts the
    screenful numbers, each with its number, what it does (``role``), heading and items
    (``roots``: each repo's folder, its sources cited relative to it as the text does)."""
    count = len(resolution.environments)
    conflicts = numbered(resolution, design)
    table = rows(resolution, plan, roots or {}, conflicts, design)
    return {
        "design": design_data(design),
        "verdicts": [
            {
                "component": v.component,
                "status": v.status,
                "text": verdict_line(v, plan),
                "environment": v.environment,
                **row_data(row),
            }
            for v, row in zip(resolution.verdicts, table)
        ],
        "environments": count,
        "conflicts": [
            conflict_data(c, explain_conflict(c.conflict, count, _host(c.here))) for c in conflicts
        ],
        "tier": plan.tier.level,
        # the target's driver change first, as the screenful says it
        "next_actions": [*target_driver_changes(design), *(action_text(a) for a in plan.actions)],
        "resolution": msgspec.to_builtins(resolution),
        "plan": plan_data(plan),
        "scan_findings": msgspec.to_builtins(list(findings)),
    }


def _host(here: bool) -> str:
    return "this machine" if here else "the target"


def row_data(row: Row) -> dict[str, Any]:
    """A repo's row of the table as JSON fields: ``on_target`` (null without a named
    target), the ``on this machine`` cell (``here``) and what makes it."""
    data: dict[str, Any] = msgspec.to_builtins(row)
    data.pop("component")
    data.setdefault("on_target", None)
    data["here"] = row.here
    return data


def conflict_data(numbered: Numbered, text: str) -> dict[str, Any]:
    """A numbered conflict as JSON: its number, ``role`` (``split``: why the target needs
    its environments; ``split_here``: it keeps repos apart on this machine only;
    ``blocked``: one repo's lines no environment here holds; ``set_aside``: one repo's lines
    left out of its plan on the target), the heading the text prints, its items with their
    sources and its sentence."""
    return {
        "number": numbered.number,
        "role": numbered.role,
        "heading": numbered.heading,
        **msgspec.to_builtins(numbered.conflict),
        "text": text,
    }
