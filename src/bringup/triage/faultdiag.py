"""Huawei MindCluster FaultDiag's public fault knowledge as signatures of their own tier.

``kb/data/faults/faultdiag.toml`` holds the software-stack faults of FaultDiag's knowledge
repository (cause, description and suggestion in English and Chinese, and the keywords it
finds each fault by). Each fault becomes a signature whose patterns are its keyword groups
(keywords in order on one line, as FaultDiag reads them); they rank below bringup's own
signatures, whose causes were established in public threads, and above what the fallback
reads from codes and tracebacks.

``kb/data/faults/additions.toml`` holds bringup's own additions to some faults: other wordings
of the same fault (newer CANN releases print an operator's dtype or shape constraint in words
FaultDiag's keywords predate) and a concrete next step, each with the public thread that shows
the wording with that cause. They are kept apart from the transcription and merged when read.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Optional

import msgspec

from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of, read_data_toml
from bringup.triage.catalogues import CatalogueInfo
from bringup.triage.retired import current_id
from bringup.triage.signatures import Signature, SignatureError, SignatureRecord
from bringup.triage.specificity import literal_count
from bringup.triage.wholenumbers import after, before, end_digits, start_digits

FAULTS_FILE = Path(__file__).resolve().parent.parent / "kb" / "data" / "faults" / "faultdiag.toml"
ADDITIONS_FILE = FAULTS_FILE.with_name("additions.toml")
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
    see_also: list[str] = []
    """The sources of bringup's additions to this fault (never in the transcription)."""
    generic: bool = False
    """A catch-all (bringup's reading, never in the transcription): its keywords are advice a
    runtime prints under any failure of its kind, so it ranks below what the log's codes and
    exception say (``CatchAll``)."""


class Addition(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """More keyword groups and a next step for a FaultDiag fault, with the thread that shows
    the wording with that fault's cause."""

    fault: str
    match: list[list[str]]
    suggestion_en: str
    suggestion_zh: str
    source: str


class CatchAll(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A fault whose keywords are only the advice a runtime prints under every failure of a
    kind (CUDA's "kernel errors might be asynchronously reported at some other API call",
    torch_npu's "Since the operator is called asynchronously, the stacktrace may be
    inaccurate"): it says that an asynchronous operation failed, not which or why, and ranks
    as a catch-all; ``source`` shows the advice printed under failures of different causes."""

    fault: str
    why: str
    source: str


class AdditionFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    addition: list[Addition] = []
    catch_all: list[CatchAll] = []


class FaultFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    catalogue: CatalogueInfo
    fault: list[Fault] = []


def read_faults(
    path: Path = FAULTS_FILE, additions: Optional[Path] = ADDITIONS_FILE
) -> tuple[CatalogueInfo, tuple[Fault, ...]]:
    """The fault file, checked: a public source, and match groups with keywords; with the
    additions of ``additions`` merged (each checked the same way, and for a fault it names)."""
    text, document = read_data_toml(path)
    try:
        content = msgspec.convert(document, type=FaultFile, strict=True)
    except msgspec.ValidationError as error:
        raise SignatureError(str(error), path=str(path)) from None
    if not content.catalogue.source.startswith("https://"):
        raise SignatureError("the catalogue needs a public https:// source", path=str(path))
    for fault in content.fault:
        _check_groups(fault.match, path, text, fault.id)
    faults = {fault.id: fault for fault in content.fault}
    added = _read_additions(additions) if additions else AdditionFile()
    for catch_all in added.catch_all:
        known = faults.get(catch_all.fault)
        if known is None:
            raise SignatureError(f"no fault {catch_all.fault}", path=str(additions))
        faults[known.id] = msgspec.structs.replace(known, generic=True)
    for addition in added.addition:
        known = faults.get(addition.fault)
        if known is None:
            raise SignatureError(f"no fault {addition.fault}", path=str(additions))
        faults[known.id] = msgspec.structs.replace(
            known,
            match=[*known.match, *addition.match],
            suggestion_en=[*known.suggestion_en, addition.suggestion_en],
            suggestion_zh=[*known.suggestion_zh, addition.suggestion_zh],
            see_also=[*known.see_also, addition.source],
        )
    return content.catalogue, tuple(faults.values())


def _read_additions(path: Path) -> AdditionFile:
    text, document = read_data_toml(path)
    try:
        content = msgspec.convert(document, type=AdditionFile, strict=True)
    except msgspec.ValidationError as error:
        raise SignatureError(str(error), path=str(path)) from None
    for addition in content.addition:
        _check_groups(addition.match, path, text, addition.fault)
    sourced: list[tuple[str, str]] = [(a.fault, a.source) for a in content.addition]
    sourced.extend((c.fault, c.source) for c in content.catch_all)
    for fault, source in sourced:
        if not source.startswith("https://"):
            raise SignatureError(
                "source must be a public https:// URL",
                path=str(path),
                line=line_of(text, "fault", fault),
                record_id=fault,
                field="source",
            )
    return content


def _check_groups(match: list[list[str]], path: Path, text: str, fault: str) -> None:
    if not match or not all(group and all(group) for group in match):
        raise SignatureError(
            "every match group needs keywords",
            path=str(path),
            line=line_of(text, "id", fault) or line_of(text, "fault", fault),
            record_id=fault,
            field="match",
        )


def keyword_pattern(keywords: list[str]) -> str:
    """RE2 for keywords that occur in this order on one line, a number at a keyword's end or
    start read whole (``wholenumbers``): ``cqeStatus=0x1`` is not ``cqeStatus=0x150000``."""
    parts = [before(start_digits(keywords[0]))]
    for keyword, following in zip(keywords, keywords[1:]):
        parts += [re.escape(keyword), _gap(keyword, following)]
    parts += [re.escape(keywords[-1]), after(end_digits(keywords[-1]))]
    return "".join(parts)


def _gap(keyword: str, following: str) -> str:
    """What may lie between two keywords: anything on the line, but no digit of the number
    ``keyword`` ends with right after it, nor of the one ``following`` starts with before it."""
    ends, starts = end_digits(keyword), start_digits(following)
    if not ends and not starts:
        return ".*"
    if ends and starts:  # a digit ends ``keyword``: the two are never adjacent
        return f"(?:[^{max(ends, starts, key=len)}]|[^{ends}].*[^{starts}])"
    if ends:
        gap, adjacent = f"[^{ends}].*", re.match(f"[{ends}]", following)
    else:
        gap, adjacent = f".*[^{starts}]", re.match(f"[{starts}]", keyword[-1])
    return gap if adjacent else f"(?:{gap})?"


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
        see_also=list(fault.see_also),
        generic=fault.generic,
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
    """The FaultDiag faults as signatures (read once per process), but a fault retired into
    the entry that states its cause (``kb/data/retired/ids.toml``): that entry reads its lines."""
    catalogue, faults = read_faults(path)
    live = (fault for fault in faults if current_id(fault_id(fault)) == fault_id(fault))
    return tuple(fault_signature(fault, catalogue, str(path)) for fault in live)
