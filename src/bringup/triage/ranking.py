"""From matched signatures to ranked diagnoses.

Order, strongest first:
1. what the snapshot confirms (every ``when`` condition holds) ranks above what it cannot
   judge, which ranks above what it contradicts;
2. catch-all signatures (``generic``, such as a runtime's "... error code is N"), and
   signatures found only through a symptom that other causes share, rank below every
   signature found through its own patterns; a symptom is lifted when one of the signature's
   ``context`` patterns occurs in the log (the log itself says which cause it is), and one
   whose symptoms need it (``symptoms_need_context``) is no diagnosis without one;
3. a signature that ``outranks`` another one also found in the log ranks above it (a warning
   that names the cause before the error it leads to);
4. context: a signature whose context patterns occur in the log ranks above one whose do not;
5. specificity: the literal characters of the most specific pattern that matched; and the
   first failure in time: the specific signature whose first line comes first gets a bonus
   worth half the specificity scale (later errors are often echoes of the first one), and so
   does a catch-all signature found before every failure line the fallback reads (a build
   tool's "*** Error 1" after the compiler's message is its echo), and a code known by its
   family only ranks below a report of a code in its layer printed before it;
6. tie-break in the order experts check: versions, then environment, then hardware, then
   code; then the earliest line.
The score encodes 1-5 so that each step outweighs all the steps below it. Faults from a
vendor's fault knowledge (``tier = "knowledge"``, and the FAQ pages' entries, ``"faq"``) rank
below bringup's own signatures (on a line an own catch-all matched at least as specifically,
below that catch-all too; FaultDiag's faults below the fallback's reading of a failure that only
its shape places: ``bringup.triage.faultrank``), and
count only on error lines of a log that shows a failure (a signature, a code, an exception
or a failure line: the knowledge explains failures, it does not detect them). When no
own signature but the catch-alls is found, the fallback (``bringup.triage.fallback``)
adds what the log's error codes, exception and failure lines say, between the knowledge tier
and the catch-alls; one diagnosis per cause: a fallback or knowledge diagnosis whose first
line is already the evidence of a better one is left out. A log in which nothing names a
failure but that ends inside a Python traceback is read from the traceback
(``bringup.triage.remnant``), and one with neither from its warnings (``fallback.warned``).
In a log that shows a kernel compiled while the job ran, a ``build`` layer is read as
``operator_execution``, and in one that shows the project's own build, the fallback's install or
operator reading as ``build`` (``bringup.triage.runtimecompile``); a catch-all's or the fallback's
``operator_execution`` read from an exception raised while a module was being imported is read
as ``install``, and one raised while a model was converted offline as ``build``
(``bringup.triage.phase``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.model.diagnosis import KERNEL_LAYER, CauseKind, Confirmation, Diagnosis, Layer
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.triage import (
    advice,
    constraints,
    driverfloor,
    extensionimport,
    fallback,
    fallbackranks,
    faultrank,
    namedoperator,
    onepercause,
    percapture,
    phase,
    remnant,
    runtimecompile,
    sameoperator,
    tiers,
    vendors,
    versionpairs,
    worded,
)
from bringup.triage.confirm import confirm
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.scanresult import ScanResult, SignatureHits
from bringup.triage.signatures import Signature, SignatureSet
from bringup.triage.templates import render
from bringup.triage.warned import below_failures, stated, warning_only

KIND_ORDER: tuple[CauseKind, ...] = ("version", "environment", "hardware", "code")
CONFIRMATION_WEIGHT = {"confirmed": 1000, "unknown": 0, "contradicted": -1000}
GENERIC_PENALTY = 300
SYMPTOM_PENALTY = 300
KNOWLEDGE_PENALTY = 150
FIRST_BONUS = 30
OUTRANK_BONUS = 150
CONTEXT_BONUS = 70
SPECIFICITY_CAP = 60
KNOWLEDGE_TIERS = frozenset({"knowledge", "faq"})
"""The vendors' knowledge: FaultDiag's faults, the FAQ pages' entries (``bringup.triage.faq``)."""


