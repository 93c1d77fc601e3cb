"""Two versions a failure log states that the knowledge base says do not go together.

Failure reports often paste the versions in use beside the error: a ``pip list`` or ``pip show``
excerpt, ``torch_npu 2.1.0.post3``, ``CANN version: 8.0.RC1``, the ``npu-smi`` header, an
``ascend-toolkit/8.0.RC2`` path. The scan notes such lines (``findings.VERSION``: a name this
module pairs followed by a version, ``Name: <name>`` of ``pip show`` with the lines after it);
what they state is read by the readers of ``bringup probe --from`` (``import_report``), and
each pair of ``PAIRS`` is asked of the knowledge base's tables (``bringup kb why``). A pair
the tables rule out is an install-layer mismatch the log itself shows: its diagnosis names
both versions with their lines and the deciding row with its source. A pair no row decides,
a subject the log states twice with different versions, and a line that states a request
rather than what is installed (``pip install x==1``, a resolver's "depends on", "Collecting",
a command's continuation line) say nothing: unknown stays unknown. A version written without
its build suffix (``torch_npu 2.1.0`` for 2.1.0.post4, ``CANN 8.0.RC1`` for 8.0.RC1.alpha003)
could be any of the releases it abbreviates, so it is ruled out only when every one of them is.

The diagnosis ranks above the fallback's readings and the catch-alls, below a specific
signature that matched the log's first failure (``placed``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Optional

from bringup.model.diagnosis import CauseKind, Diagnosis, Evidence, Layer
from bringup.triage import tiers
from bringup.triage.lookups import knowledge_of, loaded
from bringup.triage.templates import render

if TYPE_CHECKING:
    from bringup.kb.knowledge import KnowledgeBase
    from bringup.kb.query import Compatibility
    from bringup.triage.findings import FailureSighting
    from bringup.triage.signatures import SignatureSet

PAIRS: Mapping[tuple[str, str], str] = {
    ("torch_npu", "torch"): "class.install.npu-plugin-out-of-step",
    ("vllm_ascend", "vllm"): "class.install.npu-plugin-out-of-step",
    ("vllm_ascend", "torch_npu"): "class.install.npu-plugin-out-of-step",
    ("vllm_ascend", "torch"): "class.install.npu-plugin-out-of-step",
    ("torch_npu", "cann"): "ascend.install.torch-npu-cann-mismatch",
    ("mindspore", "cann"): "ascend.install.mindspore-cann-mismatch",
    ("cann", "ascend_driver"): "ascend.runtime.driver-firmware-mismatch",
}
"""The pairs judged, each with the catalogue's cause a mismatch of it is. Left out: pairs whose
versions a log states ambiguously (a ``CUDA`` version is the toolkit's, torch's build's or the
driver's, by who printed it) and pairs with Python (an interpreter a wheel was not built for
refuses to install it, so a log that runs the package shows no such pair)."""

_NAMES = (
    r"torch[_-]npu|torch|pytorch|vllm[_-]ascend|vllm|mindspore|cann|cann-toolkit"
    r"|ascend-toolkit|npu-smi"
)
PATTERN = (
    r"(?m)(?i:\b(?P<stated>"
    + _NAMES
    + r")(?:[ \t_]{0,2}version)?[ \t:=/_-]{1,40}v?[0-9]{1,4}\.[0-9]"
    r"|^[ \t]*Name:[ \t]*(?:torch[_-]npu|torch|vllm[_-]ascend|vllm|mindspore)[ \t]*$)"
)
"""A line that may state a version of a subject of ``PAIRS`` (one named group, so that a match
after ``MAX_VERSIONS`` lines only counts: ``Findings.counted``)."""

_SAID = re.compile(
    r"(?i)\b("
    + _NAMES
    + r")(?:[ \t_]{0,2}version)?[ \t:=/_-]{1,40}v?([0-9]{1,4}\.[0-9][\w.+-]{0,40})"
    r"|^[ \t]*Name:[ \t]*(\S+)",
    re.ASCII,
)
"""``PATTERN`` with the version it matched: what a line may say, to tell before reading the
lines whether any pair can be judged (``_judgeable``)."""
_SUBJECT = {"pytorch": "torch", "cann_toolkit": "cann", "ascend_toolkit": "cann"}
_SUBJECT["npu_smi"] = "ascend_driver"

_REQUESTED = re.compile(
    r"(?i)\b(?:pip3?|conda|uv|mamba)\b[^\n]{0,80}\binstall\b|\bdepends on\b|\brequirements?\b"
    r"|\brequested\b|^\s*(?:Collecting|Downloading|Looking in)\b|\bCould not find\b"
    r"|\bNo matching distribution\b|\bCannot install\b|\bconflict|\brequires?\b|依赖|冲突"
)
"""A line that asks for a version rather than stating the one installed: an install command,
the resolver's requirements and conflicts (and the same in Chinese: 依赖 "depends on", 冲突
"conflict", tests/data/outsider44 L03), a download."""


class Stated(NamedTuple):
    """A subject's version as the log states it, and the line that states it."""

    subject: str
    version: str
    line: int
    text: str


