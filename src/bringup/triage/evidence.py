"""A layer for every failure, from the words it is written in.

A failure no signature, code or rule explains still names what it was doing: a driver, a
collective, a package version, a compiler, an operator and its data types. The
``[[evidence]]`` entries of ``kb/data/fallback/rules.toml`` map that vocabulary (and, for an
exception, the files of its frames) to a layer, tried in order; the last entry, without
words, takes any failure. What they conclude is of low confidence: it ranks below every
other diagnosis, and says so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, Optional, Protocol

import msgspec

from bringup.model.diagnosis import CauseKind, Diagnosis, Evidence, Layer
from bringup.model.source import Confidence
from bringup.triage.findings import ExceptionSighting, FailureSighting, Findings

FAILURE_SCORE = -320.0
"""A failure line placed by its words ranks below everything else (catch-all signatures
start at -300, an exception no rule explains at -310)."""


class EvidenceRule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Vocabulary that places a failure in a layer; no ``words``: any failure (the last
    entry)."""

    id: str
    title: str
    layer: Layer
    kind: CauseKind
    cause: str
    next: str
    source: str
    sources: dict[str, str] = {}
    """Each vendor's page in the place of ``source`` (``fallbackrules.LineRule.sources``)."""
    words: str = ""
    paths: str = ""
    start_up: bool = False
    """The words of something starting up ("init error", "[Init]"): the device's start-up, unless
    a code's family names the component that started (a collective library's code: its own
    set-up, communication)."""
    starts: str = ""
    """The names of this entry's components (a KV-cache transfer engine): start-up words beside
    one say that component failed to start, so the failure is this entry's, not the device's."""


_WORD = re.compile(r"\S+")
_ADVICE = re.compile(
    r"(?:Since the operator is called asynchronously|(?:CUDA )?kernel errors might be "
    r"asynchronously reported|For debugging consider passing|Compile with `?TORCH_USE_CUDA_DSA"
    r"|Note: ASCEND_LAUNCH_BLOCKING=1 will force)[^\n]*"
)
"""The advice a runtime appends to every failure of a kind (PyTorch's
c10/cuda/CUDAMiscFunctions.cpp after any CUDA error; torch_npu's after any inner error): its
words ("environment variable", "Compile with") name no layer of this failure. It is left out
from where it begins to the end of its line, and what precedes it on the line stays: a message
printed on one line (an issue's title, ``repr`` of the exception in a trial's warning) holds
the failure's own words before the advice ("RuntimeError: CUDA error: out of memory CUDA
kernel errors might be ...", taohan10200/IIM#28; "CUDA error: out of memory ... .CUDA kernel
errors might be ...", Comfy-Org/ComfyUI#12366)."""
_ASSERTED_AT = re.compile(r"(?<!\S)[^\s:]+:[0-9]+:(?=[ \t]+(?:[^\s:]+: )?Assertion\b)")
"""The source location an assertion prints before its condition (glibc's assert/assert.c: "<file>:
<line>: <function>: Assertion `<condition>' failed."; an AscendC kernel's "[ASSERT] ...
/.../gather_v3_base.h:137: Assertion `(0 <= val && ...)' Index 308 out of range",
vllm-project/vllm-ascend#1038): where the check is written, a header as often as not, not a
compile; the condition and the words after it say what failed."""
_SEPARATOR = re.compile(r"[/\\]")
_GLUE = re.compile(r"(?<=[A-Za-z])_+(?=[A-Za-z])")
"""The underscores that glue words into one C or Python identifier: a device-side log names
its failure in function and file names ("ai_core_dispatcher.c ... bs_done_exception_proc_timeout",
the task scheduler's AI Core timeout: hiascend.com case library topic_0000001308583121). Where
the words as written name no layer, the identifiers' words are read; not before (torch's
"[W compiler_depend.ts:51]" names no compiler)."""
_CRASH = re.compile(
    r"(?i)(?:\bsegmentation fault|\bsegfault\b|\bcore dumped\b|\billegal instruction\b"
    r"|\bbus error\b|^[^\w]*aborted\b|\bdouble free or corruption\b"
    r"|\bcorrupted (?:size vs\. prev_size|double-linked list)\b"
    r"|\bfatal python error: (?:segmentation|aborted|bus error|illegal))"
)
"""A process killed by a signal, as the shell or Python's faulthandler reports it, or by
glibc's heap checks (malloc/malloc.c ``malloc_printerr``: "corrupted size vs. prev_size", then
the shell's "Aborted"): the line says that it died, not where; the line before it may
(``text``)."""