def rank(
    result: ScanResult,
    catalogue: SignatureSet,
    snapshot: Optional[Snapshot] = None,
    top: Optional[int] = None,
) -> list[Diagnosis]:
    """Diagnoses for the signatures ``result`` found, best first, at most ``top``."""
    found = {sid: catalogue.by_id(sid) for sid in result.hits}
    first = _first_failure(result, found)
    extra = [
        d
        for d in fallback.diagnose(result.findings, signatures=catalogue)
        if d.signature_id not in result.hits
    ]
    failed_in = _failing_layer(extra)
    coded = _exact_codes(extra)
    loose = _loose_knowledge(result, found)
    before_echoes = _before_failure_lines(result, found, extra)
    marks = result.findings.marks
    diagnoses: list[Diagnosis] = []
    for signature_id, hits in result.hits.items():
        signature = found[signature_id]
        if signature is None:
            continue
        confirmation, facts = confirm(signature, hits.captures, snapshot)
        anywhere = signature.record.any_vendor
        confirmation, facts = vendors.judged(signature_id, confirmation, facts, snapshot, anywhere)
        outranked = sum(1 for other in signature.record.outranks if _specific_hit(other, found))
        in_context = result.context.get(signature_id, 0) > 0
        if signature.record.symptoms_need_context and not hits.direct and not in_context:
            continue
        if _same(signature.record.captures_differ, hits.captures):
            continue
        score = (
            CONFIRMATION_WEIGHT[confirmation]
            - (GENERIC_PENALTY if signature.record.generic else 0)
            - (SYMPTOM_PENALTY if not hits.direct and not in_context else 0)
            - (KNOWLEDGE_PENALTY if signature.tier != "signature" else 0)
            - (
                GENERIC_PENALTY
                if signature_id in loose or vendors.foreign(signature_id, marks, anywhere)
                else 0
            )
            + OUTRANK_BONUS * outranked
            + (CONTEXT_BONUS if in_context else 0)
            + min(hits.specificity, SPECIFICITY_CAP)
            + (FIRST_BONUS if signature_id in (first, before_echoes) else 0)
        )
        diagnoses.extend(
            _diagnosis(
                signature,
                part,
                catalogue=catalogue,
                snapshot=snapshot,
                confirmation=confirmation,
                facts=facts,
                score=float(score),
                layer=_layer(signature, hits, result, failed_in, coded),
            )
            for part in percapture.parts(signature, hits)
        )
    warned = {sid for sid, hits in result.hits.items() if warning_only(hits)}
    diagnoses, below = below_failures(diagnoses, found, warned, bool(extra))
    # what the snapshot or the log rules out (``vendors``) neither counts as found nor hides
    # the fallback's reading of its lines
    ruled_out = {
        d.signature_id
        for d in diagnoses
        if d.confirmation == "contradicted"
        or vendors.foreign(d.signature_id, marks, _any_vendor(found.get(d.signature_id)))
    }
    own = _own(result, found, ruled_out)
    knowledge = {sid for sid, signature in found.items() if _tier(signature) in KNOWLEDGE_TIERS}
    fails = bool(extra) or any(_tier(signature) == "signature" for signature in found.values())
    diagnoses = [
        d
        for d in diagnoses
        if d.signature_id not in knowledge or (fails and d.signature_id not in warned)
    ]
    signed = [d for d in diagnoses if d.signature_id not in ruled_out]
    if not own:
        diagnoses.extend(
            fallbackranks.named_codes(fallbackranks.not_signed(extra, signed), catalogue)
        )
        diagnoses = fallbackranks.stated_over_knowledge(diagnoses, knowledge)
    else:
        # a code told as an own signature is that signature found: an own signature that
        # matched another failure's lines (another log pasted into the same file) does not
        # drop it (outsider23b D7: 507048 lost its cause beside a flash-attn build)
        specific = [d for d in diagnoses if d.signature_id in own]
        diagnoses.extend(
            fallbackranks.told_or_apart(
                fallbackranks.not_signed(extra, signed), catalogue, specific
            )
        )
        if own <= below:
            diagnoses.extend(stated(fallbackranks.not_signed(extra, signed)))
    secondary = knowledge | {d.signature_id for d in extra}
    diagnoses = fallbackranks.first_report_over_inner_codes(diagnoses)
    weights = (CONFIRMATION_WEIGHT["confirmed"], GENERIC_PENALTY)
    diagnoses = vendors.spoken_for(
        vendors.demoted(diagnoses, snapshot, weights, marks, judged=found.keys()),
        builtin_rules().stacks,
        written={sid for sid, signature in found.items() if _tier(signature) == "signature"},
    )
    diagnoses.sort(
        key=lambda d: (-d.score, KIND_ORDER.index(d.kind), d.evidence[0].line if d.evidence else 0)
    )
    generic = {sid for sid, signature in found.items() if signature and signature.record.generic}
    diagnoses = faultrank.below_places(diagnoses, found, extra)
    diagnoses = onepercause.one_per_cause(diagnoses, secondary, generic)
    diagnoses = constraints.with_constraints(sameoperator.consequences_left_out(diagnoses))
    diagnoses = _placed_by_the_log(
        diagnoses or _nothing_failed(result), result, catalogue, extra, generic
    )
    return diagnoses if top is None else diagnoses[:top]


