"""The version-matching part of ``bringup check``, made to read at 80 columns and in a log:
one block per repo (what it asks of each subject, as one effective range; the pin its
environment takes; the files and lines that say so), then the environments side by side
with this machine. Per-source detail stays in ``--json`` (``resolution.checks``) and in the
"why" sections."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bringup.model import Component, Snapshot, keys
from bringup.model.resolution import Check, Environment, Resolution
from bringup.model.source import Source
from bringup.report.layout import heading, wrapped
from bringup.report.wording import combine_specs, format_spec
from bringup.subjects import display_name
from bringup.subjects import subject as catalogued

if TYPE_CHECKING:
    from bringup.report.console import Writer

FIRST = (
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
"""Subjects shown first, in this order; the rest follow alphabetically."""

_MARK = {"violated": " ✗", "hardware": " ✗", "unverified": " ?"}
_WORST = ("invalid", "violated", "hardware", "unverified", "unchecked", "needed", "provided", "ok")


def _order(subject: str) -> tuple[int, str]:
    return (FIRST.index(subject), "") if subject in FIRST else (len(FIRST), subject)


def relative(source: Source, root: str) -> str:
    """``file:line`` under the repo's own directory (named once above its rows)."""
    text = str(source)
    prefix = root.rstrip("/") + "/"
    return text[len(prefix) :] if source.kind == "file" and text.startswith(prefix) else text


@dataclass(frozen=True)
class Asked:
    """What one repo asks of one subject, however many files say it."""

    subject: str
    spec: str
    status: str
    shown: str
    """The pin (``+`` when it is to install), the machine's value, or what stands instead."""
    sources: tuple[Source, ...]


def _shown(checks: Sequence[Check], status: str, env: Environment | None) -> str:
    check = checks[0]
    if status == "provided":
        return f"by {check.pin}"
    if status == "invalid":
        return "unreadable range"
    if status == "unchecked":
        return "not checked"
    if status == "needed":
        return "see next steps"
    if status in ("hardware", "unverified"):
        return (
            f"{check.pin} here"
            if check.pin
            else ("unknown here" if status == "unverified" else "none here")
        )
    pin = env.pin(check.subject) if env is not None else None
    if pin is None:
        return check.pin or ""
    if pin.origin == "index":
        return "from the index"
    if pin.origin == "unverified":
        return f"{pin.version} + unverified"
    return pin.version + ("" if pin.installed else " +")


def asked(resolution: Resolution, component: str) -> list[Asked]:
    """The repo's requirements (not its preferences), one row per subject, in table order."""
    env = resolution.environment_of(component)
    by_subject: dict[str, list[Check]] = {}
    for check in resolution.checks:
        if check.component == component and check.hard:
            by_subject.setdefault(check.subject, []).append(check)
    rows = []
    for subject in sorted(by_subject, key=_order):
        checks = by_subject[subject]
        status = min((c.status for c in checks), key=_WORST.index)
        if status == "needed":
            spec = ", ".join(dict.fromkeys(c.spec for c in checks))
        else:
            parts = combine_specs([c.spec for c in checks], subject)
            spec = " and ".join(format_spec(p, subject) for p in parts or [""])
        sources = tuple(dict.fromkeys(s for c in checks for s in (c.source, *c.also)))
        rows.append(
            Asked(
                subject=subject,
                spec=spec + _MARK.get(status, ""),
                status=status,
                shown=_shown(checks, status, env),
                sources=sources,
            )
        )
    return rows