_LOCATION = re.compile(r"[A-Za-z_]\w+:(?!//)[\w.+-]*[/\\]")
"""A function's name glued to the path of its source file, as a C++ runtime's error macro prints
where it raised (c10's and torch_npu's ``function:file:line``: "SetPrecisionMode:build/CMakeFiles/
torch_npu.dir/compiler_depend.ts:155", vllm-project/vllm-ascend#692; cut short by a paste,
"SetPrecisionMode:build/CMakeFiles/torch_npu."): the place in the binary's own build tree, not a
build that failed. Not a URL (``https://``)."""
_BUILD_STAMP = re.compile(r"(?:^|[/\[])compiler_depend\.ts\b")
"""The file CMake generates for a target's compiler-dependency stamp, which torch's and torch_npu's
builds pass as the file of their log and error macros ("[W compiler_depend.ts:57] Warning: EZ9999:
Inner Error!": vllm-project/vllm-ascend#1038): a name, not a compiler at work, whose glued
words ("compiler depend") would read as one."""


def _file_name(word: re.Match[str]) -> str:
    """A path of three directories or more as its file name: its directory names (build/,
    CMakeFiles/, site-packages/torch/cuda/) say where a file lies, not what failed; its file
    name (nvcc, Python.h, libgomp.so.1) may say. A source location a runtime printed of itself
    (``_LOCATION``) says nothing of the failure. Read word by word, in linear time (a pattern
    around ``\\S*`` retried at every position of a long exception message took minutes)."""
    if _LOCATION.match(word.group()) or _BUILD_STAMP.search(word.group()):
        return " "
    separators = _SEPARATOR.split(word.group())
    return word.group() if len(separators) < 4 else f" {separators[-1]}"


def by_words(texts: Iterable[str], rules: Sequence[EvidenceRule]) -> Optional[EvidenceRule]:
    """The first entry whose words occur in one of ``texts``, each text read whole (a failure
    line with the lines after it): the entries' order decides between the words of one
    failure, the texts' order between failures."""
    for text in texts:
        located = _ASSERTED_AT.sub(" ", text) if "Assertion" in text else text
        words = _WORD.sub(_file_name, _ADVICE.sub("", located))
        for said in (words, _GLUE.sub(" ", words)):
            for rule in rules:
                if rule.words and _regex(rule.words).search(said):
                    return _started(rule, said, rules)
    return None


def _started(rule: EvidenceRule, words: str, rules: Sequence[EvidenceRule]) -> EvidenceRule:
    """The entry whose component the start-up words of ``rule`` are said of, if one is named."""
    if not rule.start_up:
        return rule
    return next((r for r in rules if r.starts and _regex(r.starts).search(words)), rule)


def by_paths(frames: Sequence[str], rules: Sequence[EvidenceRule]) -> Optional[EvidenceRule]:
    """The first entry whose paths match a frame's file, innermost frame first."""
    for path in reversed(frames):
        for rule in rules:
            if rule.paths and _regex(rule.paths).search(path):
                return rule
    return None


@functools.cache
def _regex(pattern: str) -> Any:
    """``pattern`` compiled by RE2, the engine the rules are checked for (compiling these
    long case-insensitive alternations costs Python's ``re`` a few times more, and every
    ``explain`` that places a failure pays it)."""
    import re2

    return re2.compile(pattern)


def default(rules: Sequence[EvidenceRule]) -> EvidenceRule:
    return next(rule for rule in rules if not rule.words)


def text(failure: FailureSighting) -> str:
    """What a failure is read from: its line and the lines after it; for a process that died
    on a signal (``_CRASH``), the line before it too: the statement, command or step it was
    running, when the log shows one (``from msprobe.pytorch import PrecisionDebugger`` then
    "Segmentation fault (core dumped)": Ascend/msprobe@ff0a818f)."""
    before = f"{failure.preceding}\n" if _CRASH.search(failure.text) else ""
    return f"{before}{failure.text}\n{failure.following}"


def failure_rule(failure: FailureSighting, rules: Sequence[EvidenceRule]) -> Optional[EvidenceRule]:
    """The layer the words of a failure line and the lines after it name."""
    return by_words((text(failure),), rules)


def exception_rule(
    sighting: ExceptionSighting, findings: Findings, rules: Sequence[EvidenceRule]
) -> EvidenceRule:
    """Where an exception no rule explains happened: its type and message, else the files of
    its frames, else the failure lines of the log (the first that names a layer), else any
    failure."""
    return exception_place(sighting, findings, rules) or default(rules)


def exception_place(
    sighting: ExceptionSighting, findings: Findings, rules: Sequence[EvidenceRule]
) -> Optional[EvidenceRule]:
    """The entry that places an exception by its type and message, else the files of its
    frames, else the failure lines of the log (the first that names a layer); None when
    nothing names one (a class rule whose cause does not say where keeps its own layer)."""
    said = f"{sighting.name}: {sighting.message}"
    failures = (text(failure) for failure in findings.failures)
    return by_words((said,), rules) or by_paths(sighting.frames, rules) or by_words(failures, rules)