def _own(
    result: ScanResult, found: Mapping[str, Optional[Signature]], ruled_out: set[str]
) -> set[str]:
    """The own signatures found (not catch-alls), less those ``ruled_out`` and those found only
    through symptoms that need a context the log lacks: no diagnosis, so they do not hide the
    fallback's reading (a SIGILL no import or CPU words place is the fallback's crash)."""
    unsaid = {
        sid
        for sid, signature in found.items()
        if signature is not None
        and signature.record.symptoms_need_context
        and not result.hits[sid].direct
        and not result.context.get(sid, 0)
    }
    return {sid for sid, s in found.items() if fallbackranks.specific(s)} - ruled_out - unsaid


def _placed_by_the_log(
    diagnoses: list[Diagnosis],
    result: ScanResult,
    catalogue: SignatureSet,
    extra: Sequence[Diagnosis],
    generic: set[str],
) -> list[Diagnosis]:
    """The ranked diagnoses as what else the log says places them: a kernel compiled in the
    job or the build, the import of a compiled extension, the phase it failed in, advice that
    fits its marks, versions it states that the knowledge base rules out together."""
    diagnoses = runtimecompile.in_the_job(diagnoses, result.findings)
    signed = result.hits.keys()
    diagnoses = runtimecompile.compile_named_first(
        diagnoses, result.findings, builtin_rules(), signed
    )
    diagnoses = runtimecompile.compiled_code(diagnoses, result.findings, builtin_rules())
    loose = generic | {d.signature_id for d in extra if not d.signature_id.startswith("code.")}
    diagnoses = extensionimport.placed(diagnoses, result.findings)
    diagnoses = phase.read_in(diagnoses, result.findings, loose)
    diagnoses = runtimecompile.in_the_build(diagnoses, result.findings, loose - generic)
    diagnoses = namedoperator.said(advice.fitted(diagnoses, result.findings.marks))
    diagnoses = versionpairs.with_mismatches(diagnoses, result.findings.versions, catalogue)
    return driverfloor.judged(diagnoses, result.findings.versions, catalogue)


def _nothing_failed(result: ScanResult) -> list[Diagnosis]:
    """What a log in which nothing names a failure says, the first reading that says something:
    the traceback it was cut in (``remnant``), the warnings it stops at (``fallback.warned``),
    the words of a message pasted alone (``worded``)."""
    return (
        remnant.diagnose(result.tail, result.lines)
        or fallback.warned(result.findings, result.lines)
        or worded.diagnose(result.findings, result.tail, result.lines)
    )


def _layer(
    signature: Signature,
    hits: SignatureHits,
    result: ScanResult,
    failed_in: Optional[Layer],
    coded: Mapping[tuple[int, str], Layer],
) -> Optional[Layer]:
    """A signature's layer when the log says better than its record: where the log fails
    (``layer_from_log``); for a catch-all of a failed runtime call (its layer only the usual
    one, ``operator_execution``) or a vendor fault placed there (a runtime call that failed),
    the layer of the code it captured when a catalogue knows that code exactly on its line and
    places it elsewhere (``coded``: torch_npu's "NPU function error: aclrtGetDeviceInfo(...),
    error code is 507899" is the driver's internal error, device init; a code of the usual layer
    says no more than the catch-all), else what the words of its failure name. Not
    for a vendor fault of kind ``code``: its own description says the job's input or
    configuration does not fit, wherever the words point ("ModelSlim Quantization Config Not
    Found" is quantised weights missing, not an install)."""
    if signature.record.layer_from_log and failed_in:
        return failed_in
    loose = signature.record.generic or (
        signature.tier == "knowledge" and signature.record.kind != "code"
    )  # a FAQ entry ("faq") keeps its layer: it was read from the page's own fix
    known = coded.get((hits.first_line, hits.captures.get("code", "")))
    if signature.record.generic and signature.record.layer == KERNEL_LAYER and known:
        return known
    if loose and signature.record.layer == KERNEL_LAYER:
        said = hits.evidence[0].text if hits.evidence else ""
        return fallback.word_layer(result.findings, hits.first_line, text=said)
    return None


def _exact_codes(extra: Sequence[Diagnosis]) -> dict[tuple[int, str], Layer]:
    """The layer of each code's own diagnosis (``codediagnoses``: its catalogue's, or its
    line's words for a code known by its family or ``placed`` in a module it does not name),
    by its line and value, where that is not the usual layer of a failed call
    (``operator_execution``): a catch-all that captured the code gives it the same layer as the
    code's diagnosis."""
    return {
        (d.evidence[0].line, d.captures["code"]): d.layer
        for d in extra
        if d.score in (tiers.FALLBACK_SCORES["code"], tiers.FALLBACK_SCORES["family"])
        and "code" in d.captures
        and d.layer not in (None, KERNEL_LAYER)
    }