def stated_versions(sightings: Sequence[FailureSighting]) -> dict[str, Stated]:
    """The subjects of ``PAIRS`` that the noted lines state one version of each (a subject
    stated with two versions is left out), read as ``probe --from`` reads a report."""
    numbers, lines = _lines(sightings)
    if not _judgeable(lines):
        return {}
    from bringup import subjects
    from bringup.probe.importers import import_report
    from bringup.probe.importers.reading import PACKAGE_PREFIX

    snapshot = import_report("\n".join(lines), "log", taken_at="-")
    by_key = {s.fact_key: s.name for s in subjects.catalogue() if s.fact_key}
    wanted = {subject for pair in PAIRS for subject in pair}
    said: dict[str, set[str]] = {}
    found: dict[str, Stated] = {}
    for fact in snapshot.facts:
        if fact.key.startswith(PACKAGE_PREFIX):
            subject = subjects.canonical_subject(fact.key[len(PACKAGE_PREFIX) :])
        else:
            subject = by_key.get(fact.key, "")
        at = fact.source.line or 0
        if subject not in wanted or not fact.ok or fact.value is None or not at:
            continue
        said.setdefault(subject, set()).add(str(fact.value))
        if numbers[at - 1] and subject not in found:
            found[subject] = Stated(subject, str(fact.value), numbers[at - 1], lines[at - 1])
    return {subject: item for subject, item in found.items() if len(said[subject]) == 1}


def _judgeable(lines: Sequence[str]) -> bool:
    """Whether the lines may state both subjects of a pair with one version each: reading
    them (``import_report``, the knowledge base) costs a tenth of the scan of a long log whose
    many pasted versions (``torch`` in ten logs) leave every subject unknown."""
    said: dict[str, set[str]] = {}
    for line in lines:
        for found in _SAID.finditer(line):
            name, version, shown = found.groups()
            subject = re.sub(r"[-_.]+", "_", (name or shown).lower())
            said.setdefault(_SUBJECT.get(subject, subject), set()).add(version or "")
    once = {subject for subject, versions in said.items() if len(versions - {""}) <= 1}
    return any(a in once and b in once for a, b in PAIRS)


def _lines(sightings: Sequence[FailureSighting]) -> tuple[list[int], list[str]]:
    """The noted lines and the lines around each, in log order, with their line numbers (0 for
    the blank line set between lines that do not follow each other), but the requests and the
    lines that continue a command (after a line ending in a backslash)."""
    by_number = {s.line - 1: s.preceding for s in sightings if s.line > 1}
    for sighting in sightings:
        for offset, text in enumerate([sighting.text, *sighting.following.split("\n")[:2]]):
            by_number[sighting.line + offset] = text
    numbers: list[int] = []
    lines: list[str] = []
    for number in sorted(by_number):
        text = by_number[number]
        if _REQUESTED.search(text) or by_number.get(number - 1, "").rstrip().endswith("\\"):
            continue
        if numbers and numbers[-1] not in (0, number - 1):
            numbers.append(0)
            lines.append("")
        numbers.append(number)
        lines.append(text)
    return numbers, lines


class Mismatch(NamedTuple):
    """A pair of stated versions the knowledge base rules out, and its verdict."""

    cause: str
    first: Stated
    second: Stated
    verdict: Compatibility


def mismatches(stated: Mapping[str, Stated], kb: KnowledgeBase) -> Iterator[Mismatch]:
    """The pairs of ``PAIRS`` among ``stated`` that the knowledge base rules out, for every
    release each stated version may abbreviate."""
    for (a, b), cause in PAIRS.items():
        if a not in stated or b not in stated:
            continue
        verdicts = [
            kb.compatible(f"{a}=={one}", f"{b}=={other}")
            for one, other in itertools.product(
                _meant(kb, a, stated[a].version), _meant(kb, b, stated[b].version)
            )
        ]
        if verdicts and all(v.status == "incompatible" for v in verdicts):
            yield Mismatch(cause, stated[a], stated[b], verdicts[0])


def _meant(kb: KnowledgeBase, subject: str, version: str) -> list[str]:
    """``version`` and the known releases it may stand for (``2.1.0`` for ``2.1.0.post4``)."""
    longer = [r for r in kb.releases(subject) if r.lower().startswith((f"{version.lower()}.",))]
    return [version, *longer]