def failure_diagnosis(findings: Findings, rules: Sequence[EvidenceRule]) -> Optional[Diagnosis]:
    """The first failure line whose words name a layer (else the first failure line), as a
    diagnosis of low confidence; None for a log without a failure line."""
    if not findings.failures:
        return None
    placed = ((f, failure_rule(f, rules)) for f in findings.failures)
    failure, rule = next(((f, r) for f, r in placed if r is not None), (findings.failures[0], None))
    quoted = own_words(failure, findings.failures)
    return rule_diagnosis(
        rule or default(rules),
        Evidence(line=quoted.line, text=quoted.text),
        matches=len(findings.failures),
        score=FAILURE_SCORE,
        confidence="low",
    )


_BRACKETED_AT = r"[^\]\s]{1,200}:[0-9]+\]"
"""What follows the ``[`` of a source location in brackets ("worker_base.py:619]")."""

_PREFIX_ONLY = re.compile(
    rf"(?i)^(?:\[(?:{_BRACKETED_AT}|(?!{_BRACKETED_AT}))|[^\w\[]|[\d_]"
    r"|\b(?:error|err|fatal|critical|warn(?:ing)?|info|debug|[EWFI])\b)*$"
)
"""A line that is only a logger's prefix: a level, a date and time, a process id, the source
location in brackets ("ERROR 09-01 20:16:24", "[worker_base.py:619]"). A log pasted through a
web page or reflowed by a logger's handler puts the message on a line of its own after it
(vllm-project/vllm-ascend#2748); quoted as evidence, the prefix says nothing to look for.
No two alternatives match at the same place (a ``[`` opens a location or is one character), so
a line that fails is given up in time linear in its length: "[0:0]" read either way, 40 times
over, took 2^40 tries."""


def own_words(failure: FailureSighting, failures: Sequence[FailureSighting]) -> FailureSighting:
    """The failure line to quote for ``failure``: itself, or where it is only a logger's prefix
    (``_PREFIX_ONLY``), the failure line with words of its own among the lines read with it
    (the two after it), if there is one."""
    if not _PREFIX_ONLY.match(failure.text):
        return failure
    after = (f for f in failures if failure.line < f.line <= failure.line + 2)
    return next((f for f in after if not _PREFIX_ONLY.match(f.text)), failure)


def warning_diagnosis(
    warnings: Sequence[FailureSighting], rules: Sequence[EvidenceRule]
) -> Optional[Diagnosis]:
    """The first warning whose words name a layer, as a diagnosis of low confidence; for a log
    with no failure line at all (a pasted warning is then what its reporter saw go wrong: pip's
    "The script X is installed in '<dir>' which is not on PATH", a compiler's "[-Wattributes]").
    None when no warning's words name a layer: a warning is no failure by itself."""
    placed = ((w, failure_rule(w, rules)) for w in warnings)
    warning, rule = next(((w, r) for w, r in placed if r is not None), (None, None))
    if warning is None or rule is None:
        return None
    return rule_diagnosis(
        rule,
        Evidence(line=warning.line, text=warning.text),
        matches=len(warnings),
        score=FAILURE_SCORE,
        confidence="low",
    )


class Rule(Protocol):
    """What a fallback rule that names a generic cause has (a line rule, an evidence entry)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def layer(self) -> Layer: ...
    @property
    def kind(self) -> CauseKind: ...
    @property
    def cause(self) -> str: ...
    @property
    def next(self) -> str: ...
    @property
    def source(self) -> str: ...


def rule_diagnosis(
    rule: Rule, evidence: Evidence, *, matches: int, score: float, confidence: Confidence
) -> Diagnosis:
    """The diagnosis a generic rule gives for the line it read."""
    return Diagnosis(
        signature_id=rule.id,
        title=rule.title,
        layer=rule.layer,
        kind=rule.kind,
        cause=rule.cause,
        fix=rule.next,
        source=rule.source,
        evidence=(evidence,),
        matches=matches,
        score=score,
        confidence=confidence,
    )


def layer_at(line: int, findings: Findings, rules: Sequence[EvidenceRule]) -> Optional[Layer]:
    """The layer the words of the failure at ``line`` (and the lines after it) name, if any:
    a catch-all signature's layer is only its usual one."""
    rule = rule_at(line, findings, rules)
    return rule.layer if rule is not None else None


def rule_at(line: int, findings: Findings, rules: Sequence[EvidenceRule]) -> Optional[EvidenceRule]:
    """The entry whose words the failure at ``line`` (and the lines after it) holds, if any."""
    for failure in findings.failures:
        if failure.line == line:
            return failure_rule(failure, rules)
    return None
