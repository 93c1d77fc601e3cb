"""``bringup check`` for people (Rich) and for scripts (the JSON envelope's data): the verdict
per repo, why the environments split, the version-matching table, the plan at this hardware
tier and the next actions. Every piece of data is escaped before it meets Rich markup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from bringup.model import Component, Snapshot, keys
from bringup.model.plan import Plan
from bringup.model.resolution import Resolution, Verdict
from bringup.solve.explain import (
    explain_conflict,
    explain_hardware,
    explain_unverified,
    explain_verdict,
    format_spec,
    number_word,
)
from bringup.solve.subjects import display_name
from bringup.versions import SpecifierSet, scheme_for

if TYPE_CHECKING:
    from rich.console import Console

COLUMNS = (
    "cann",
    "ascend_driver",
    "python",
    "gcc",
    "cmake",
    "cxx_standard",
    "torch",
    "torch_npu",
    "cuda",
    "nvidia_driver",
)
"""Subjects shown first in the version-matching table, when any repo states them."""

_MARK = {"ok": "", "violated": " ✗", "hardware": " ✗", "unverified": " ?"}
_STATUS_STYLE = {"run": "green", "skip": "yellow", "blocked": "red"}
_CATEGORY = {
    "build": "builds that need no device",
    "test": "tests that need no device",
    "convert": "model conversion with the toolkit only",
    "cpu_reference": "CPU reference runs",
}


def tier_text(plan: Plan) -> str:
    tier = plan.tier
    if not tier.devices:
        unknown = f" (could not count: {', '.join(tier.unknown)})" if tier.unknown else ""
        return f"no accelerator: tier 0{unknown}"
    groups = ", ".join(
        f"{g.count} x {g.vendor}" + (f" {'/'.join(g.chips)}" if g.chips else "")
        for g in tier.devices
    )
    return f"{groups}: tier {tier.level}"


def verdict_line(verdict: Verdict, plan: Plan) -> str:
    """The repo's verdict, with the steps this machine skips for lack of hardware."""
    text = explain_verdict(verdict)
    skipped = [s for s in plan.steps if s.component == verdict.component and s.status == "skip"]
    if skipped and verdict.status in ("runs", "runs_after"):
        steps = "step needs" if len(skipped) == 1 else "steps need"
        text += f"; {len(skipped)} device {steps} other hardware"
    if verdict.environment is not None:
        text += f" [environment {verdict.environment}]"
    return text


def python_notes(resolution: Resolution, snapshot: Snapshot) -> list[str]:
    """Repos whose environment cannot use the default python3, and what it uses instead."""
    default = snapshot.value(keys.PYTHON_DEFAULT)
    if not isinstance(default, str):
        return []
    notes = []
    noted: set[str] = set()
    for check in resolution.checks:
        if check.subject != "python" or not check.hard or check.environment is None:
            continue
        if check.component in noted:
            continue
        if SpecifierSet(check.spec, scheme_for("python")).contains(default):
            continue
        env = next(e for e in resolution.environments if e.index == check.environment)
        pin = env.pin("python")
        if pin is None:
            continue
        where = f" ({pin.source})" if pin.installed else " (to install)"
        noted.add(check.component)
        notes.append(
            f"{check.component} needs Python {format_spec(check.spec)} ({check.source}): the "
            f"default python3 is {default}; environment {env.index} uses Python "
            f"{pin.version}{where}"
        )
    return notes


def _columns(resolution: Resolution) -> list[str]:
    stated = {
        c.subject
        for c in resolution.checks
        if c.status in ("ok", "violated", "hardware", "unverified") and c.hard
    }
    first = [s for s in COLUMNS if s in stated]
    return first + sorted(stated - set(first))[: max(0, 10 - len(first))]


def _cell(resolution: Resolution, component: str, subject: str) -> str:
    parts = []
    for check in resolution.checks:
        if check.component == component and check.subject == subject and check.hard:
            parts.append(format_spec(check.spec, subject) + _MARK.get(check.status, ""))
    return "; ".join(dict.fromkeys(parts))


def _machine_cell(resolution: Resolution, snapshot: Snapshot, subject: str) -> str:
    value = resolution.host_value(subject)
    if value is not None:
        return ", ".join(value.values) if value.status == "ok" else value.status
    if subject == "python":
        default = snapshot.value(keys.PYTHON_DEFAULT)
        return f"{default} (default)" if default else ""
    found = {
        "cann": [t.version for t in snapshot.toolkits if t.kind == "cann-toolkit"],
        "cuda": [t.version for t in snapshot.toolkits if t.kind == "cuda"],
        "gcc": [str(snapshot.value(keys.GCC) or "")],
        "cmake": [str(snapshot.value(keys.CMAKE) or "")],
    }.get(subject, [])
    return ", ".join(v for v in found if v) or "-"


def render_table(console: Console, resolution: Resolution, snapshot: Snapshot) -> None:
    """Repos by subjects: what each states (✗ not met here, ? not checkable), then each
    environment's pins, then what this machine has."""
    from rich.markup import escape
    from rich.table import Table

    columns = _columns(resolution)
    if not columns:
        return
    table = Table(title="version matching", title_justify="left", pad_edge=False)
    table.add_column("")
    for subject in columns:
        table.add_column(escape(display_name(subject)), overflow="fold")
    for verdict in resolution.verdicts:
        name = verdict.component
        table.add_row(escape(name), *(escape(_cell(resolution, name, s)) for s in columns))
    for env in resolution.environments:
        cells = []
        for subject in columns:
            pin = env.pin(subject)
            cells.append("" if pin is None else pin.version + ("" if pin.installed else " +"))
        table.add_row(f"[bold]environment {env.index}[/bold]", *(escape(c) for c in cells))
    table.add_row(
        "[bold]this machine[/bold]",
        *(escape(_machine_cell(resolution, snapshot, s)) for s in columns),
    )
    console.print(table)
    console.print("  [dim]✗ not met here · ? not checkable here · + to install[/dim]")


