"""Text for ``bringup kb``: topics, a topic's records, verdicts with their rows and sources,
validation reports. Pure: each function returns lines and prints nothing. Made for 80
columns and log files as much as for a wide terminal: a table only when every cell fits,
else a block per record, wrapped between whole pieces (an id, a range, a URL)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bringup.kb.query import Compatibility, Implication, RuleCheck
from bringup.kb.schema import (
    AnyEntry,
    ChipEntry,
    ChipRecord,
    PackageEntry,
    PackageRecord,
    Problem,
    ReleaseEntry,
    ReleaseRecord,
    RuleEntry,
    RuleRecord,
    Topic,
)
from bringup.report.layout import Unit, fits, flow, table_lines
from bringup.subjects import display_name

if TYPE_CHECKING:
    from bringup.report.styled import Line

_STATUS_WORD = {"compatible": "COMPATIBLE", "incompatible": "INCOMPATIBLE", "unknown": "UNKNOWN"}


def render_topics(topics: Sequence[Topic], counts: dict[str, int], width: int) -> list[Line]:
    """The topic list: name, record count and title, the title wrapped under its column."""
    from bringup.report.styled import Line

    name = max((len(t.name) for t in topics), default=5)
    number = max((len(str(n)) for n in counts.values()), default=1)
    lead = 2 + name + 2 + number + 2
    lines = [Line("knowledge-base topics", style="bold")]
    for topic in topics:
        head = f"  {topic.name.ljust(name)}  {str(counts.get(topic.name, 0)).rjust(number)}  "
        lines += flow([Unit(topic.title or "", prose=True)], width, lead, head=head)
    return lines


def render_entries(topic: Topic, entries: Sequence[AnyEntry], width: int) -> list[Line]:
    """The records of ``topic`` by kind: a table when every cell fits ``width``, else one
    block per record (ids, ranges and URLs never split)."""
    rules = [e.record for e in entries if isinstance(e, RuleEntry)]
    releases = [e.record for e in entries if isinstance(e, ReleaseEntry)]
    chips = [e.record for e in entries if isinstance(e, ChipEntry)]
    packages = [e.record for e in entries if isinstance(e, PackageEntry)]
    sections = (
        (topic.title or topic.name, _RULE, [_rule_row(r) for r in rules]),
        (f"{topic.name}: releases", _RELEASE, [_release_row(r) for r in releases]),
        (f"{topic.name}: chip families", _CHIP, [_chip_row(c) for c in chips]),
        (f"{topic.name}: packages", _PACKAGE, [_package_row(p) for p in packages]),
    )
    blocks = (
        lambda: [line for r in rules for line in _rule_block(r, width)],
        lambda: [line for r in releases for line in _release_block(r, width)],
        lambda: [line for c in chips for line in _chip_block(c, width)],
        lambda: [line for p in packages for line in _package_block(p, width)],
    )
    from bringup.report.styled import Line

    lines: list[Line] = []
    for (title, titles, rows), block in zip(sections, blocks):
        if rows:
            lines += [Line()] if lines else []
            lines += _section(title, titles, rows, blocks=block, width=width)
    return lines


def _section(
    title: str,
    titles: tuple[str, ...],
    rows: Sequence[tuple[str, ...]],
    *,
    blocks: Callable[[], list[Line]],
    width: int,
) -> list[Line]:
    """A kind of record under its title: the table when it fits, else the blocks."""
    from bringup.report.styled import Line

    lines = [Line(title, style="bold")]
    if fits([titles, *rows], width, 2):
        styles = ("bold", *[""] * (len(titles) - 2), "dim")
        return lines + table_lines(titles, rows, 2, styles)
    return lines + blocks()


def render_origin(count: int, paths: Sequence[str], width: int) -> list[Line]:
    """How many records, from which files (each path whole)."""
    units = [Unit(f"{count} records from")]
    units += [Unit(path + ("," if n < len(paths) - 1 else "")) for n, path in enumerate(paths)]
    return flow(units, width, 2, head="", sep=" ")


_RULE = ("id", "when", "then", "notes", "source")
_RELEASE = ("subject", "version", "date", "end of life", "kind / note", "source")
_CHIP = ("family", "PCI id", "SoC versions", "npu-smi names", "products", "source")
_PACKAGE = ("package", "toolkit", "role", "notes", "source")


def _rule_notes(rule: RuleRecord) -> str:
    return "; ".join(
        _tags(rule.hard, rule.chips, rule.confidence) + ([rule.note] if rule.note else [])
    )


def _rule_row(rule: RuleRecord) -> tuple[str, ...]:
    then = ", ".join(f"{subject} {spec}" for subject, spec in rule.then.items())
    return (rule.id, f"{rule.subject} {rule.spec}", then, _rule_notes(rule), rule.source)


def _rule_block(rule: RuleRecord, width: int) -> list[Line]:
    """``id  [tags]``, then ``subject spec → subject spec, ...`` (each pair whole), the
    note, the source."""
    then = list(rule.then.items())
    pairs = [
        Unit(f"{s} {spec}" + ("," if n < len(then) - 1 else "")) for n, (s, spec) in enumerate(then)
    ]
    tags = _tags(rule.hard, rule.chips, rule.confidence)
    lines = flow(
        [Unit(rule.id, "bold"), Unit(f"[{', '.join(tags)}]" if tags else "", "yellow")],
        width,
        6,
        head="  ",
    )
    lines += flow(
        [Unit(f"{rule.subject} {rule.spec}"), Unit("→"), *pairs], width, 6, head="    ", sep=" "
    )
    return lines + _more(width, rule.note, source=rule.source)


def _more(width: int, *notes: str | None, source: str) -> list[Line]:
    """A record's notes (prose) and its source (a URL, whole) under it."""
    lines = [line for note in notes if note for line in flow([Unit(note, prose=True)], width, 4)]
    return lines + flow([Unit(source, "dim")], width, 4)


