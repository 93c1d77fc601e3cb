"""``bringup explain`` for people: the likely causes of a failure log, best first, wrapped
at the console's width (80 columns when piped) so it reads the same in a terminal and in a
log file. Log lines quoted as evidence keep their words whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.report.layout import Unit, flow, print_wrapped
from bringup.report.wording import counted

if TYPE_CHECKING:
    from bringup.model.diagnosis import Diagnosis
    from bringup.report.console import Writer
    from bringup.triage.signatures import SignatureSet

_EVIDENCE_SHOWN = 3


def render_diagnoses(console: Writer, diagnoses: Sequence[Diagnosis], log: str, lines: int) -> None:
    """Every diagnosis with its title, id, layer, cause, fix, evidence and source."""
    if not diagnoses:
        print_wrapped(
            console,
            f"{log}: {counted(lines, 'line')}, no known failure signature matched.",
            indent=2,
            first=0,
        )
        return
    print_wrapped(
        console,
        f"{log}: {counted(lines, 'line')}, {counted(len(diagnoses), 'likely cause')}, "
        "most likely first.",
        indent=2,
        first=0,
    )
    for number, diagnosis in enumerate(diagnoses, start=1):
        console.print()
        status = "" if diagnosis.confirmation == "unknown" else f" [{diagnosis.confirmation}]"
        print_wrapped(console, f"{number}. {diagnosis.title}{status}", indent=3, first=0)
        labels = (
            f"id: {diagnosis.signature_id}",
            f"layer: {diagnosis.layer}",
            f"kind: {diagnosis.kind}",
            f"score: {diagnosis.score:g}",
        )
        for line in flow([Unit(label) for label in labels], console.width, 3):
            console.print(line)
        print_wrapped(console, f"cause: {diagnosis.cause}", indent=10, first=3)
        print_wrapped(console, f"fix:   {diagnosis.fix}", indent=10, first=3)
        shown = diagnosis.evidence[:_EVIDENCE_SHOWN]
        for item in shown:
            print_wrapped(console, f"line {item.line}: {item.text}", indent=10, first=3)
        if diagnosis.matches > len(shown):
            print_wrapped(console, f"({diagnosis.matches} matching lines in all)", indent=3)
        for fact in diagnosis.confirmed_by:
            print_wrapped(
                console,
                f"snapshot: {fact.key} = {fact.value} ({fact.source})",
                indent=10,
                first=3,
            )
        print_wrapped(console, f"source: {diagnosis.source}", indent=10, first=3)


def render_signatures(console: Writer, catalogue: SignatureSet) -> None:
    """Every signature by layer: its id, then its title under it."""
    signatures = catalogue.signatures
    print_wrapped(console, f"{len(signatures)} failure signatures, by layer.", indent=2, first=0)
    layers: dict[str, list[tuple[str, str]]] = {}
    for signature in signatures:
        layers.setdefault(signature.record.layer, []).append((signature.id, signature.record.title))
    for layer, entries in layers.items():
        console.print()
        print_wrapped(console, f"{layer} ({len(entries)})", indent=2, first=0)
        for signature_id, title in entries:
            print_wrapped(console, signature_id, indent=4, first=2)
            print_wrapped(console, title, indent=6, first=6)
