"""Text for ``bringup kb``: topic tables, verdicts with their rows and sources, validation
reports. Pure: each function returns lines or a Rich table and prints nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.kb.query import Implication, RuleCheck, Verdict
from bringup.kb.schema import (
    AnyEntry,
    ChipEntry,
    PackageEntry,
    Problem,
    ReleaseEntry,
    RuleEntry,
    Topic,
)

if TYPE_CHECKING:
    from rich.table import Table

_STATUS_WORD = {"compatible": "COMPATIBLE", "incompatible": "INCOMPATIBLE", "unknown": "UNKNOWN"}


def render_topics(topics: Sequence[Topic], counts: dict[str, int]) -> Table:
    """The topic list: name, title, record count."""
    from rich.table import Table

    table = Table(title="knowledge-base topics", show_lines=False)
    for column in ("topic", "records", "title"):
        table.add_column(column, overflow="fold")
    for topic in topics:
        table.add_row(topic.name, str(counts.get(topic.name, 0)), topic.title or "")
    return table


def render_entries(topic: Topic, entries: Sequence[AnyEntry]) -> list[Table]:
    """One table per record kind present in the topic."""
    from rich.table import Table

    tables = []
    rules = [e.record for e in entries if isinstance(e, RuleEntry)]
    if rules:
        table = Table(title=topic.title or topic.name, show_lines=True)
        for column in ("id", "when", "then", "notes", "source"):
            table.add_column(column, overflow="fold")
        for rule in rules:
            when = f"{rule.subject} {rule.spec}"
            then = "\n".join(f"{subject} {spec}" for subject, spec in rule.then.items())
            flags = _tags(rule.hard, rule.chips, rule.confidence) + (
                [rule.note] if rule.note else []
            )
            table.add_row(rule.id, when, then, "; ".join(flags), rule.source)
        tables.append(table)
    releases = [e.record for e in entries if isinstance(e, ReleaseEntry)]
    if releases:
        table = Table(title=f"{topic.name}: releases")
        for column in ("subject", "version", "date", "end of life", "kind / note", "source"):
            table.add_column(column, overflow="fold")
        for release in releases:
            note = "; ".join(part for part in (release.kind, release.note) if part)
            table.add_row(
                release.subject,
                release.version,
                release.date or "",
                release.end_of_life or "",
                note,
                release.source,
            )
        tables.append(table)
    chips = [e.record for e in entries if isinstance(e, ChipEntry)]
    if chips:
        table = Table(title=f"{topic.name}: chip families", show_lines=True)
        for column in ("family", "PCI id", "SoC versions", "npu-smi names", "products"):
            table.add_column(column, overflow="fold")
        for chip in chips:
            table.add_row(
                chip.family,
                chip.pci_device_id or "",
                ", ".join(chip.soc_versions),
                ", ".join(chip.npu_smi_names),
                ", ".join(chip.products),
            )
        tables.append(table)
    packages = [e.record for e in entries if isinstance(e, PackageEntry)]
    if packages:
        table = Table(title=f"{topic.name}: packages", show_lines=True)
        for column in ("package", "CANN", "role", "source"):
            table.add_column(column, overflow="fold")
        for package in packages:
            table.add_row(package.name, package.cann, package.role, package.source)
        tables.append(table)
    return tables


def render_verdict(verdict: Verdict) -> list[str]:
    """The verdict, then every row that decides it, each with its source."""
    lines = [f"{_STATUS_WORD[verdict.status]}: {verdict.a} with {verdict.b} — {verdict.reason}"]
    if verdict.deciding:
        lines.append("deciding rows:")
        lines.extend(_check_lines(verdict.deciding))
    if verdict.caveats:
        lines.append("caveats (recommendations the pair does not meet):")
        lines.extend(_check_lines(verdict.caveats))
    if verdict.conditional:
        lines.append("rows that apply only on some chip families (give --chip):")
        lines.extend(_check_lines(verdict.conditional))
    return lines


def render_implications(subject: str, version: str, found: Sequence[Implication]) -> list[str]:
    """What one pin implies, one block per implied subject."""
    if not found:
        return [f"UNKNOWN: no row says what {subject}=={version} needs"]
    lines = [f"{subject}=={version} implies:"]
    for implication in found:
        for check in implication.rows:
            lines.extend(_check_lines((check,), show_holds=False))
    return lines


def render_problems(problems: Sequence[Problem]) -> list[str]:
    return [str(problem) for problem in problems]


def _check_lines(checks: Sequence[RuleCheck], show_holds: bool = True) -> list[str]:
    lines = []
    for check in checks:
        rule = check.rule
        mark = ("holds" if check.holds else "FAILS") if show_holds else ""
        tags = _tags(rule.hard, check.chips, rule.confidence)
        suffix = f" [{', '.join(tags)}]" if tags else ""
        head = f"  {mark + ': ' if mark else ''}{rule.subject} {rule.spec} → "
        lines.append(f"{head}{rule.then_subject} {rule.then_spec}{suffix}  ({rule.id})")
        if rule.note:
            lines.append(f"      note: {rule.note}")
        lines.append(f"      source: {rule.source}")
    return lines


def _tags(hard: bool, chips: str | None, confidence: str) -> list[str]:
    """What sets a row apart from a plain, sourced requirement."""
    tags = [] if hard else ["recommended"]
    if chips:
        tags.append(f"chips {chips}")
    if confidence != "high":
        tags.append(f"confidence {confidence}")
    return tags
