"""The version-matching part of ``bringup check``, made to read at 80 columns and in a log:
one block per repo (what it asks of each subject, as one effective range; the pin its
environment takes; the files and lines that say so), then the environments side by side
with this machine. Per-source detail stays in ``--json`` (``resolution.checks``) and in the
"why" sections."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bringup.model import Component, Snapshot, keys
from bringup.model.resolution import Check, Environment, Resolution
from bringup.model.source import Source
from bringup.report.document import Paragraph, Section, Table, section
from bringup.report.styled import Line
from bringup.report.wording import combine_specs, format_spec
from bringup.subjects import NEEDS, canonical_subject, display_name, display_order, is_distribution
from bringup.subjects import subject as catalogued

_MARK = {"violated": " ✗", "hardware": " ✗", "unverified": " ?"}
_WORST = ("invalid", "violated", "hardware", "unverified", "unchecked", "needed", "provided", "ok")


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
    """The lines that state it."""
    also: tuple[Source, ...] = ()
    """The other places the repo needs it at: the same line repeated, or a run of the tool
    that states no version (mindrlhf's build.sh ``python setup.py`` beside setup.py's
    ``python_requires='>=3.7'``)."""


def _shown(checks: Sequence[Check], status: str, env: Environment | None) -> str:
    check = checks[0]
    if status == "provided":
        return f"by {check.pin}"
    if status == "invalid":
        return "unreadable range"
    if status == "unchecked":
        return "not checked"
    installed = [c.pin for c in checks if c.status == "ok" and c.subject in NEEDS and c.pin]
    if status == "needed":
        return "see next steps" + (f"; {', '.join(installed)}" if installed else "")
    if installed:
        return ", ".join(installed)
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
    # a pin no row pairs with one beside it (``solve.toolkitpython``, ``solve.pairrows``) is no
    # settled pin
    doubt = " (unverified)" if pin.missing else ""
    return pin.version + doubt + ("" if pin.installed else " +")


def asked(resolution: Resolution, component: str) -> list[Asked]:
    """The repo's requirements (not its preferences), one row per subject, in table order."""
    env = resolution.environment_of(component)
    by_subject: dict[str, list[Check]] = {}
    for check in resolution.checks:
        if check.component == component and check.hard:
            by_subject.setdefault(check.subject, []).append(check)
    rows = []
    for subject in sorted(by_subject, key=display_order):
        checks = by_subject[subject]
        status = min((c.status for c in checks), key=_WORST.index)
        if status == "needed" or subject in NEEDS:
            spec = ", ".join(dict.fromkeys(c.spec for c in checks))
        else:
            parts = combine_specs([c.spec for c in checks], subject)
            spec = " and ".join(format_spec(p, subject) for p in parts or [""])
        sources = tuple(dict.fromkeys(c.source for c in checks))
        repeated = dict.fromkeys(s for c in checks for s in c.also)
        also = tuple(s for s in repeated if s not in sources)
        rows.append(
            Asked(
                subject=subject,
                spec=spec + _MARK.get(status, ""),
                status=status,
                shown=_shown(checks, status, env),
                sources=sources,
                also=also,
            )
        )
    return rows


_STATED = 10
"""Places a row cites before "+N more": torch-ngp's Python was 55 places, every ``python
main_*.py`` line of its readme (outsider23c D15); ``bringup scan --details`` lists them."""


def _stated_at(row: Asked, root: str) -> str:
    """Where a row is stated, then where else the repo needs it (not a place that says the
    version: outsider9 #15), relative to the repo."""
    stated = _places(row.sources, root)
    return f"{stated}; also needed at {_places(row.also, root)}" if row.also else stated


def _places(sources: Sequence[Source], root: str) -> str:
    """The first few places, then a count."""
    if len(sources) <= _STATED + 1:  # "+1 more" would be as long as the one
        return ", ".join(relative(s, root) for s in sources)
    shown = ", ".join(relative(s, root) for s in sources[:_STATED])
    return f"{shown} +{len(sources) - _STATED} more (bringup scan --details lists them)"


