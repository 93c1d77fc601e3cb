"""``bringup kb`` for people: topics, a topic's records, verdicts with their rows and
sources; as documents (``bringup.report.document``) drawn as terminal text, Markdown or
HTML; and validation problems as lines. On a terminal too narrow for a table (80 columns, a
log) each record is a block, wrapped between whole pieces (an id, a range, a URL)."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.kb.query import ChipRows, Compatibility, Implication, RuleCheck
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
from bringup.report.document import (
    Compact,
    Document,
    Paragraph,
    Section,
    Table,
    section,
    text,
)
from bringup.report.styled import Line
from bringup.report.wording import counted
from bringup.subjects import display_name

_STATUS_WORD = {"compatible": "COMPATIBLE", "incompatible": "INCOMPATIBLE", "unknown": "UNKNOWN"}


def topics_document(topics: Sequence[Topic], counts: dict[str, int]) -> Document:
    """The topic list: name, record count and title."""
    rows = tuple(
        (Line(t.name), Line(str(counts.get(t.name, 0))), Line(t.title or "")) for t in topics
    )
    return Document(
        Line("knowledge-base topics", "bold"), [Table(("topic", "records", "title"), rows)]
    )


def entries_document(topic: Topic, entries: Sequence[AnyEntry]) -> Document:
    """The records of ``topic`` by kind, each a table (on a narrow terminal, one block per
    record: ids, ranges and URLs never split), then how many records from which files."""
    rules = [e.record for e in entries if isinstance(e, RuleEntry)]
    releases = [e.record for e in entries if isinstance(e, ReleaseEntry)]
    chips = [e.record for e in entries if isinstance(e, ChipEntry)]
    packages = [e.record for e in entries if isinstance(e, PackageEntry)]
    document = Document(Line())
    document.add(
        _kind(topic.title or topic.name, _RULE, [_rule(r) for r in rules]),
        _kind(f"{topic.name}: releases", _RELEASE, [_release(r) for r in releases]),
        _kind(f"{topic.name}: chip families", _CHIP, [_chip(c) for c in chips]),
        _kind(f"{topic.name}: packages", _PACKAGE, [_package(p) for p in packages]),
    )
    origin = f"{counted(len(entries), 'record')} from {', '.join(topic.paths)}"
    document.add(Paragraph(Line(origin)))
    return document


Row = tuple[tuple[str, ...], Compact]
"""A record's cells, and its block on a narrow terminal."""


def _kind(title: str, titles: tuple[str, ...], rows: Sequence[Row]) -> Section | None:
    """A kind of record under its title, first cell bold and source dim; none when there
    are no records of the kind."""
    if not rows:
        return None
    cells = tuple(
        (Line(cells[0], "bold"), *map(Line, cells[1:-1]), Line(cells[-1], "dim"))
        for cells, _ in rows
    )
    compact = tuple(block for _, block in rows)
    return section(title, Table(titles, cells, compact=compact, aligned=False))


_RULE = ("id", "when", "then", "notes", "source")
_RELEASE = ("subject", "version", "date", "end of life", "kind / note", "source")
_CHIP = ("family", "PCI id", "SoC versions", "npu-smi names", "products", "source")
_PACKAGE = ("package", "toolkit", "role", "notes", "source")


def _under(*notes: str | None, source: str) -> tuple[Line, ...]:
    """A record's notes (prose) and its source (a URL, whole) under it."""
    return (*(Line(note) for note in notes if note), Line(source, "dim"))


def _rule(rule: RuleRecord) -> Row:
    """``id  [tags]``, then ``subject spec → subject spec, ...``, the note, the source."""
    then = ", ".join(f"{subject} {spec}" for subject, spec in rule.then.items())
    tags = _tags(rule.hard, rule.chips, rule.confidence, rule.builds)
    notes = "; ".join(tags + ([rule.note] if rule.note else []))
    cells = (rule.id, f"{rule.subject} {rule.spec}", then, notes, rule.source)
    implies = Line(f"{rule.subject} {rule.spec} → {then}")
    facts = Line(f"[{', '.join(tags)}]" if tags else "", "yellow")
    return cells, Compact(facts, (implies, *_under(rule.note, source=rule.source)))


def _release(release: ReleaseRecord) -> Row:
    note = "; ".join(part for part in (release.kind, release.note) if part)
    cells = (
        release.subject,
        release.version,
        release.date or "",
        release.end_of_life or "",
        note,
        release.source,
    )
    facts = text(
        f"released {release.date}" if release.date else "",
        f"end of life {release.end_of_life}" if release.end_of_life else "",
    )
    label = Line(f"{release.subject} {release.version}", "bold")
    return cells, Compact(facts, _under(note, source=release.source), label=label)