def render_repos(console: Writer, resolution: Resolution, components: Sequence[Component]) -> None:
    """One block per repo: ``subject  range  pin``, then the files and lines that say it
    (relative to the repo) on the same line when they fit, else on the next."""
    from bringup.report.styled import escape

    paths = {c.name: c.path for c in components}
    blocks = [(v.component, asked(resolution, v.component)) for v in resolution.verdicts]
    rows = [row for _name, block in blocks for row in block]
    if not rows:
        return
    subject_width = min(max(len(display_name(r.subject)) for r in rows), 16)
    range_width = min(max(len(r.spec) for r in rows), 28)
    shown_width = min(max(len(r.shown) for r in rows), 16)
    lead = 4 + subject_width + 2
    cited = {
        id(row): ", ".join(relative(s, paths.get(name, name)) for s in row.sources)
        for name, block in blocks
        for row in block
    }
    # the files on the row's line when every row has room for them, else under each row
    inline = all(
        lead + range_width + shown_width + 4 + len(c) <= console.width for c in cited.values()
    )
    console.print("[bold]Version matching[/bold]: what each repo asks, the pin it gets")
    console.print("  [dim]✗ not met here · ? not checkable here · + to install[/dim]")
    for name, block in blocks:
        if not block:
            continue
        env = resolution.environment_of(name)
        where = f"environment {env.index}" if env is not None else "no environment"
        root = paths.get(name, name)
        heading(console, name, f"{root} · {where}")
        for row in block:
            head = (
                f"    {display_name(row.subject).ljust(subject_width)}  "
                f"{row.spec.ljust(range_width)}  {row.shown.ljust(shown_width)}"
            )
            line = escape(head if inline else head.rstrip())
            if row.status in _MARK:
                line = f"[red]{line}[/red]"
            if inline:
                console.print(f"{line}  [dim]{escape(cited[id(row)])}[/dim]")
                continue
            console.print(line)
            for part in wrapped(cited[id(row)], console.width, lead):
                console.print(f"[dim]{escape(part)}[/dim]")


def _machine_cell(resolution: Resolution, snapshot: Snapshot, subject: str) -> str:
    value = resolution.host_value(subject)
    if value is not None:
        return ", ".join(value.values) if value.status == "ok" else value.status
    if subject == "python":
        default = snapshot.value(keys.PYTHON_DEFAULT)
        return f"{default} (default)" if default else "-"
    entry = catalogued(subject)
    if entry is None:
        return "-"
    found = [t.version for t in snapshot.toolkits if t.kind in entry.toolkit_kinds]
    if entry.scope == "system_tool" and entry.fact_key is not None:
        found.append(str(snapshot.value(entry.fact_key) or ""))
    return ", ".join(v for v in found if v) or "-"


def _pin_cell(env: Environment, subject: str) -> str:
    pin = env.pin(subject)
    if pin is None:
        return ""
    if pin.origin == "index":
        return f"{format_spec(pin.version)} (index)" if pin.version else "(index)"
    return pin.version + ("" if pin.installed else " +")


def render_environments(console: Writer, resolution: Resolution, snapshot: Snapshot) -> None:
    """Subjects down, environments and this machine across; one line per environment
    instead when they would not fit the width side by side."""
    from bringup.report.styled import escape

    envs = resolution.environments
    subjects = {p.subject for env in envs for p in env.pins}
    subjects |= {
        c.subject for c in resolution.checks if c.hard and c.status in ("hardware", "unverified")
    }
    if not subjects:
        return
    ordered = sorted(subjects, key=_order)
    heads = [f"environment {e.index}" for e in envs] + ["this machine"]
    columns = [[_pin_cell(env, s) for s in ordered] for env in envs]
    columns.append([_machine_cell(resolution, snapshot, s) for s in ordered])
    first = max(len(display_name(s)) for s in ordered)
    widths = [max(len(h), *map(len, c)) for h, c in zip(heads, columns)]
    console.print("\n[bold]Environments and this machine[/bold] [dim](+ to install)[/dim]")
    if 4 + first + sum(w + 2 for w in widths) <= console.width:
        titles = "  ".join(h.ljust(w) for h, w in zip(heads, widths))
        console.print(f"    {' ' * first}  [bold]{escape(titles.rstrip())}[/bold]")
        for n, subject in enumerate(ordered):
            cells = "  ".join(c[n].ljust(w) for c, w in zip(columns, widths))
            console.print(escape(f"    {display_name(subject).ljust(first)}  {cells}".rstrip()))
        return
    for head, column in zip(heads, columns):
        pins = ", ".join(f"{display_name(s)} {c}" for s, c in zip(ordered, column) if c)
        console.print(f"  [bold]{head}[/bold]:")
        for line in wrapped(pins, console.width, 4):
            console.print(escape(line))
