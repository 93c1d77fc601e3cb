"""Diagnoses in the reader's language, from the catalogues that are bilingual.

FaultDiag's faults carry their cause, description and suggestion in English and Chinese, and
some code catalogues (DCMI) keep the Chinese meaning and handling of their source document,
and the FAQ entries (``bringup.triage.faq``) the Chinese text of their page. An entry that
FaultDiag's faults were retired into (``kb/data/retired/ids.toml``: two operator constraints
into the class of an operator refusing its inputs) says their words, which its lines used to
give (reread40 L9).
``localise`` rewrites a diagnosis's title, cause and fix from those, field by field: a field
whose source has no text in the language asked for stays in English, so nothing is lost and
nothing is machine-translated. Bringup's own signatures and the fallback's rules are English.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage.builtin import builtin_data
from bringup.triage.catalogues import KEYS, Catalogue, Meaning, builtin_catalogues
from bringup.triage.codediagnoses import code_id, code_said, code_texts
from bringup.triage.faultdiag import fault_id, fault_texts, read_faults
from bringup.triage.loader import load_signatures
from bringup.triage.retired import retired
from bringup.triage.signatures import BUILTIN_DIR, Signature, SignatureSet
from bringup.triage.templates import render

LANGUAGES = ("en", "zh")

Texts = tuple[str, str, str]
"""title, cause, fix"""
ZH_SEPARATOR = "\uff1b"
"""The fullwidth semicolon that separates items of a Chinese list, as FaultDiag's own texts
end theirs (kb/data/faults/faultdiag.toml suggestion_zh)."""


def localise(diagnoses: Iterable[Diagnosis], lang: str) -> list[Diagnosis]:
    """``diagnoses`` with each field in ``lang`` where a bilingual source has it."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not one of {', '.join(LANGUAGES)}")
    if lang == "en":
        return list(diagnoses)
    return [_localised(diagnosis, lang) for diagnosis in diagnoses]


def _localised(diagnosis: Diagnosis, lang: str) -> Diagnosis:
    """``diagnosis`` in ``lang``; a code told as a signature or class keeps its own meaning
    after the cause (``code_said``), whatever text replaces the cause before it."""
    texts = _texts(diagnosis, lang)
    code = _told_code(diagnosis)
    if texts is None and code is None:
        return diagnosis
    told = diagnosis.cause
    if code is not None:
        told = told[: -len(code_said(code))]
    english = (diagnosis.title, told, diagnosis.fix)
    title, cause, fix = (new or old for new, old in zip(texts or ("", "", ""), english))
    if code is not None:
        cause += code_said(code, lang)
    return msgspec.structs.replace(diagnosis, title=title, cause=cause, fix=fix)


def _told_code(diagnosis: Diagnosis) -> Optional[Meaning]:
    """The code whose meaning ``codediagnoses`` put after the cause of the signature or class
    it was told as (its value is in the captures), if any."""
    if diagnosis.signature_id.startswith("code.") or "code" not in diagnosis.captures:
        return None
    for catalogue in builtin_catalogues():
        for group in KEYS:
            meaning = catalogue.lookup(group, diagnosis.captures["code"])
            if meaning is not None and diagnosis.cause.endswith(code_said(meaning)):
                return meaning
    return None


def _texts(diagnosis: Diagnosis, lang: str) -> Optional[Texts]:
    if diagnosis.signature_id.startswith("faultdiag."):
        return _fault_texts(lang).get(diagnosis.signature_id)
    if diagnosis.signature_id.startswith("code."):
        meaning = _meaning(diagnosis, builtin_catalogues())
        return code_texts(meaning, lang) if meaning is not None else None
    return _signature_texts(diagnosis) or _retired_texts(diagnosis.signature_id, lang)


def _signature_texts(diagnosis: Diagnosis) -> Optional[Texts]:
    """A built-in signature's Chinese texts, filled with the diagnosis's captures (the host's
    facts are not at hand here: a segment that needs one is left out)."""
    catalogue = _builtin_signatures()
    signature = catalogue.by_id(diagnosis.signature_id) or _faq().get(diagnosis.signature_id)
    if signature is None:
        return None
    record = signature.record
    if record.title_zh is None and record.cause_zh is None and record.fix_zh is None:
        return None

    def fill(template: Optional[str]) -> str:
        if template is None:
            return ""
        return render(template, diagnosis.captures, lambda _name: None, catalogue.tables)

    return record.title_zh or "", fill(record.cause_zh), fill(record.fix_zh)


@functools.cache
def _builtin_signatures() -> SignatureSet:
    return load_signatures([BUILTIN_DIR])


@functools.cache
def _faq() -> dict[str, Signature]:
    return {signature.id: signature for signature in builtin_data().faq}


def _retired_texts(signature_id: str, lang: str) -> Optional[Texts]:
    """The texts of the FaultDiag faults retired into ``signature_id``, each said once: their
    titles one after the other, their descriptions and suggestions in order."""
    texts = _fault_texts(lang)
    old = [texts[was] for was, now in retired().items() if now == signature_id and was in texts]
    if not old:
        return None
    title, cause, fix = (list(dict.fromkeys(part[n] for part in old)) for n in range(3))
    return ZH_SEPARATOR.join(title), " ".join(cause), " ".join(fix)


@functools.cache
def _fault_texts(lang: str) -> dict[str, Texts]:
    catalogue, faults = read_faults()
    return {fault_id(fault): fault_texts(fault, catalogue, lang) for fault in faults}


def _meaning(diagnosis: Diagnosis, catalogues: Iterable[Catalogue]) -> Optional[Meaning]:
    """The catalogue meaning a code diagnosis was made from: its catalogue is in its id, the
    value it found in its captures."""
    name = diagnosis.signature_id.split(".")[1]
    value = diagnosis.captures.get("code", "")
    for catalogue in catalogues:
        if catalogue.info.name != name:
            continue
        for group in KEYS:
            meaning = catalogue.lookup(group, value)
            if meaning is not None and code_id(meaning) == diagnosis.signature_id:
                return meaning
    return None
