"""``bringup solve`` for people and scripts: the environments with each pin and what chose it,
the minimal conflicts that forced the split, what the host rules out, and under ``--what-if``
which repos change verdict and why; as a document (``bringup.report.document``) drawn as
terminal text, Markdown or HTML, and as the JSON envelope's data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Optional

import msgspec

from bringup.model.plan import KindNeed, Target
from bringup.model.resolution import Conflict, Resolution, Verdict, VerdictStatus, WhatIf
from bringup.report.check_text import elsewhere_sentence, set_aside_text
from bringup.report.check_why import ConflictRole
from bringup.report.document import Document, Items, Paragraph, Table, items, section
from bringup.report.styled import Line
from bringup.report.verdict_wording import (
    explain_hardware,
    explain_unverified,
    explain_verdict,
    unfetched_text,
)
from bringup.report.wording import counted, explain_conflict, number_word
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
    reasons, which carry their sources: every minimal reason the what-ifs cause, one each).
    Repos that keep their verdict with other pins or other obstacles come after, in one
    line each, with the reasons no environment holds them when their status hides that
    (needs other hardware, and now blocked too)."""
    moved = [c for c in report.changed if c.before.status != c.after.status]
    kept = [c for c in report.changed if c.before.status == c.after.status]
    reasons = {
        u.component: "; ".join(explain_conflict(c, host=host) for c in u.reasons)
        for u in report.resolution.unplaced
        if u.reasons
    }
    lines = []
    for change in moved:
        why = reasons.get(change.component) or explain_verdict(change.after)
        before, after = _STATUS[change.before.status], _STATUS[change.after.status]
        lines.append(f"{change.component}: {before} -> {after}: {why}")
    for change in kept:
        still = _STATUS[change.after.status]
        line = f"{change.component}: still {still}, now: {_detail(change.after)}"
        if change.after.status != "blocked" and change.component in reasons:
            line += f"; and no environment on {host} holds it: {reasons[change.component]}"
        lines.append(line)
    return lines


def _detail(verdict: Verdict) -> str:
    """The verdict's sentence without the status words the line has just said ("still needs
    other hardware, now needs other hardware: ..." said them twice: outsider26 N9)."""
    text = explain_verdict(verdict)
    for head in ("needs other hardware: ", "runs here after ", "blocked: ", "may run here"):
        if text.startswith(head):
            return text[len(head) :].lstrip(", ")
    return text


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


class Said(NamedTuple):
    """A conflict as solve says it: what it does (``check_why.ConflictRole``) and its
    sentence."""

    role: ConflictRole
    conflict: Conflict
    text: str


def said_conflicts(shown: Resolution, host: str) -> list[Said]:
    """Every conflict solve reports, in the order the text says them: why the environments
    are as many as they are (``split``), each reason a repo cannot run on ``host``
    (``blocked``, every one the what-ifs cause), the lines set aside from a design
    (``set_aside``). The text and ``--json`` take theirs from this one list, so a script
    gating on ``conflicts`` sees what the text prints (outsider26 N4)."""
    count = len(shown.environments)
    said = [Said("split", c, explain_conflict(c, count, host)) for c in shown.conflicts]
    said += [
        Said("blocked", c, explain_conflict(c, host=host))
        for u in shown.unplaced
        for c in u.reasons
    ]
    said += [Said("set_aside", c, set_aside_text(c)) for c in shown.set_aside]
    return said


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
    told = said_conflicts(shown, host)
    conflicts = [Line(c.text) for c in told if c.role == "split"]
    unplaced = [Line(c.text) for c in told if c.role == "blocked"]
    unplaced += [
        Line(f"{u.component}: no environment holds it") for u in shown.unplaced if not u.reasons
    ]
    aside = [Line(c.text) for c in told if c.role == "set_aside"]
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
    host = "the target" if target is not None else "this machine"
    data: dict[str, Any] = {
        "environments": len(shown.environments),
        "conflicts": [
            {"number": n, "role": c.role, **msgspec.to_builtins(c.conflict), "text": c.text}
            for n, c in enumerate(said_conflicts(shown, host), start=1)
        ],
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