def _step_numbers(plan: Plan, names: Sequence[str]) -> str:
    """``steps 1, 5, 6 now; 8, 9 after the installs below`` for a group of plan steps."""
    wanted = set(names)
    steps = [s for s in plan.steps if f"{s.component}:{s.name}" in wanted]
    now = [str(s.order) for s in steps if s.status == "run"]
    later = [str(s.order) for s in steps if s.status == "blocked"]
    parts = []
    if now:
        parts.append(f"{', '.join(now)} now")
    if later:
        parts.append(f"{', '.join(later)} after the actions below")
    word = "step" if len(steps) == 1 else "steps"
    return f"{word} " + "; ".join(parts)


def render_plan(console: Console, plan: Plan) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"plan ({tier_text(plan)})", title_justify="left", pad_edge=False)
    for name in ("#", "repo", "step", "status", "why / next"):
        table.add_column(name, overflow="fold")
    for step in plan.steps:
        why = step.reason or ""
        style = _STATUS_STYLE[step.status]
        table.add_row(
            str(step.order),
            escape(step.component),
            escape(step.name),
            f"[{style}]{step.status}[/{style}]",
            escape(why),
        )
    console.print(table)
    if plan.tier.level == 0 and plan.can_do:
        console.print("\n[bold]What this machine can still do without an accelerator[/bold]")
        for group in plan.can_do:
            console.print(
                f"  {_CATEGORY[group.category]}: " + escape(_step_numbers(plan, group.steps))
            )
    for note in plan.notes:
        console.print("  [yellow]note[/yellow] " + escape(note))


def render_check(
    console: Console,
    *,
    components: Sequence[Component],
    findings: Sequence[Any],
    snapshot: Snapshot,
    resolution: Resolution,
    plan: Plan,
) -> None:
    """The whole answer, most important first."""
    from rich.markup import escape

    host = ", ".join(
        str(v)
        for v in (snapshot.value(keys.ARCH), snapshot.value(keys.OS_PRETTY_NAME))
        if v is not None
    )
    origin = {"live": "this machine", "replay": "a recorded host", "report": "a pasted report"}
    count = len(resolution.environments)
    console.print(
        f"[bold]bringup check[/bold]: {len(components)} repos on {origin[snapshot.origin]} "
        f"({escape(host)}); {escape(tier_text(plan))}; "
        f"{number_word(count)} environment{'s' if count != 1 else ''}"
    )
    console.print()
    width = max((len(v.component) for v in resolution.verdicts), default=0)
    for verdict in resolution.verdicts:
        style = {"runs": "green", "runs_after": "cyan"}.get(verdict.status, "red")
        console.print(
            f"  [{style}]{escape(verdict.component.ljust(width))}[/{style}]  "
            + escape(verdict_line(verdict, plan))
        )
    for note in python_notes(resolution, snapshot):
        console.print("  [yellow]python[/yellow] " + escape(note))
    if resolution.conflicts:
        console.print(f"\n[bold]Why {number_word(count)} environments[/bold]")
        for n, conflict in enumerate(resolution.conflicts, start=1):
            console.print(f"  {n}. " + escape(explain_conflict(conflict, count)))
    blocked = [u for u in resolution.unplaced if u.conflict is not None]
    if blocked:
        console.print("\n[bold]Cannot run on this machine[/bold]")
        for unplaced in blocked:
            if unplaced.conflict is not None:
                console.print("  " + escape(explain_conflict(unplaced.conflict)))
    if resolution.hardware:
        console.print("\n[bold]What the hardware rules out[/bold]")
        for block in resolution.hardware:
            console.print("  " + escape(explain_hardware(block)))
    console.print()
    render_table(console, resolution, snapshot)
    console.print()
    render_plan(console, plan)
    render_actions(console, resolution, plan)
    if findings:
        console.print(
            f"\n[dim]The scan noted {len(findings)} more things (bringup scan shows them).[/dim]"
        )


def render_actions(console: Console, resolution: Resolution, plan: Plan) -> None:
    from rich.markup import escape

    if plan.actions:
        console.print("\n[bold]Next actions[/bold]")
        for n, action in enumerate(plan.actions, start=1):
            tag = " [dim](bringup up does this)[/dim]" if action.automatic else ""
            console.print(f"  {n}. " + escape(action.text) + tag)
    later = list(resolution.unverified) + list(resolution.caveats)
    if later:
        console.print("\n[bold]Not checked here[/bold]")
        for item in later:
            console.print("  " + escape(explain_unverified(item)))


def check_data(findings: Sequence[Any], resolution: Resolution, plan: Plan) -> dict[str, Any]:
    """The JSON envelope's data: the structured resolution and plan, with the same sentences
    the terminal shows beside them."""
    count = len(resolution.environments)
    return {
        "verdicts": [
            {
                "component": v.component,
                "status": v.status,
                "text": verdict_line(v, plan),
                "environment": v.environment,
            }
            for v in resolution.verdicts
        ],
        "environments": count,
        "conflicts": [explain_conflict(c, count) for c in resolution.conflicts],
        "tier": plan.tier.level,
        "next_actions": [a.text for a in plan.actions],
        "resolution": msgspec.to_builtins(resolution),
        "plan": msgspec.to_builtins(plan),
        "scan_findings": msgspec.to_builtins(list(findings)),
    }
