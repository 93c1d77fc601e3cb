"""``bringup solve`` for people and scripts: the environments with each pin and what chose it,
the minimal conflicts that forced the split, what the host rules out, and under ``--what-if``
which repos change verdict and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import msgspec

from bringup.model.plan import Target
from bringup.model.resolution import Resolution, WhatIf
from bringup.report.layout import print_wrapped
from bringup.report.wording import (
    explain_conflict,
    explain_hardware,
    explain_unverified,
    explain_verdict,
    number_word,
)
from bringup.subjects import display_name

if TYPE_CHECKING:
    from bringup.report.console import Writer

_ORIGIN = {
    "installed": "installed",
    "release": "release",
    "host": "this machine",
    "what-if": "what-if",
    "index": "package index",
    "unverified": "not in the knowledge base (unverified)",
}


def _changes(report: WhatIf) -> list[str]:
    """One line per repo whose verdict changes: before -> after, and why (the after side's
    reasons, which carry their sources). Repos that keep their verdict with other pins or
    other obstacles come after, in one line each."""
    moved = [c for c in report.changed if c.before.status != c.after.status]
    kept = [c for c in report.changed if c.before.status == c.after.status]
    lines = []
    for change in moved:
        unplaced = next(
            (u for u in report.resolution.unplaced if u.component == change.component), None
        )
        why = (
            explain_conflict(unplaced.conflict)
            if unplaced is not None and unplaced.conflict is not None
            else explain_verdict(change.after)
        )
        lines.append(f"{change.component}: {change.before.status} -> {change.after.status}: {why}")
    lines += [
        f"{change.component}: still {change.after.status}, now {explain_verdict(change.after)}"
        for change in kept
    ]
    return lines


def render_solve(
    console: Writer, base: Resolution, report: Optional[WhatIf], target: Optional[Target] = None
) -> None:
    """Wrapped to the console's width under hanging indents (80 columns when piped)."""
    from bringup.report.styled import escape

    shown = report.resolution if report is not None else base
    if target is not None:
        print_wrapped(console, f"planned for --target {target.name}", indent=2)
    if report is not None:
        asked = ", ".join(f"{k}={v}" for k, v in report.changes)
        console.print(
            f"[bold]what if {escape(asked)}[/bold]: {report.environments_before} -> "
            f"{report.environments_after} environment(s)"
        )
        for line in _changes(report) or ["no repo changes verdict"]:
            print_wrapped(console, line, indent=4, first=2)
        console.print()
    count = len(shown.environments)
    console.print(f"[bold]{number_word(count)} environment{'s' if count != 1 else ''}[/bold]")
    for env in shown.environments:
        console.print()
        head = f"  [bold]environment {env.index}[/bold]: "
        width = len(f"  environment {env.index}: ")
        names = ", ".join(env.components)
        print_wrapped(console, names, indent=width, head=head, head_width=width)
        for pin in env.pins:
            what = f"{display_name(pin.subject)} {pin.version or '(any)'}"
            print_wrapped(
                console,
                f"{_ORIGIN[pin.origin]}: {pin.source}",
                indent=8,
                head=f"    {escape(what)}  ",
                head_width=6 + len(what),
                style="dim",
            )
    if shown.conflicts:
        console.print(f"\n[bold]why {number_word(count)}[/bold]")
        for n, conflict in enumerate(shown.conflicts, start=1):
            print_wrapped(console, f"{n}. " + explain_conflict(conflict, count), indent=5, first=2)
    if shown.unplaced:
        console.print("\n[bold]cannot run on this machine[/bold]")
    for unplaced in shown.unplaced:
        reason = (
            explain_conflict(unplaced.conflict)
            if unplaced.conflict is not None
            else f"{unplaced.component}: no environment holds it"
        )
        print_wrapped(console, reason, indent=4, first=2)
    if shown.hardware:
        console.print("\n[bold]the hardware rules out[/bold]")
        for block in shown.hardware:
            print_wrapped(console, explain_hardware(block), indent=4, first=2)
    later = list(shown.unverified) + list(shown.caveats)
    if later:
        console.print("\n[bold]not checked here[/bold]")
        for item in later:
            print_wrapped(console, explain_unverified(item), indent=4, first=2)
    if not shown.optimal:
        console.print("\n[yellow]the search for the best pins stopped at its time limit[/yellow]")


def solve_data(
    base: Resolution, report: Optional[WhatIf], target: Optional[Target] = None
) -> dict[str, Any]:
    shown = report.resolution if report is not None else base
    count = len(shown.environments)
    data: dict[str, Any] = {
        "environments": count,
        "conflicts": [explain_conflict(c, count) for c in shown.conflicts],
        "resolution": msgspec.to_builtins(shown),
    }
    if target is not None:
        data["target"] = msgspec.to_builtins(target)
    if report is not None:
        data["what_if"] = {
            "changes": [list(pair) for pair in report.changes],
            "changed": _changes(report),
            "environments_before": report.environments_before,
            "environments_after": report.environments_after,
            "verdict_changes": msgspec.to_builtins(report.changed),
        }
    return data
