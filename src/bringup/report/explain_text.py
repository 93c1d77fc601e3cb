"""``bringup explain`` for people, as documents (``bringup.report.document``) drawn as
terminal text (wrapped at the console's width, 80 columns when piped), Markdown or HTML: the
likely causes of a failure log, best first, each a section of labelled rows; and the
signatures explain knows, by layer. Quoted log lines are data like any other text: each
writer escapes them for its format."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

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
from bringup.triage.tiers import confidence_words

if TYPE_CHECKING:
    from bringup.model.diagnosis import Diagnosis
    from bringup.triage.blocks import Cut
    from bringup.triage.listing import Entry

_EVIDENCE_SHOWN = 3


def diagnoses_document(
    diagnoses: Sequence[Diagnosis],
    log: str,
    lines: int,
    snapshot: Optional[str] = None,
    cut: Sequence[Cut] = (),
) -> Document:
    """The answer in one line, the lines too long to read whole, what the ``snapshot`` (its
    name, when one was given) did to the causes, then every diagnosis as a section."""
    read = f"{log}: {counted(lines, 'line')}"
    if not diagnoses:
        found = "no known signature, error code, exception or failure line"
        document = Document(Line(f"{read}, no failure found: {found}."))
        document.add(*_cut_note(log, cut))
        return document
    causes = counted(len(diagnoses), "likely cause")
    document = Document(Line(f"{read}, {causes}, most likely first."))
    document.add(*_cut_note(log, cut))
    if snapshot is not None:
        document.add(Paragraph(Line(snapshot_bearing(diagnoses, snapshot))))
    document.add(*(_diagnosis(n, d) for n, d in enumerate(diagnoses, start=1)))
    return document


_CUTS_SHOWN = 3


def _cut_note(log: str, cut: Sequence[Cut]) -> list[Paragraph]:
    """Which lines were too long to read whole: only their two ends were read."""
    if not cut:
        return []
    shown = ", ".join(f"{log}:{c.line} ({c.skipped:,} bytes)" for c in cut[:_CUTS_SHOWN])
    more = f" +{len(cut) - _CUTS_SHOWN} more" if len(cut) > _CUTS_SHOWN else ""
    whose = "its" if len(cut) == 1 else "each one's"
    return [
        Paragraph(
            Line(
                f"{counted(len(cut), 'line')} too long to read whole, "
                f"{whose} middle not read: {shown}{more}.",
                "dim",
            )
        )
    ]


def snapshot_bearing(diagnoses: Sequence[Diagnosis], snapshot: str) -> str:
    """What the snapshot confirmed and ruled out, by each cause's number, or that it bore on
    none of them: a snapshot that changes nothing says so, rather than passing unseen."""
    numbered = list(enumerate(diagnoses, 1))
    said = {
        verb: [f"{n}. {d.title.rstrip('.')}" for n, d in numbered if d.confirmation == state]
        for verb, state in (("confirms", "confirmed"), ("rules out", "contradicted"))
    }
    parts = [f"{verb} {'; '.join(titles)}" for verb, titles in said.items() if titles]
    if not parts:
        return (
            f"Snapshot {snapshot}: bears on none of these causes (it holds no fact that "
            "confirms or rules out any of them)."
        )
    return f"Snapshot {snapshot}: {', and '.join(parts)}."


def _diagnosis(number: int, diagnosis: Diagnosis) -> Section:
    """Title and confirmation, then a row each for id, layer, kind, confidence (its word and
    what the diagnosis rests on: the score only orders them, and ``--json`` keeps it), cause,
    fix, the first log lines that matched, the snapshot facts that decided and the source."""
    status = "" if diagnosis.confirmation == "unknown" else f" [{diagnosis.confirmation}]"
    rows: list[tuple[str, Line]] = [
        ("id", Line(diagnosis.signature_id, "code")),
        ("layer", Line(diagnosis.layer)),
        ("kind", Line(diagnosis.kind)),
        (
            "confidence",
            Line(confidence_words(diagnosis.confidence, diagnosis.score, diagnosis.confirmation)),
        ),
        ("cause", Line(diagnosis.cause)),
        ("fix", Line(diagnosis.fix)),
    ]
    shown = diagnosis.evidence[:_EVIDENCE_SHOWN]
    rows += [(f"line {item.line}", Line(item.text, "code")) for item in shown]
    if diagnosis.matches > len(shown):
        rows.append(("", Line(f"({diagnosis.matches} matching lines in all)", "dim")))
    rows += [
        ("snapshot", text(f"{fact.key} = {fact.value} ", (f"({fact.source})", "dim")))
        for fact in diagnosis.confirmed_by
    ]
    rows.append(("source", Line(diagnosis.source, "dim")))
    cells = tuple((Line(label, "dim"), value) for label, value in rows)
    return section(text(f"{number}. {diagnosis.title}{status}"), Table(("", ""), cells))


def signatures_document(listed: Sequence[Entry]) -> Document:
    """Every cause explain can name, by layer: its id, then its title (under it on a narrow
    terminal)."""
    layers: dict[str, list[tuple[str, str]]] = {}
    for entry in listed:
        layers.setdefault(entry.layer, []).append((entry.id, entry.title))
    tiers = sorted({entry.tier for entry in listed})
    document = Document(
        Line(f"{len(listed)} causes explain can name ({', '.join(tiers)}), by layer.")
    )
    for layer, rows_of in layers.items():
        rows = tuple((Line(sid, "code"), Line(title)) for sid, title in rows_of)
        compact = tuple(Compact(Line(), (Line(title),)) for _, title in rows_of)
        table = Table(("id", "title"), rows, compact=compact, aligned=False)
        document.add(section(f"{layer} ({len(rows_of)})", table))
    return document