def diagnose(sightings: Sequence[FailureSighting], catalogue: SignatureSet) -> list[Diagnosis]:
    """One diagnosis per pair of stated versions the knowledge base of the catalogue's
    look-ups (the one `--kb`/`--kb-extra` gave: ``lookups.knowledge_of``) rules out."""
    stated = stated_versions(sightings)
    if len(stated) < 2:
        return []
    kb = loaded(knowledge_of(catalogue.tables))
    if kb is None:
        return []
    found: list[Diagnosis] = []
    for mismatch in mismatches(stated, kb):
        made = _diagnosis(mismatch, catalogue)
        if made is not None and all(d.signature_id != made.signature_id for d in found):
            found.append(made)
    return found


def _diagnosis(mismatch: Mismatch, catalogue: SignatureSet) -> Optional[Diagnosis]:
    entry = _entry(mismatch.cause, catalogue)
    if entry is None:
        return None
    title, layer, kind, fix = entry
    first, second = mismatch.first, mismatch.second
    row = mismatch.verdict.deciding[0].rule
    cause = (
        f"The log states {first.subject} {first.version} (line {first.line}) and "
        f"{second.subject} {second.version} (line {second.line}); the knowledge base's row "
        f"{row.id} pairs {row.subject} {row.spec} with {row.then_subject} {row.then_spec} "
        f"({row.source}): these two versions do not go together."
    )
    return Diagnosis(
        signature_id=mismatch.cause,
        title=title,
        layer=layer,
        kind=kind,
        cause=cause,
        fix=fix,
        source=row.source,
        evidence=tuple(
            Evidence(line=s.line, text=s.text.strip()[:400])
            for s in sorted((first, second), key=lambda s: s.line)
        ),
        matches=2,
        score=tiers.PAIR_SCORE,
        captures={first.subject: first.version, second.subject: second.version},
        confidence="medium",
    )


def _entry(cause: str, catalogue: SignatureSet) -> Optional[tuple[str, Layer, CauseKind, str]]:
    """The title, layer, kind and fix of the catalogue's cause ``cause`` (a signature, or a
    rule of the fallback)."""
    signature = catalogue.by_id(cause)
    if signature is not None:
        record = signature.record
        fix = render(record.fix, {}, lambda key: None, catalogue.tables)
        return record.title, record.layer, record.kind, fix
    from bringup.triage.fallbackrules import builtin_rules

    rules = builtin_rules()
    for rule in rules.lines:
        if rule.id == cause:
            return rule.title, rule.layer, rule.kind, rule.next
    for other in rules.exceptions:
        if other.id == cause:
            return other.title, other.layer, other.kind, other.next
    return None


def with_mismatches(
    diagnoses: list[Diagnosis], sightings: Sequence[FailureSighting], catalogue: SignatureSet
) -> list[Diagnosis]:
    """``diagnoses`` with the pairs of stated versions the tables rule out, for a log that
    shows a failure (a pasted environment alone is no failure)."""
    if not diagnoses:
        return diagnoses
    return placed(diagnoses, diagnose(sightings, catalogue), catalogue)


def placed(
    diagnoses: list[Diagnosis], found: Sequence[Diagnosis], catalogue: SignatureSet
) -> list[Diagnosis]:
    """``found`` placed in ``diagnoses``: below what a snapshot confirmed and a specific
    signature that matched the log's first failure, above the rest (a diagnosis of the same
    cause below that place gives way to it)."""
    if not found or not diagnoses:
        return diagnoses
    earliest = min((d.evidence[0].line for d in diagnoses if d.evidence), default=0)
    at = 0
    while at < len(diagnoses) and _first_failure(diagnoses[at], earliest, catalogue):
        at += 1
    result = list(diagnoses)
    for made in reversed(found):
        old = next((i for i, d in enumerate(result) if d.signature_id == made.signature_id), None)
        if old is not None and old < at:
            continue
        if old is not None:
            del result[old]
        result.insert(at, made)
    return result


def _first_failure(diagnosis: Diagnosis, earliest: int, catalogue: SignatureSet) -> bool:
    """Whether ``diagnosis`` is one a stated pair ranks below: confirmed by a snapshot, or a
    specific signature of bringup's own whose first line is the log's first failure."""
    if diagnosis.score >= tiers.CONFIRMED_FROM:
        return True
    signature = catalogue.by_id(diagnosis.signature_id)
    return (
        signature is not None
        and signature.tier == "signature"
        and not signature.record.generic
        and diagnosis.score >= tiers.OWN_FROM
        and bool(diagnosis.evidence)
        and diagnosis.evidence[0].line <= earliest
    )
