"""``bringup solve`` for people and scripts: the environments with each pin and what chose it,
the minimal conflicts that forced the split, what the host rules out, and under ``--what-if``
which repos change verdict and why; as a document (``bringup.report.document``) drawn as
terminal text, Markdown or HTML, and as the JSON envelope's data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import msgspec

from bringup.model.plan import KindNeed, Target
from bringup.model.resolution import Resolution, VerdictStatus, WhatIf
from bringup.report.check_text import elsewhere_sentence, set_aside_text
from bringup.report.document import Document, Items, Paragraph, Table, items, section
from bringup.report.styled import Line
from bringup.report.wording import (
    counted,
    explain_conflict,
    explain_hardware,
    explain_unverified,
    explain_verdict,
    number_word,
    unfetched_text,
)
from bringup.subjects import canonical_subject, display_name

_ORIGIN = {
    "installed": "installed",
    "release": "release",
    "host": "this machine",
    "what-if": "what-if",
    "index": "left to the installer",
    "unverified": "not in the knowledge base (unverified)",
}


_STATUS: dict[VerdictStatus, str] = {
    "runs": "runs here",
    "runs_after": "runs after installing",
    "unverified": "unverified",
    "needs_hardware": "needs other hardware",
    "blocked": "blocked",
}
"""A verdict's status in the words of the check table, not the JSON's enum (outsider22b #18:
'ascendc: still runs_after, now ...')."""


def _asked(key: str, value: str, subject: str) -> str:
    """``key=value`` as asked, with the subject it was read as when the key is a short name
    (``driver=24.1.0 (ascend_driver)``)."""
    return f"{key}={value}" + (f" ({subject})" if canonical_subject(key) != subject else "")


def _changes(report: WhatIf, host: str = "this machine") -> list[str]:
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
            explain_conflict(unplaced.conflict, host=host)
            if unplaced is not None and unplaced.conflict is not None
            else explain_verdict(change.after)
        )
        before, after = _STATUS[change.before.status], _STATUS[change.after.status]
        lines.append(f"{change.component}: {before} -> {after}: {why}")
    lines += [
        f"{change.component}: still {_STATUS[change.after.status]}, now "
        f"{explain_verdict(change.after)}"
        for change in kept
    ]
    return lines


_OUT = frozenset({"blocked", "needs_hardware"})


def _counts(report: WhatIf) -> str:
    """``: 2 -> 1 environment``, and the repos the change puts out of the plan: fewer
    environments because repos are blocked is no improvement (outsider23c D8)."""
    out = [
        c.component
        for c in report.changed
        if c.after.status in _OUT and c.before.status not in _OUT
    ]
    after = counted(report.environments_after, "environment")
    lost = f"; {counted(len(out), 'repo')} now blocked ({', '.join(out)})" if out else ""
    return f": {report.environments_before} -> {after}{lost}"


def solve_document(
    base: Resolution,
    report: Optional[WhatIf],
    target: Optional[Target] = None,
    elsewhere: Sequence[KindNeed] = (),
) -> Document:
    """The environments with each pin and what chose it, why there are that many, what
    cannot run here, what the hardware rules out and what could not be checked; under
    ``--what-if``, which repos change verdict first; for a ``--target``, its name and the
    repos that cannot run on it (``elsewhere``)."""
    shown = report.resolution if report is not None else base
    count = len(shown.environments)
    host = "the target" if target is not None else "this machine"
    said = counted(count, "environment", spelled=True)
    if target is not None:
        said += f", planned for --target {target.name}"
    else:
        said += " on this host, taking what it has installed first"
    if report is not None:
        asked = ", ".join(
            _asked(key, value, subject)
            for (key, value), (subject, _v) in zip(report.changes, report.resolution.what_if)
        )
        title = Line(f"what if {asked}", "bold").append(_counts(report))
        changes = [Line(line) for line in _changes(report, host) or ["no repo changes verdict"]]
        document = Document(title, [Items(tuple(changes)), section(said)])
    else:
        document = Document(Line(said, "bold"))
    for env in shown.environments:
        rows = tuple(
            (
                Line(f"{display_name(pin.subject)} {pin.version or '(any)'}"),
                Line(f"{_ORIGIN[pin.origin]}: {pin.source}", "dim"),
            )
            for pin in env.pins
        )
        document.add(
            section(
                f"environment {env.index}",
                Paragraph(Line(", ".join(env.components))),
                Table(("pin", "chosen by"), rows) if rows else None,
            )
        )
    conflicts = [Line(explain_conflict(c, count, host)) for c in shown.conflicts]
    unplaced = [
        Line(
            explain_conflict(u.conflict, host=host)
            if u.conflict is not None
            else f"{u.component}: no environment holds it"
        )
        for u in shown.unplaced
    ]
    aside = [Line(set_aside_text(c)) for c in shown.set_aside]
    hardware = [Line(explain_hardware(block, host)) for block in shown.hardware]
    later = [Line(explain_unverified(item)) for item in (*shown.unverified, *shown.caveats)]
    later += [
        Line(f"{v.component}: {unfetched}")
        for v in shown.verdicts
        if (unfetched := unfetched_text(v.obstacles)) is not None
    ]
    document.add(
        section(f"why {number_word(count)}", items(conflicts, ordered=True)) if conflicts else None,
        section(
            "not planned for the target", items([Line(elsewhere_sentence(e)) for e in elsewhere])
        )
        if elsewhere
        else None,
        section(f"cannot run on {host}", items(unplaced)) if unplaced else None,
        section("set aside from the plan (the repo runs once they are resolved)", items(aside))
        if aside
        else None,
        section("the hardware rules out", items(hardware)) if hardware else None,
        section("not checked here", items(later)) if later else None,
    )
    if not shown.optimal:
        stopped = "the search for the best pins stopped at its time limit"
        document.add(Paragraph(Line(stopped, "yellow")))
    return document


def solve_data(
    base: Resolution,
    report: Optional[WhatIf],
    target: Optional[Target] = None,
    elsewhere: Sequence[KindNeed] = (),
) -> dict[str, Any]:
    shown = report.resolution if report is not None else base
    count = len(shown.environments)
    data: dict[str, Any] = {
        "environments": count,
        "conflicts": [explain_conflict(c, count) for c in shown.conflicts],
        "set_aside": [
            {**msgspec.to_builtins(c), "text": set_aside_text(c)} for c in shown.set_aside
        ],
        "resolution": msgspec.to_builtins(shown),
    }
    if target is not None:
        data["target"] = msgspec.to_builtins(target)
        data["elsewhere"] = [
            {**msgspec.to_builtins(e), "text": elsewhere_sentence(e)} for e in elsewhere
        ]
    if report is not None:
        data["what_if"] = {
            "changes": [list(pair) for pair in report.changes],
            "read_as": [list(pair) for pair in report.resolution.what_if],
            "changed": _changes(report),
            "environments_before": report.environments_before,
            "environments_after": report.environments_after,
            "verdict_changes": msgspec.to_builtins(report.changed),
        }
    return data