def matching_section(
    resolution: Resolution, components: Sequence[Component], only: str | None = None
) -> Section | None:
    """One table per repo (``only``: that repo's): ``subject  range  pin``, the files and
    lines that say it (relative to the repo) under each row."""
    paths = {c.name: c.path for c in components}
    repos = []
    for verdict in resolution.verdicts:
        name = verdict.component
        block = asked(resolution, name)
        if not block or (only is not None and name != only):
            continue
        env = resolution.environment_of(name)
        root = paths.get(name, name)
        rows = tuple(
            (
                Line(display_name(r.subject)),
                Line(r.spec, "red" if r.status in _MARK else ""),
                Line(r.shown, "red" if r.status in _MARK else ""),
            )
            for r in block
        )
        notes = tuple(Line(_stated_at(r, root), "dim") for r in block)
        where = f"environment {env.index}" if env is not None else "no environment"
        repos.append(
            section(
                name,
                Table(("subject", "asks", "pin"), rows, notes, note_at=1, note_title="stated at"),
                detail=f"{root} · {where}",
            )
        )
    if not repos:
        return None
    legend = Paragraph(Line("✗ not met here · ? not checkable here · + to install", "dim"))
    return section("Version matching: what each repo asks, the pin it gets", legend, *repos)


def _machine_cell(resolution: Resolution, snapshot: Snapshot, subject: str) -> str:
    value = resolution.host_value(subject)
    if value is not None:
        return ", ".join(value.values) if value.status == "ok" else value.status
    if subject == "python":
        default = snapshot.value(keys.PYTHON_DEFAULT)
        return f"{default} (default)" if default else "-"
    if subject.startswith("pypi:") or is_distribution(subject):
        return _installed_here(snapshot, subject) or "-"
    entry = catalogued(subject)
    if entry is None:
        return "-"
    found = [t.version for t in snapshot.toolkits if t.kind in entry.toolkit_kinds]
    if entry.scope == "system_tool" and entry.fact_key is not None:
        found.append(str(snapshot.value(entry.fact_key) or ""))
    return ", ".join(v for v in found if v) or "-"


def _installed_here(snapshot: Snapshot, subject: str) -> str:
    """The version of the Python distribution ``subject`` the default interpreter holds: what
    ``solve`` takes on this machine ("pyyaml 6.0.3 installed", where this column said "-":
    outsider 24 D10); "" where it holds none or was not inspected."""
    default = snapshot.value(keys.PYTHON_DEFAULT)
    wanted = canonical_subject(subject)
    for install in snapshot.pythons:
        if install.version == default and install.packages is not None:
            return next(
                (p.version for p in install.packages if canonical_subject(p.name) == wanted), ""
            )
    return ""


def pin_cell(env: Environment, subject: str) -> str:
    pin = env.pin(subject)
    if pin is None:
        return ""
    if pin.origin == "index":
        return f"{format_spec(pin.version)} (index)" if pin.version else "(index)"
    # a pin no row pairs with one beside it (``solve.toolkitpython``, ``solve.pairrows``) is no
    # settled pin
    doubt = " (unverified)" if pin.missing and pin.origin != "unverified" else ""
    return pin.version + doubt + ("" if pin.installed else " +")


def environments_section(resolution: Resolution, snapshot: Snapshot) -> Section | None:
    """Subjects down, environments and this machine across."""
    envs = resolution.environments
    subjects = {p.subject for env in envs for p in env.pins}
    subjects |= {
        c.subject for c in resolution.checks if c.hard and c.status in ("hardware", "unverified")
    }
    if not subjects:
        return None
    ordered = sorted(subjects, key=display_order)
    heads = ("", *(f"environment {e.index}" for e in envs), "this machine")
    rows = tuple(
        (
            Line(display_name(s)),
            *(Line(pin_cell(env, s)) for env in envs),
            Line(_machine_cell(resolution, snapshot, s)),
        )
        for s in ordered
    )
    title = Line("Environments and this machine", "bold").append(" (+ to install)", "dim")
    return section(title, Table(heads, rows))