def _release_row(release: ReleaseRecord) -> tuple[str, ...]:
    note = "; ".join(part for part in (release.kind, release.note) if part)
    return (
        release.subject,
        release.version,
        release.date or "",
        release.end_of_life or "",
        note,
        release.source,
    )


def _release_block(release: ReleaseRecord, width: int) -> list[Line]:
    units = [Unit(f"{release.subject} {release.version}", "bold")]
    if release.date:
        units.append(Unit(f"released {release.date}"))
    if release.end_of_life:
        units.append(Unit(f"end of life {release.end_of_life}"))
    note = "; ".join(part for part in (release.kind, release.note) if part)
    return flow(units, width, 6, head="  ") + _more(width, note, source=release.source)


def _chip_row(chip: ChipRecord) -> tuple[str, ...]:
    return (
        chip.family,
        chip.pci_device_id or "",
        ", ".join(chip.soc_versions),
        ", ".join(chip.npu_smi_names),
        ", ".join(chip.products),
        chip.source,
    )


def _listed(label: str, items: Sequence[str], width: int) -> list[Line]:
    """``label: a, b, c`` wrapped between items (a product name stays whole)."""
    if not items:
        return []
    units = [Unit(f"{label}:")]
    units += [Unit(item + ("," if n < len(items) - 1 else "")) for n, item in enumerate(items)]
    return flow(units, width, 6, head="    ", sep=" ")


def _chip_block(chip: ChipRecord, width: int) -> list[Line]:
    head = [Unit(chip.family, "bold")]
    if chip.pci_device_id:
        head.append(Unit(f"PCI id {chip.pci_device_id}"))
    lines = flow(head, width, 6, head="  ")
    lines += _listed("SoC versions", chip.soc_versions, width)
    lines += _listed("npu-smi names", chip.npu_smi_names, width)
    lines += _listed("products", chip.products, width)
    return lines + _more(width, chip.note, source=chip.source)


def _package_row(package: PackageRecord) -> tuple[str, ...]:
    notes = "; ".join(
        p for p in (f"chips {package.chips}" if package.chips else "", package.note or "") if p
    )
    versions = f"{display_name(package.subject)} {package.versions}"
    return (package.name, versions, package.role, notes, package.source)


def _package_block(package: PackageRecord, width: int) -> list[Line]:
    units = [
        Unit(package.name, "bold"),
        Unit(f"{display_name(package.subject)} {package.versions}"),
    ]
    if package.chips:
        units.append(Unit(f"[chips {package.chips}]", "yellow"))
    more = _more(width, package.role, package.note, source=package.source)
    return flow(units, width, 6, head="  ") + more


def render_verdict(verdict: Compatibility, width: int) -> list[str]:
    """The verdict, then every row that decides it, each with its source."""
    head = f"{_STATUS_WORD[verdict.status]}: {verdict.a} with {verdict.b} — {verdict.reason}"
    lines = _plain(flow([Unit(head, prose=True)], width, 2, head=""))
    if verdict.deciding:
        lines.append("deciding rows:")
        lines.extend(_check_lines(verdict.deciding, width))
    if verdict.caveats:
        lines.append("caveats (recommendations the pair does not meet):")
        lines.extend(_check_lines(verdict.caveats, width))
    if verdict.conditional:
        lines.append("rows that apply only on some chip families (give --chip):")
        lines.extend(_check_lines(verdict.conditional, width))
    return lines


def render_implications(
    subject: str, version: str, found: Sequence[Implication], width: int
) -> list[str]:
    """What one pin implies, one block per implied subject."""
    if not found:
        return [f"UNKNOWN: no row says what {subject}=={version} needs"]
    lines = [f"{subject}=={version} implies:"]
    for implication in found:
        for check in implication.rows:
            lines.extend(_check_lines((check,), width, show_holds=False))
    return lines


def render_problems(problems: Sequence[Problem]) -> list[str]:
    return [str(problem) for problem in problems]


def _plain(lines: Sequence[Line]) -> list[str]:
    return [line.plain for line in lines]


def _check_lines(checks: Sequence[RuleCheck], width: int, show_holds: bool = True) -> list[str]:
    """``holds: subject spec → subject spec [tags] (id)``, its note and its source, each
    wrapped under a hanging indent between whole pieces."""
    lines: list[str] = []
    for check in checks:
        rule = check.rule
        mark = ("holds:" if check.holds else "FAILS:") if show_holds else ""
        tags = _tags(rule.hard, check.chips, rule.confidence)
        units = [
            Unit(mark),
            Unit(f"{rule.subject} {rule.spec}"),
            Unit("→"),
            Unit(f"{rule.then_subject} {rule.then_spec}"),
            Unit(f"[{', '.join(tags)}]" if tags else ""),
            Unit(f"({rule.id})"),
        ]
        lines += _plain(flow(units, width, 6, head="  ", sep=" "))
        if rule.note:
            note = [Unit("note:"), Unit(rule.note, prose=True)]
            lines += _plain(flow(note, width, 6, sep=" "))
        lines += _plain(flow([Unit("source:"), Unit(rule.source)], width, 6, sep=" "))
    return lines


def _tags(hard: bool, chips: str | None, confidence: str) -> list[str]:
    """What sets a row apart from a plain, sourced requirement."""
    tags = [] if hard else ["recommended"]
    if chips:
        tags.append(f"chips {chips}")
    if confidence != "high":
        tags.append(f"confidence {confidence}")
    return tags
