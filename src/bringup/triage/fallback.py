"""A layer for every failure log: diagnoses from error codes, tracebacks and failure lines.

When no signature names a failure, the log still says a lot: the codes the vendors' APIs
returned (``bringup.triage.catalogues``, told by ``bringup.triage.codediagnoses``), the
exception the job died on, with the packages of the frames it was raised in, and lines where
a component reports a failure. The rules that read exceptions and lines are data
(``bringup.triage.fallbackrules``). Each diagnosis gives a layer, a generic cause and the next
diagnostic step, and ranks below every signature: its ``score`` is in
``tiers.FALLBACK_SCORES`` (below own and knowledge signatures, above catch-all ones), in this
order: a known code, a traceback a specific rule explains, a code known by its family only, a
wrapper code, a failure line; then, below the catch-all signatures, an exception no rule
explains. Within a tier the first failure in the log comes first; an exception echoed by a
launcher or by the process that waited for the failed one (``echoes``) counts only when
nothing else failed: the log's failure lines before it are read first; an exception indented
inside another tool's output gives way to that tool's failure line when the log has one.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Optional

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis, Evidence, Layer
from bringup.triage.catalogues import Catalogue, builtin_catalogues
from bringup.triage.codediagnoses import from_codes
from bringup.triage.driverfloor import PATTERN as DRIVER_PATTERN
from bringup.triage.evidence import (
    EvidenceRule,
    Rule,
    by_words,
    exception_place,
    exception_rule,
    layer_at,
    rule_diagnosis,
    warning_diagnosis,
)
from bringup.triage.exceptionrules import GENERIC_RULE, Memo, match_exception, raised_by_project
from bringup.triage.fallbackrules import ExceptionRule, LineRule, Rules, builtin_rules
from bringup.triage.findings import (
    CODE,
    FAILURE,
    LINE,
    MARK,
    TRACEBACK_OBSERVERS,
    VERSION,
    ExceptionSighting,
    FailureSighting,
    Findings,
    LineSighting,
    Observer,
    indented,
    quiet_owner,
)
from bringup.triage.refusals import refused
from bringup.triage.runtimecompile import PROJECT_BUILD, RUNTIME_COMPILE
from bringup.triage.signatures import SignatureSet
from bringup.triage.tiers import FALLBACK_SCORES, SAME_FAILURE
from bringup.triage.vendors import stack_mark
from bringup.triage.versionpairs import PATTERN as VERSION_PATTERN

SUCCESS = "success"
"""The mark of a line that reports the step it ran succeeded (``Rules.success``)."""


def observers(
    catalogues: Optional[Sequence[Catalogue]] = None, rules: Optional[Rules] = None
) -> tuple[Observer, ...]:
    """Everything the scan must note for the fallback: code finders, tracebacks, lines."""
    catalogues = builtin_catalogues() if catalogues is None else catalogues
    rules = builtin_rules() if rules is None else rules
    found = [Observer(CODE, c.info.name, pattern) for c in catalogues for pattern in c.finders]
    found.extend(TRACEBACK_OBSERVERS)
    found.extend(Observer(LINE, rule.id, _observed(rule)) for rule in rules.lines)
    if rules.failure:
        found.append(Observer(FAILURE, quiet_owner(rules.quiet, rules.warning), rules.failure))
    if rules.success:
        found.append(Observer(MARK, SUCCESS, rules.success))
    if rules.runtime_compile:
        found.append(Observer(MARK, RUNTIME_COMPILE, rules.runtime_compile))
    if rules.project_build:
        found.append(Observer(MARK, PROJECT_BUILD, rules.project_build))
    found.extend(Observer(MARK, stack_mark(vendor), words) for vendor, words in rules.stacks)
    found.append(Observer(VERSION, "", VERSION_PATTERN))
    found.append(Observer(VERSION, "", DRIVER_PATTERN))
    return tuple(found)


def diagnose(
    findings: Findings,
    catalogues: Optional[Sequence[Catalogue]] = None,
    rules: Optional[Rules] = None,
    signatures: Optional[SignatureSet] = None,
) -> list[Diagnosis]:
    """The fallback's diagnoses, best first, one per cause; a code whose cause is a signature
    of ``signatures`` (its ``same_as``) is diagnosed as that signature."""
    catalogues = builtin_catalogues() if catalogues is None else catalogues
    rules = builtin_rules() if rules is None else rules
    named: dict[str, Rule] = {rule.id: rule for rule in rules.lines if rule.tier == "class"}
    named.update((rule.id, rule) for rule in rules.exceptions if rule.tier == "class")
    said = list(_from_lines(findings, rules))
    classes = [d for d in said if d.score == FALLBACK_SCORES["class"]]
    placed_by = {d.evidence[0].line: d.layer for d in classes if d.layer}
    codes = list(
        from_codes(findings, catalogues, signatures, rules.evidence, named, placed_by=placed_by)
    )
    exceptions = list(_from_exceptions(findings, rules))
    real = real_exceptions(findings, rules)
    echoed = bool(exceptions) and not real
    nested = echoed or all(indented(d.evidence[0].text) for d in exceptions)
    lines = [] if codes or not nested else [d for d in said if d not in classes]
    # a rule that reads the enclosing step from the frames (``through``: pip's build hook)
    # explains that step's failure line too
    stepwise = {rule.id for rule in rules.exceptions if rule.through}
    steps = [d for d in exceptions if lines and d.signature_id in stepwise]
    found = [*codes, *classes, *steps, *(lines or ([] if echoed else exceptions))]
    placed = (
        None if found or not rules.evidence else refused(_without_echoes(findings, real), rules)
    )
    found.extend([placed] if placed else ([] if found else exceptions))
    found.sort(key=lambda item: (-item.score, item.evidence[0].line))
    unique: list[Diagnosis] = []
    seen: dict[tuple[str, str], int] = {}
    code_lines = {
        (d.layer, d.evidence[0].line) for d in found if d.signature_id.startswith("code.")
    }
    for diagnosis in found:
        cause = (diagnosis.layer, diagnosis.title)
        line = diagnosis.evidence[0].line
        echoed = diagnosis.signature_id.startswith("traceback.") and any(
            (diagnosis.layer, near) in code_lines
            for near in range(line - SAME_FAILURE, line + SAME_FAILURE + 1)
        )
        if cause in seen:
            unique[seen[cause]] = _with_evidence(unique[seen[cause]], diagnosis)
            continue
        if echoed:
            continue
        seen[cause] = len(unique)
        unique.append(diagnosis)
    return unique


def _with_evidence(kept: Diagnosis, again: Diagnosis) -> Diagnosis:
    """``kept`` with the lines of ``again``, the same cause class read again (the refusal's
    own message under the line that said the call failed: "aclnnAddmmGetWorkspaceSize failed!
    error code: 161002", then "AclNN_Parameter_Error(EZ1001): The formats of self and mat1
    should be ND and ND, ..."): one diagnosis per cause, with every line that states it."""
    if not kept.signature_id.startswith("class."):
        return kept
    lines = {evidence.line for evidence in kept.evidence}
    more = tuple(e for e in again.evidence if e.line not in lines)
    return msgspec.structs.replace(kept, evidence=kept.evidence + more) if more else kept


def word_layer(
    findings: Findings, line: int, rules: Optional[Rules] = None, text: str = ""
) -> Optional[Layer]:
    """The layer the words of the failure at ``line`` name (for a catch-all signature, whose
    own layer is only the usual one), or None; when the scan kept no failure line there (it
    keeps the first few; a plog's failure is often deep in its trace), the words of ``text``,
    the line itself."""
    rules = builtin_rules() if rules is None else rules
    if any(failure.line == line for failure in findings.failures) or not text:
        return layer_at(line, findings, rules.evidence)
    said = by_words((text,), rules.evidence)
    return said.layer if said is not None else None


def _from_exceptions(findings: Findings, rules: Rules) -> Iterable[Diagnosis]:
    """The exception the job failed on: the first one in the log that is not an echo of an
    earlier failure (a launcher's ``ChildFailedError``), else the first one."""
    sightings = findings.all_exceptions()
    if not sightings:
        return
    real = real_exceptions(findings, rules)
    first = with_message((real or sightings)[0], findings)
    memo: Memo = {}
    found = match_exception(first, rules.exceptions, memo)
    if found is None:
        return
    generic = found.id == GENERIC_RULE
    rule: ExceptionRule | EvidenceRule = found
    if generic and rules.evidence:
        rule = _raised(first, findings, rules, memo)
    tier = "traceback-other" if generic else found.tier
    where = _where(first)
    layer = _placed(first, findings, rules, found, memo) if found.placed else rule.layer
    refused = layer == KERNEL_LAYER and _value_refused(first, findings, rules)
    yield Diagnosis(
        signature_id=rule.id,
        title=rule.title,
        layer=INSTALL if refused else layer,
        kind=rule.kind,
        cause=f"{rule.cause} The job raised {first.name}" + (f" in {where}." if where else "."),
        fix=rule.next,
        source=_package_source(found, first.message) if rule is found else rule.source,
        evidence=(Evidence(line=first.line, text=first.text),),
        matches=len(sightings),
        score=FALLBACK_SCORES[tier],
        captures={"exception": first.name, "message": first.message[:200]}
        | ({"package": where} if where else {}),
        confidence="low" if generic else "medium",
    )


def _raised(
    sighting: ExceptionSighting, findings: Findings, rules: Rules, memo: Memo
) -> ExceptionRule | EvidenceRule:
    """The evidence entry that places an exception no rule explains, or in its place the class
    of who raised it (``raised_by_project``: the job's own code, in its own words) where the
    entry puts it in that class's layer: the words then name no device, runtime, install or
    connection, only that an operation failed, or nothing."""
    place = exception_rule(sighting, findings, rules.evidence)
    owner = raised_by_project(sighting, rules.exceptions, memo)
    return owner if owner is not None and owner.layer == place.layer else place


def warned(findings: Findings, lines: int, rules: Optional[Rules] = None) -> list[Diagnosis]:
    """What a log in which nothing else names a failure says in its warnings (``rules.warning``:
    the quiet lines that warn, not INFO lines or traceback frames), when their words name a
    layer; the last thing read, after a traceback the log ends in (``bringup.triage.remnant``).
    Read only where the log (of ``lines`` lines) stops at its warnings, as a pasted report
    does: what follows the last one is no more than its own continuation (``_CONTINUATION``)
    or other warnings. A run that went on after a warning worked despite it (torch_npu's
    "[W compiler_depend.ts:133] Warning: Device do not support double dtype now" and then the
    output), and a log that shows its step succeed (``rules.success``: "Successfully installed
    ...", "Requirement already satisfied: ...") has only advice in its warnings (pip's "Running
    pip as the 'root' user can result in ... conflicting behaviour"). The vendors' knowledge is
    not read from warnings: it explains failures."""
    rules = builtin_rules() if rules is None else rules
    if findings.failures or SUCCESS in findings.marks or not rules.warning or not rules.evidence:
        return []
    warnings = findings.quieted
    if not warnings or not _stops_at(warnings[-1], lines, rules.warning):
        return []
    said = warning_diagnosis(warnings, rules.evidence)
    return [said] if said else []


_CONTINUATION = re.compile(r"(?:warnings\.)?warn\($|$")
"""A line a warning prints after its own: Python's source line of the call that warned
("  warnings.warn("), or an empty line."""


def _stops_at(warning: FailureSighting, lines: int, warns: str) -> bool:
    """Whether a log of ``lines`` lines ends with ``warning``: the lines after it (no more
    than the two read with it) are its continuation or further warnings."""
    after = warning.following.split("\n")[: max(0, lines - warning.line)]
    return lines - warning.line <= 2 and all(
        _CONTINUATION.match(line) or re.search(warns, line) for line in after
    )


def real_exceptions(findings: Findings, rules: Rules) -> list[ExceptionSighting]:
    """The exceptions that are not echoes of an earlier failure: ``rules.echoes`` read the
    type (a launcher's ``ChildFailedError``) or the type and message together (vLLM's "Engine
    core initialization failed. See root cause above." from the process that waited for the
    failed one)."""
    echoes = [re.compile(e) for e in rules.echoes]
    return [
        s
        for s in findings.all_exceptions()
        if not any(e.search(s.name) or e.search(f"{s.name}: {s.message}") for e in echoes)
    ]


def _without_echoes(findings: Findings, real: list[ExceptionSighting]) -> Findings:
    """``findings`` without the failure lines that are echoes' exception lines: an echo's
    words say that something failed before ("Engine core initialization failed. See root
    cause above."), not what."""
    echoes = {s.line for s in findings.all_exceptions()} - {s.line for s in real}
    failures = [f for f in findings.failures if f.line not in echoes]
    return dataclasses.replace(findings, failures=failures) if echoes else findings


def with_message(sighting: ExceptionSighting, findings: Findings) -> ExceptionSighting:
    """``sighting`` with the lines printed after it as its message when its own line has none:
    an exception whose message begins with a line break prints its type alone
    (``RuntimeError:``) and the message on the lines below, where the failure line found there
    kept them (PyTorch's cpp_extension raising its CUDA version mismatch, bitsandbytes' "CUDA
    Setup failed", Triton's MLIRCompilationError, a driver too old for CUDA). An exception
    pasted alone (no frames) whose message stops mid-sentence and goes on, in lower case, on
    the next line is one message the copy wrapped (``_WRAPPED``: Liger-Kernel#1367's
    "TypeError: LigerFusedLinearJSDFunction.forward() takes from 5 to 9" then "positional
    arguments but 10 were given"); Python prints a message on one line unless it holds a line
    break of its own."""
    if sighting.message and sighting.frames:
        return sighting
    after = next((f.following for f in findings.failures if f.line == sighting.line), "")
    if sighting.message:
        wrapped = _WRAPPED.match(f"{sighting.message}\n{after}")
        if wrapped is None:
            return sighting
        return dataclasses.replace(sighting, message=" ".join(wrapped.groups()))
    message = " ".join(part.strip() for part in after.splitlines() if part.strip())
    return dataclasses.replace(sighting, message=message) if message else sighting


_WRAPPED = re.compile(
    r"([^\n]{0,2000}[\w,()'])\n(?![\w.-]{1,30}(?:\[[0-9]{1,6}\])?: )"
    r"((?:[a-z]|'[\w.]{1,200}'(?![\w']))[^\n]{0,2000})"
)
"""A message that ends in neither a full stop nor a colon, and the next line that goes on in
lower case or with the quoted name Python's own messages end in (the first group's words then
the second's: "AttributeError: 'Scheduler' object has no attribute" then "'_get_experts'");
not a line a tool or launcher prints under its own name (``srun: error: ...``, ``make[2]:
...``, ``error: ...``, ``wandb: ...``)."""


def _placed(
    sighting: ExceptionSighting, findings: Findings, rules: Rules, own: ExceptionRule, memo: Memo
) -> Layer:
    """Where a placed rule's exception surfaced: the layer its message's words name, else the
    one another rule that reads the type and the words gives (a device id refused at start-up),
    else its frames' or the log's failure lines', else the rule's own. A rule that places its
    exception is not that other rule: "ACL stream synchronize failed" raised in
    torch.distributed's frames is the collective's failure, not an operator's."""
    said = by_words((f"{sighting.name}: {sighting.message}",), rules.evidence)
    if said is not None:
        return said.layer
    others = [r for r in rules.exceptions if r.tier != "class" and r != own]
    plain = match_exception(sighting, others, memo)
    if plain is not None and plain.id != GENERIC_RULE:
        return plain.layer
    place = exception_place(sighting, findings, rules.evidence)
    return place.layer if place else own.layer


INSTALL: Layer = "install"
_SET_UP_TYPES = frozenset({"ValueError", "UnicodeDecodeError", "UnicodeEncodeError"})
"""Exceptions whose type says what was refused, where nothing else does: a value the program
was given (Python raises ValueError for an argument of the right type but an inappropriate
value, as a program checking its settings does: docs.python.org, library/exceptions.html;
"ValueError: FRACTAL_NZ mode is enabled ...", vllm-ascend's check of VLLM_ASCEND_ENABLE_NZ,
alibaba/ROLL's Ascend FAQ), or text in an encoding the process's locale or reader does not
take (the POSIX locale's ASCII, PEP 538 and PEP 540; Triton decoding `ldconfig -p` strictly as
UTF-8, triton-lang/triton#7566): the inputs or the environment, not an operation."""


def _value_refused(sighting: ExceptionSighting, findings: Findings, rules: Rules) -> bool:
    """Whether ``sighting`` is of ``_SET_UP_TYPES``, pasted without its traceback, and
    nothing else places it (no words of its own or of the log's failure lines name a layer):
    the layer rule places an option the program refuses while checking its inputs, and an
    environment not set up, at ``install``. With its frames the traceback says when it was
    raised (MindIE-LLM's ModelRunner refusing its CPU binding after the device opened), and an
    AssertionError is a check of the code's own state: both keep the usual layer."""
    return (
        sighting.name.rpartition(".")[2] in _SET_UP_TYPES
        and not sighting.frames
        and exception_place(sighting, findings, rules.evidence) is None
    )


_QUOTED_MODULE = re.compile(r"'([A-Za-z_]\w{0,100})(?:\.[\w.]{0,200})?'")
"""A quoted module (``'mindspeed.features_manager'``), its top package first: the dot ends the
package, and every run is bounded, so a long word after a quote is read once (two adjacent
unbounded runs of word characters took 10 s on a 60 KB message)."""


def _package_source(rule: ExceptionRule, message: str) -> str:
    """The version table of the first package the message quotes that ``rule`` has one for
    (``ExceptionRule.package_sources``: ``cannot import name 'X' from 'mindspeed...'``), else
    the rule's own source."""
    if rule.package_sources:
        for quoted in _QUOTED_MODULE.finditer(message):
            found = rule.package_sources.get(quoted.group(1))
            if found is not None:
                return found
    return rule.source


def _where(sighting: ExceptionSighting) -> str:
    """The installed package of the innermost frame that has one."""
    return next((p for p in reversed(sighting.packages) if p), "")


def _from_lines(findings: Findings, rules: Rules) -> Iterable[Diagnosis]:
    by_id = {rule.id: rule for rule in rules.lines}
    for sighting in findings.lines.values():
        rule = by_id.get(sighting.rule)
        if rule is None or (rule.unless and re.search(rule.unless, sighting.text)):
            continue
        if _foreign(rule, sighting.text):
            continue
        if rule.foreign_before and re.search(rule.foreign_before, sighting.preceding):
            continue
        if rule.header and not _headed(sighting, findings, rule.header):
            continue
        yield rule_diagnosis(
            rule,
            Evidence(line=sighting.line, text=sighting.text),
            matches=1,
            score=FALLBACK_SCORES["line" if rule.tier == "traceback" else rule.tier],
            confidence="medium",
        )


def _observed(rule: LineRule) -> str:
    """What the scan looks for: the rule's pattern, or its looser form."""
    return f"(?:{rule.pattern})|(?:{rule.loose})" if rule.loose else rule.pattern


def _foreign(rule: LineRule, text: str) -> bool:
    """Whether only the looser form reads ``text``, in a file the project does not own."""
    return bool(
        rule.foreign and re.search(rule.foreign, text) and not re.search(rule.pattern, text)
    )


_PYTEST_REPORT = re.compile(r"E {1,12}\S")
"""A line of a failed test's report: pytest's ``E`` then the line it reports, indented."""


def _headed(sighting: LineSighting, findings: Findings, header: str) -> bool:
    """Whether a line under pytest's ``E`` prefix belongs to a header that ``header`` matches:
    its own words, or those of the exception printed last before it and the line after that
    one. A line at the margin or under no prefix is read as it is."""
    if not _PYTEST_REPORT.match(sighting.text) or re.search(header, sighting.text):
        return True
    before = [e for e in findings.all_exceptions() if e.line < sighting.line]
    if not before:
        return False
    last = max(before, key=lambda e: e.line)
    after = next((f.following for f in findings.failures if f.line == last.line), "")
    return re.search(header, f"{last.message}\n{after.partition(chr(10))[0]}") is not None
