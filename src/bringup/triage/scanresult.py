"""What one pass of the signatures over a log found: each signature's hits and the scan's state."""

from __future__ import annotations

from dataclasses import dataclass, field

from bringup.model.diagnosis import Evidence
from bringup.triage.blocks import Cut
from bringup.triage.findings import Findings

Tail = bytes


@dataclass
class SignatureHits:
    """What one signature matched: how many lines, the first few of them, what they captured
    (the first value seen for each group), its most specific matching pattern, and whether any
    match was one of its own patterns (``direct``) rather than only a shared symptom."""

    matches: int = 0
    evidence: list[Evidence] = field(default_factory=list)
    captures: dict[str, str] = field(default_factory=dict)
    first_line: int = 0
    specificity: int = 0
    last_line: int = 0
    direct: bool = False
    heads: list[str] = field(default_factory=list)
    """For each of ``evidence``, the start of its line when the quote begins inside it ('' when
    not): a long line's level ("[WARNING] GE(...)") is printed there, outside the quote."""

    def quoted(self, line: int, text: str, head: str) -> None:
        """Keep one more line as evidence: its quote, and its start when the quote is cut."""
        self.evidence.append(Evidence(line=line, text=text))
        self.heads.append(head)


@dataclass
class ScanResult:
    """Per signature what it matched, how many lines matched its context patterns, and what
    the observers found for the fallback."""

    hits: dict[str, SignatureHits]
    lines: int
    bytes: int
    context: dict[str, int] = field(default_factory=dict)
    findings: Findings = field(default_factory=Findings)
    tail: Tail = field(default=b"", compare=False, repr=False)
    """The last bytes scanned: where the frames of an exception at the start of the next
    block are (scan state), and what a log cut inside a traceback ends in
    (``bringup.triage.remnant``)."""
    cut: tuple[Cut, ...] = ()
    """The lines too long to read whole (``iter_blocks``), each read at its two ends."""