def _loose_knowledge(result: ScanResult, found: Mapping[str, Optional[Signature]]) -> set[str]:
    """Vendor faults whose first line an own catch-all matched directly and at least as
    specifically: a fault's match string is a short phrase ("file not found") that a
    compiler's "'x.h' file not found" also contains, so there it says no more than the
    catch-all and ranks as one, below it."""
    catch_all = {
        hits.first_line: hits.specificity
        for sid, hits in result.hits.items()
        if hits.direct
        and _tier(found[sid]) == "signature"
        and not fallbackranks.specific(found[sid])
    }
    return {
        sid
        for sid, hits in result.hits.items()
        if _tier(found[sid]) in KNOWLEDGE_TIERS
        and hits.specificity <= catch_all.get(hits.first_line, -1)
    }


def _failing_layer(extra: Sequence[Diagnosis]) -> Optional[Layer]:
    """Where the log fails, as its code, exception or failure line says (the fallback's
    best diagnosis); None when only an exception no rule explains says it. A build command's
    exit status (the ``step`` tier, above ``traceback-other``) says it: the build."""
    best = extra[0] if extra else None
    if best is None or best.score <= tiers.FALLBACK_SCORES["traceback-other"]:
        return None
    return best.layer


def _specific_hit(signature_id: str, found: Mapping[str, Optional[Signature]]) -> bool:
    """Whether ``signature_id`` was found and is no catch-all: outranking a catch-all found in
    the same log earns nothing, as every specific signature ranks above it already. The CUDA
    header signature outranked the generic "header missing" reading of its own line, and that
    lifted it above the first failure of outsider22's corr build log (``#error C++20 or later
    compatible compiler is required to use PyTorch`` at line 46, D11)."""
    signature = found.get(signature_id)
    return signature is not None and not signature.record.generic


def _first_failure(result: ScanResult, found: Mapping[str, Optional[Signature]]) -> str:
    """The own, specific signature whose first line comes first in the log, when several
    were found ('' when fewer than two, or when several start on that line); a warning is no
    failure (``warning_only``)."""
    lines = sorted(
        (hits.first_line, sid)
        for sid, hits in result.hits.items()
        if hits.direct and fallbackranks.specific(found[sid]) and not warning_only(hits)
    )
    if len(lines) < 2 or lines[1][0] == lines[0][0]:
        return ""
    return lines[0][1]


def _before_failure_lines(
    result: ScanResult, found: Mapping[str, Optional[Signature]], extra: Sequence[Diagnosis]
) -> str:
    """The catch-all signature of bringup's own found first in the log, when that is before
    every failure line the fallback read (``line`` tier): the failure it names comes first,
    and the build tool's or the driver's lines after it ("make[2]: *** [main.cpp.o] Error 1")
    report that the step failed, not why ('' when there is none)."""
    lines = [d.evidence[0].line for d in extra if d.score == tiers.FALLBACK_SCORES["line"]]
    catch_alls = sorted(
        (hits.first_line, sid)
        for sid, hits in result.hits.items()
        if hits.direct
        and _tier(found[sid]) == "signature"
        and not fallbackranks.specific(found[sid])
    )
    if not lines or not catch_alls or catch_alls[0][0] >= min(lines):
        return ""
    return catch_alls[0][1]


def _any_vendor(signature: Optional[Signature]) -> bool:
    """Whether ``signature`` shows on any vendor's host (``SignatureRecord.any_vendor``)."""
    return signature is not None and signature.record.any_vendor


def _tier(signature: Optional[Signature]) -> str:
    return signature.tier if signature is not None else ""


def _diagnosis(
    signature: Signature,
    hits: SignatureHits,
    *,
    catalogue: SignatureSet,
    snapshot: Optional[Snapshot],
    confirmation: Confirmation,
    facts: tuple[Fact, ...],
    score: float,
    layer: Optional[Layer] = None,
) -> Diagnosis:
    def fact_value(key: str) -> Optional[str]:
        value = snapshot.value(key) if snapshot is not None else None
        return None if value is None else str(value)

    record = signature.record
    held = snapshot is not None and confirmation == "confirmed"
    return Diagnosis(
        signature_id=record.id,
        title=record.title,
        layer=layer or record.layer,
        kind=record.kind,
        cause=render(record.cause, hits.captures, fact_value, catalogue.tables, confirmed=held),
        fix=render(record.fix, hits.captures, fact_value, catalogue.tables, confirmed=held),
        source=record.source,
        evidence=tuple(hits.evidence),
        matches=hits.matches,
        score=score,
        confirmation=confirmation,
        confirmed_by=facts,
        captures=dict(hits.captures),
        see_also=tuple(record.see_also),
    )


def _same(names: Sequence[str], captures: Mapping[str, str]) -> bool:
    """Whether the captures ``names`` must hold apart (``captures_differ``) hold one value."""
    if len(names) < 2 or any(n not in captures for n in names):
        return False
    return len({captures[n] for n in names}) == 1
