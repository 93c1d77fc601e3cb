"""Diagnoses from error codes a log prints (``bringup.triage.catalogues``): each code's meaning
in the fallback's words, placed by its line's words or the class rule that explains the line,
or told as the signature or class its catalogue says it is; and the next step per layer for a
code whose catalogue gives none."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Optional

import msgspec

from bringup import backends
from bringup.backends.base import Backend
from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis, Evidence, Layer
from bringup.triage.catalogues import Catalogue, Meaning
from bringup.triage.evidence import EvidenceRule, Rule, rule_at, rule_diagnosis
from bringup.triage.findings import CodeSighting, Findings
from bringup.triage.signatures import SignatureRecord, SignatureSet
from bringup.triage.templates import render
from bringup.triage.tiers import FALLBACK_SCORES, SAME_FAILURE


def from_codes(
    findings: Findings,
    catalogues: Sequence[Catalogue],
    signatures: Optional[SignatureSet],
    evidence: Sequence[EvidenceRule] = (),
    classes: Optional[Mapping[str, Rule]] = None,
    *,
    placed_by: Optional[Mapping[int, Layer]] = None,
) -> Iterable[Diagnosis]:
    """The codes' diagnoses; a code known by its family only names the component that
    reported it, so the words of its failure line, when they name a layer, give the layer (so
    do they for a code whose meaning is only its module's inner error, ``placed``, unless that
    meaning names the module, ``named_module``: ACL's 507899 is the Driver's, device init,
    whatever call failed with it). A code of
    the usual layer on a line a class rule explains (``placed_by``: line to layer) takes the
    class's layer: the code says what the call returned, the class where the fault is (NCCL's
    NVLS "Cuda failure 'invalid argument'" is the NVSwitch fabric's, not the collective's). A
    code whose ``same_as`` is a signature or a class rule (of ``classes``) is told as that, but
    a code that is that cause only ``alone`` where another catalogue's code shares its line, not
    where its line's words say the value refused is this machine's limit (``same_as_not``:
    cudaErrorInvalidValue "on WSL2"), and not as a class on a line a class places in another
    layer (CUDA's "invalid argument" is the caller's defect, but on NCCL's NVLS line the
    fabric's, device init)."""
    classes = classes or {}
    placed_by = placed_by or {}
    by_name = {c.info.name: c for c in catalogues}
    found: list[tuple[CodeSighting, Meaning]] = []
    for sighting in findings.codes.values():
        catalogue = by_name.get(sighting.catalogue)
        meaning = catalogue.lookup(sighting.group, sighting.value) if catalogue else None
        if meaning is not None:
            found.append((sighting, meaning))
    reporter = {s.line: m for s, m in found if not m.exact}
    said_on: dict[int, set[str]] = {}
    for sighting, meaning in found:
        said_on.setdefault(sighting.line, set()).add(meaning.catalogue)
    raised = {s.line for s in findings.all_exceptions()}
    for sighting, meaning in found:
        exact = meaning.exact and not meaning.placed
        tier = "wrapper" if meaning.wrapper else ("code" if exact else "family")
        if tier == "wrapper" and _footer(sighting.line, raised):
            tier = "footer"
        diagnosis = _code_diagnosis(meaning, sighting, tier)
        outer = reporter.get(sighting.line)
        by_words = (tier == "family" or meaning.placed) and not meaning.named_module
        said = _said(rule_at(sighting.line, findings, evidence), meaning) if by_words else None
        if said:
            diagnosis = msgspec.structs.replace(diagnosis, layer=said)
        elif meaning.layer == KERNEL_LAYER and sighting.line in placed_by:
            diagnosis = msgspec.structs.replace(diagnosis, layer=placed_by[sighting.line])
        elif outer and outer.catalogue != meaning.catalogue and meaning.layer == KERNEL_LAYER:
            diagnosis = msgspec.structs.replace(diagnosis, layer=outer.layer)
        beside = said_on[sighting.line] - {meaning.catalogue}
        told = "" if meaning.alone and beside else meaning.same_as_on(sighting.text)
        same = signatures.by_id(told) if signatures and told else None
        if signatures is not None and same is not None:
            diagnosis = _saying(meaning, _as_signature(diagnosis, same.record, signatures))
        elif told in classes and placed_by.get(sighting.line, classes[told].layer) == (
            classes[told].layer
        ):
            diagnosis = _saying(meaning, _as_class(diagnosis, classes[told]))
        yield diagnosis


def _saying(meaning: Meaning, told: Diagnosis) -> Diagnosis:
    """``told`` (a code told as the signature or class its meaning is) with the code's own
    documented meaning after the cause: the class says what kind of failure it is, the code
    which case of it (ACLNN_ERR_PARAM_NULLPTR, a null pointer among the operator's parameters,
    of the class "an operator refused its inputs": flashserve/flash-linear-attention-npu#303,
    where the call passed ``bias=None``). A code known by its family only says no more than
    the class."""
    if not meaning.exact:
        return told
    return msgspec.structs.replace(told, cause=f"{told.cause}{code_said(meaning)}")


_SAID = {"en": " The code: ", "zh": " 错误码: "}


def code_said(meaning: Meaning, lang: str = "en") -> str:
    """What ``_saying`` puts after a told cause: the code's title and meaning, in Chinese
    (``lang="zh"``) where its catalogue has it (``code_texts``)."""
    return f"{_SAID[lang]}{code_texts(meaning, lang)[0]}"


def _said(rule: Optional[EvidenceRule], meaning: Meaning) -> Optional[Layer]:
    """The layer the words of a placed code's line give it: start-up words say that the
    component whose family the code is failed to start, so a collective library's code stays
    communication (its set-up: "EI0009: Transport init error", HCCL creating the links between
    ranks, vllm-project/vllm-ascend#3162), any other the device's."""
    if rule is None:
        return None
    return meaning.layer if rule.start_up and meaning.layer == "communication" else rule.layer


def _footer(line: int, raised: set[int]) -> bool:
    """Whether a code at ``line`` closes the message of an exception raised on one of the
    lines before it: an extension appends its own code for the failure it raises (torch_npu:
    "RuntimeError: ..." then "[ERROR] ... ERR00100 PTA call acl api failed"); the exception's
    type and message say more than a code that only says a call failed."""
    return any(line - SAME_FAILURE <= other < line for other in raised)


def _as_class(diagnosis: Diagnosis, rule: Rule) -> Diagnosis:
    """``diagnosis`` of a code told as the class of failure the code's meaning is (ACLNN's
    "parameter verification error" is an operator refusing its inputs): the class's id, title,
    cause and fix, the code's line, and the class's rank (the code names the cause as the
    class's words do); a specific signature still ranks above it."""
    told = rule_diagnosis(
        rule,
        diagnosis.evidence[0],
        matches=diagnosis.matches,
        score=FALLBACK_SCORES["class"],
        confidence=diagnosis.confidence,
    )
    return msgspec.structs.replace(told, captures=diagnosis.captures)


def _as_signature(
    diagnosis: Diagnosis, record: SignatureRecord, signatures: SignatureSet
) -> Diagnosis:
    """``diagnosis`` of a code told as the signature whose cause the code is: its id, title,
    cause and fix (optional parts that need a captured value left out), the code's line and
    score."""
    captures = diagnosis.captures

    def no_fact(key: str) -> Optional[str]:
        return None

    return msgspec.structs.replace(
        diagnosis,
        signature_id=record.id,
        title=record.title,
        layer=diagnosis.layer if record.layer == KERNEL_LAYER else record.layer,
        kind=record.kind,
        cause=render(record.cause, captures, no_fact, signatures.tables),
        fix=render(record.fix, captures, no_fact, signatures.tables),
        source=record.source,
        see_also=tuple(record.see_also),
    )


def code_id(meaning: Meaning) -> str:
    """The id of the diagnosis a code's meaning becomes."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", meaning.key.lower()).strip("-") or "warning"
    return f"code.{meaning.catalogue}.{slug}"


def code_texts(meaning: Meaning, lang: str = "en") -> tuple[str, str, str]:
    """A code's title, cause and fix; in Chinese (``lang="zh"``) where the catalogue has it,
    field by field, else in English."""
    said = meaning.meaning_zh if lang == "zh" and meaning.meaning_zh else meaning.meaning
    action = meaning.action_zh if lang == "zh" and meaning.action_zh else meaning.action
    title = f"{meaning.title}: {said}" if meaning.exact else meaning.title
    cause = said if meaning.exact else f"{meaning.title}: {said}"
    return title, cause, action or next_steps()[meaning.layer]


def _code_diagnosis(meaning: Meaning, sighting: CodeSighting, tier: str) -> Diagnosis:
    title, cause, fix = code_texts(meaning)
    return Diagnosis(
        signature_id=code_id(meaning),
        title=title,
        layer=meaning.layer,
        kind=meaning.kind,
        cause=cause,
        fix=fix,
        source=meaning.source,
        evidence=(Evidence(line=sighting.line, text=sighting.text),),
        matches=sighting.count,
        score=FALLBACK_SCORES[tier],
        captures={
            "code": sighting.value,
            **({meaning.fills: sighting.value} if meaning.fills else {}),
        },
        confidence="high" if tier == "code" and meaning.confidence == "high" else "medium",
    )


def _in_parentheses(words: Iterable[str], joiner: str) -> str:
    listed = joiner.join(words)
    return f" ({listed})" if listed else ""


def _next_steps(registered: tuple[Backend, ...]) -> dict[Layer, str]:
    words = [b.vocabulary for b in registered]
    status = _in_parentheses((w.status_command for w in words if w.status_command), " / ")
    blocking = " or ".join(
        f"{w.launch_blocking}=1" + _in_parentheses(w.device_words[:1], "")
        for w in words
        if w.launch_blocking
    )
    logs = _in_parentheses((w.device_log for w in words if w.device_log), ", ")
    return {
        "install": "Check that the packages and libraries the job loads are installed in this "
        "environment, in versions that go together (pip show, the vendor's compatibility "
        "table).",
        "build": "Find the first compiler or CMake error above; check the toolchain versions "
        "the project requires.",
        "device_init": f"Check that the device is visible and healthy{status} in this "
        "environment, and that the driver supports the installed toolkit.",
        "operator_execution": "Find the first failing operation"
        + (f": rerun with {blocking} and" if blocking else " and")
        + f" read the vendor log{logs} lines at that time.",
        "communication": "Find the rank that failed first (its first error); check the "
        "communication library's own errors and the network between the devices.",
        "memory": f"Compare the device memory in use with what the job needs{status}; lower "
        "the batch or sequence size, or shard the model.",
    }


next_steps = backends.per_registry(_next_steps)
"""The next diagnostic step per layer, for a code whose catalogue gives no action, naming
each backend's status command, launch-blocking variable and runtime log."""