def _chip(chip: ChipRecord) -> Row:
    cells = (
        chip.family,
        chip.pci_device_id or "",
        ", ".join(chip.soc_versions),
        ", ".join(chip.npu_smi_names),
        ", ".join(chip.products),
        chip.source,
    )
    listed = (
        f"{label}: {', '.join(items)}"
        for label, items in (
            ("SoC versions", chip.soc_versions),
            ("npu-smi names", chip.npu_smi_names),
            ("products", chip.products),
        )
        if items
    )
    facts = Line(f"PCI id {chip.pci_device_id}" if chip.pci_device_id else "")
    return cells, Compact(facts, _under(*listed, chip.note, source=chip.source))


def _package(package: PackageRecord) -> Row:
    notes = "; ".join(
        p for p in (f"chips {package.chips}" if package.chips else "", package.note or "") if p
    )
    versions = f"{display_name(package.subject)} {package.versions}"
    cells = (package.name, versions, package.role, notes, package.source)
    facts = text(versions, (f"[chips {package.chips}]" if package.chips else "", "yellow"))
    return cells, Compact(facts, _under(package.role, package.note, source=package.source))


def verdict_document(verdict: Compatibility) -> Document:
    """The verdict, then every row that decides it, each with its source."""
    head = f"{_STATUS_WORD[verdict.status]}: {verdict.a} with {verdict.b} — {verdict.reason}"
    document = Document(Line(head))
    document.add(
        _checks("deciding rows", verdict.deciding),
        _checks("caveats (recommendations the pair does not meet)", verdict.caveats),
        _checks("rows that apply only on some chip families (give --chip)", verdict.conditional),
    )
    return document


def implications_document(subject: str, version: str, found: Sequence[Implication]) -> Document:
    """What one pin implies: the rows for each implied subject."""
    if not found:
        return Document(Line(f"UNKNOWN: no row says what {subject}=={version} needs"))
    checks = [check for implication in found for check in implication.rows]
    document = Document(Line(f"{subject}=={version} implies:"))
    document.add(_checks("", checks, show_holds=False))
    return document


def chip_line(rows: ChipRows, pins: str) -> Paragraph:
    """What ``--chip`` did to the answer, said even when it did nothing: without this line
    ``kb why cann==9.0.0 --chip 310P`` and ``--chip 910`` printed the same text, and the
    option looked ignored."""
    if not rows.kept and not rows.left_out:
        return Paragraph(
            Line(
                f"for chip {rows.chip}: no row about {pins} is limited to a chip family; "
                "this answer holds on every chip"
            )
        )
    parts = []
    if rows.kept:
        parts.append(f"{len(rows.kept)} row(s) for {rows.chip} used ({', '.join(rows.kept)})")
    if rows.left_out:
        parts.append(
            f"{len(rows.left_out)} row(s) for other chips left out ({', '.join(rows.left_out)})"
        )
    return Paragraph(Line(f"for chip {rows.chip}: {'; '.join(parts)}"))


def render_problems(problems: Sequence[Problem]) -> list[str]:
    return [str(problem) for problem in problems]


def _checks(
    title: str, checks: Sequence[RuleCheck], show_holds: bool = True
) -> Section | Table | None:
    """``holds:  subject spec → subject spec  [tags]  (id)``, its note and its source; a
    table of them under ``title`` (none when there are no rows)."""
    if not checks:
        return None
    rows = []
    compact = []
    for check in checks:
        rule = check.rule
        mark = ("holds" if check.holds else "FAILS") if show_holds else ""
        tags = ", ".join(_tags(rule.hard, check.chips, rule.confidence, rule.builds))
        pair = f"{rule.subject} {rule.spec} → {rule.then_subject} {rule.then_spec}"
        cells = (*([mark] if show_holds else []), pair, tags, rule.id, rule.note or "")
        rows.append((*map(Line, cells), Line(rule.source, "dim")))
        facts = text((f"[{tags}]" if tags else "", "yellow"), f"({rule.id})")
        under = (
            *([Line(f"note: {rule.note}")] if rule.note else []),
            text("source: ", (rule.source, "dim")),
        )
        label = Line(f"{mark}: {pair}" if mark else pair)
        compact.append(Compact(facts, under, label=label))
    titles: tuple[str, ...] = ("row", "tags", "id", "note", "source")
    titles = ("holds", *titles) if show_holds else titles
    table = Table(titles, tuple(rows), compact=tuple(compact), aligned=False)
    return section(title, table) if title else table


def _tags(hard: bool, chips: str | None, confidence: str, builds: bool = False) -> list[str]:
    """What sets a row apart from a plain, sourced requirement."""
    tags = [] if hard else ["published builds" if builds else "recommended"]
    if chips:
        tags.append(f"chips {chips}")
    if confidence != "high":
        tags.append(f"confidence {confidence}")
    return tags
