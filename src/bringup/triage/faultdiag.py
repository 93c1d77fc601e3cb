"""Huawei MindCluster FaultDiag's public fault knowledge as signatures of their own tier.

``kb/data/faults/faultdiag.toml`` holds the software-stack faults of FaultDiag's knowledge
repository (cause, description and suggestion in English and Chinese, and the keywords it
finds each fault by). Each fault becomes a signature whose patterns are its keyword groups
(keywords in order on one line, as FaultDiag reads them); they rank below bringup's own
signatures, whose causes were established in public threads, and above what the fallback
reads from codes and tracebacks.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import msgspec

from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of, read_toml
from bringup.triage.catalogues import CatalogueInfo
from bringup.triage.signatures import Signature, SignatureError, SignatureRecord
from bringup.triage.specificity import literal_count

FAULTS_FILE = Path(__file__).resolve().parent.parent / "kb" / "data" / "faults" / "faultdiag.toml"
TIER = "knowledge"


class Fault(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    component: str
    module: str
    log: str
    match: list[list[str]]
    layer: Layer
    kind: CauseKind
    cause_en: str
    cause_zh: str
    description_en: str
    description_zh: str
    suggestion_en: list[str]
    suggestion_zh: list[str]


class FaultFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    catalogue: CatalogueInfo
    fault: list[Fault] = []


def read_faults(path: Path = FAULTS_FILE) -> tuple[CatalogueInfo, tuple[Fault, ...]]:
    """The fault file, checked: a public source, and match groups with keywords."""
    text, document = read_toml(path)
    try:
        content = msgspec.convert(document, type=FaultFile, strict=True)
    except msgspec.ValidationError as error:
        raise SignatureError(str(error), path=str(path)) from None
    if not content.catalogue.source.startswith("https://"):
        raise SignatureError("the catalogue needs a public https:// source", path=str(path))
    for fault in content.fault:
        if not fault.match or not all(group and all(group) for group in fault.match):
            raise SignatureError(
                "every match group needs keywords",
                path=str(path),
                line=line_of(text, "id", fault.id),
                record_id=fault.id,
                field="match",
            )
    return content.catalogue, tuple(content.fault)


def keyword_pattern(keywords: list[str]) -> str:
    """RE2 for keywords that occur in this order on one line."""
    return ".*".join(re.escape(keyword) for keyword in keywords)


def fault_signature(fault: Fault, catalogue: CatalogueInfo, path: str) -> Signature:
    """A fault as a signature. Its patterns are escaped keywords, valid RE2 by construction
    and never empty (``read_faults`` checks), so they are not compiled here: that would cost
    every ``bringup explain`` a tenth of a second (a test compiles them all)."""
    patterns = [keyword_pattern(group) for group in fault.match]
    title, cause, fix = fault_texts(fault, catalogue, "en")
    record = SignatureRecord(
        id=fault_id(fault),
        title=title,
        layer=fault.layer,
        kind=fault.kind,
        cause=_braces(cause),
        fix=_braces(fix),
        source=catalogue.source,
        patterns=patterns,
    )
    groups: tuple[frozenset[str], ...] = tuple(frozenset() for _ in patterns)
    specificity = tuple(literal_count(p) for p in patterns)
    return Signature(record, path, None, groups, specificity, TIER)


def fault_id(fault: Fault) -> str:
    """The id of the signature a fault becomes."""
    return "faultdiag." + re.sub(r"[^a-z0-9_-]", "-", fault.id.lower())


def fault_texts(fault: Fault, catalogue: CatalogueInfo, lang: str) -> tuple[str, str, str]:
    """A fault's title, cause and fix in ``lang`` (``en`` or ``zh``; FaultDiag has both)."""
    where = f" ({catalogue.title}: {fault.component} {fault.module})"
    if lang == "zh":
        return fault.cause_zh, fault.description_zh + where, " ".join(fault.suggestion_zh)
    return fault.cause_en, fault.description_en + where, " ".join(fault.suggestion_en)


def _braces(text: str) -> str:
    """Text with template braces and brackets replaced (the data is prose, not a template)."""
    return text.replace("{", "(").replace("}", ")").replace("[[", "[ [").replace("]]", "] ]")


@functools.cache
def faultdiag_signatures(path: Path = FAULTS_FILE) -> tuple[Signature, ...]:
    """The FaultDiag faults as signatures (read once per process)."""
    catalogue, faults = read_faults(path)
    return tuple(fault_signature(fault, catalogue, str(path)) for fault in faults)
