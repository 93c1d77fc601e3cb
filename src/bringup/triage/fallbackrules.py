"""The fallback's rules, as data (``kb/data/fallback/rules.toml``): the exceptions, failure lines
and component words that give a log with no signature its layer, a generic cause and the next
step. Read and checked here (a public source each, valid RE2 expressions); applied by
``bringup.triage.fallback``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, NamedTuple, Optional

import msgspec

from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of, read_toml
from bringup.triage.evidence import EvidenceRule
from bringup.triage.signatures import SignatureError, pattern_problem

RULES_FILE = Path(__file__).resolve().parent.parent / "kb" / "data" / "fallback" / "rules.toml"

Tier = Literal["traceback", "class", "step"]
"""``step``: the exception reports only that a step failed (a build command's exit status), what
failed being in the lines printed before it; it ranks with the exceptions no rule explains."""


class ExceptionRule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    title: str
    exception: str
    layer: Layer
    kind: CauseKind
    cause: str
    next: str
    source: str
    sources: dict[str, str] = {}
    """The page of each vendor's stack (``ascend``, ``nvidia``) that says the same of its own
    failure, cited in the place of ``source`` for a log that names that vendor's stack only
    (``advice.fitted``): a reading written for every vendor cites the log's."""
    package_sources: dict[str, str] = {}
    """The version table of each package (by import name) a rule written for several names,
    cited in the place of ``source`` where the message names that package (``fallback``): a
    name MindSpeed lacks is read against MindSpeed's table, not torch_npu's (outsider19 D18)."""
    message: str = ""
    message_not: str = ""
    """A message that also matches this is not the rule's, whatever else matches (a call
    that does not fit a patch's signature is two packages out of step, not the project's
    defect); pasted alone too."""
    any_message: str = ""
    """Exception types that need no ``message`` when an installed package's frame raised them (a
    bare assert in vLLM; not a test script's own)."""
    pasted: str = ""
    """``Type: message`` forms the rule explains in an exception pasted alone (no frames, a
    message of its own), whatever its ``exception`` and ``message`` say."""
    stated: str = ""
    """``Type: message`` forms the rule explains wherever the exception was raised, whatever
    its frames: a check of a binding with no frame of its own, whose words say the innermost
    frame's call passed what does not fit (``Tensor.set_`` given a tensor of another dtype)."""
    raised_in: Optional[Literal["package", "user"]] = None
    raised: str = ""
    """Exception types (on the full class name) the rule explains when no other rule does and
    the job's own code raised it (``exceptionrules.raised_by_project``): a ``raise`` or an
    ``assert`` in the innermost frame, or a frame that called no binding, outside
    ``frames_not``; told in the place of the words' evidence entry, in its layer and rank..."""
    raised_alone: str = ""
    """... or, pasted alone (no frames), these types: those Python code raises and a compiled
    binding does not (a vendor's C++ check surfaces as RuntimeError, ValueError, IndexError)..."""
    raised_message: str = ""
    """... when its message holds these words (tried before a rule that takes any message)..."""
    raised_not: str = ""
    """... unless ``Type: message`` holds these (a device, a runtime, the environment)."""
    frames: str = ""
    frames_not: str = ""
    through: str = ""
    """Some frame's file, not only the innermost one, matches this: the step the process was
    in (a build backend's hook running a package's ``setup.py``)."""
    placed: bool = False
    tier: Tier = "traceback"
    line: str = ""
    """The same refusal printed on a failure line outside a Python exception
    (``bringup.triage.refusals``)..."""
    line_unless: str = ""
    """... unless the line also matches this (the hardware is what is refused)."""


class LineRule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    title: str
    pattern: str
    layer: Layer
    kind: CauseKind
    cause: str
    next: str
    source: str
    sources: dict[str, str] = {}
    """The page of each vendor's stack (``ascend``, ``nvidia``) that says the same of its own
    failure, cited in the place of ``source`` for a log that names that vendor's stack only
    (``advice.fitted``): a reading written for every vendor cites the log's."""
    unless: str = ""
    loose: str = ""
    """A looser form of the same line, read like ``pattern`` (a compiler's error that only
    quotes the code it refuses) ..."""
    foreign: str = ""
    """... that does not count when the line also matches this (the error is located in a
    file the project does not own) and ``pattern`` does not."""
    foreign_before: str = ""
    """A line printed right after one that matches this does not count: the message is located
    in a file the project does not own (CMake prints "CMake Error at <file>:<line>" and the
    message on the lines under it; an absolute path is outside the project's tree)."""
    tier: Tier = "traceback"
    header: str = ""
    """For a line under pytest's ``E`` prefix (a failed test's report, which prints an
    exception's header and the lines of its message one under the other): the line counts only
    when it, or the exception printed before it with the line after that one (a header the
    report wrapped), matches this (Python ``re``)."""


class RulesFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    exception: list[ExceptionRule] = []
    line: list[LineRule] = []
    echoes: list[str] = []
    evidence: list[EvidenceRule] = []
    failure: str = ""
    quiet: str = ""
    warning: str = ""
    success: str = ""
    runtime_compile: str = ""
    project_build: str = ""
    compiled_in_job: str = ""
    stacks: dict[str, str] = {}


class Rules(NamedTuple):
    exceptions: tuple[ExceptionRule, ...]
    lines: tuple[LineRule, ...]
    echoes: tuple[str, ...]
    evidence: tuple[EvidenceRule, ...] = ()
    failure: str = ""
    quiet: str = ""
    warning: str = ""
    """The quiet lines that warn (a log with no failure line is read from them)..."""
    success: str = ""
    """... unless it shows the step it ran succeed (its warnings are then advice)."""
    runtime_compile: str = ""
    """The lines of a kernel compiled while the job runs (``bringup.triage.runtimecompile``)."""
    project_build: str = ""
    """The lines of the project's own build, which keep its compile errors ``build``."""
    stacks: tuple[tuple[str, str], ...] = ()
    """Each vendor's name and the words of its software stack (``bringup.triage.vendors``)."""
    compiled_in_job: str = ""
    """The class rule of a kernel compiled in the job whose failure only words place."""


def read_rules(path: Path = RULES_FILE) -> Rules:
    """The fallback rules, checked: a public source each, valid RE2 expressions."""
    text, document = read_toml(path)
    try:
        content = msgspec.convert(document, type=RulesFile, strict=True)
    except msgspec.ValidationError as error:
        raise SignatureError(str(error), path=str(path)) from None
    rules: list[ExceptionRule | LineRule | EvidenceRule] = [
        *content.exception,
        *content.line,
        *content.evidence,
    ]
    for rule in rules:
        problems = [pattern_problem(e) for e in _expressions(rule) if e]
        problem = next((p for p in problems if p), None)
        sources = (rule.source, *rule.sources.values())
        if isinstance(rule, ExceptionRule):
            sources += tuple(rule.package_sources.values())
        if problem is None and not all(s.startswith("https://") for s in sources):
            problem = "source must be a public https:// URL"
        if problem is None and isinstance(rule, EvidenceRule):
            problem = _default_problem(rule, content.evidence)
        if problem:
            raise SignatureError(
                problem, path=str(path), line=line_of(text, "id", rule.id), record_id=rule.id
            )
    tops = (
        content.failure,
        content.quiet,
        content.warning,
        content.success,
        content.runtime_compile,
        content.project_build,
        *content.stacks.values(),
    )
    problem = next((p for p in map(pattern_problem, tops) if p), None)
    if problem:
        raise SignatureError(
            "failure, quiet, warning, success, runtime_compile, project_build or stacks: "
            f"{problem}",
            path=str(path),
        )
    if content.compiled_in_job and content.compiled_in_job not in {r.id for r in content.exception}:
        raise SignatureError(
            f"compiled_in_job names no [[exception]] rule: {content.compiled_in_job}",
            path=str(path),
            line=line_of(text, "compiled_in_job", content.compiled_in_job),
        )
    return Rules(
        tuple(content.exception),
        tuple(content.line),
        tuple(content.echoes),
        tuple(content.evidence),
        content.failure,
        content.quiet,
        content.warning,
        content.success,
        content.runtime_compile,
        content.project_build,
        tuple(content.stacks.items()),
        content.compiled_in_job,
    )


def _expressions(rule: ExceptionRule | LineRule | EvidenceRule) -> tuple[str, ...]:
    if isinstance(rule, ExceptionRule):
        return (
            rule.exception,
            rule.message,
            rule.message_not,
            rule.any_message,
            rule.pasted,
            rule.stated,
            rule.frames,
            rule.frames_not,
            rule.through,
            rule.raised,
            rule.raised_alone,
            rule.raised_message,
            rule.raised_not,
            rule.line,
            rule.line_unless,
        )
    if isinstance(rule, LineRule):
        return (rule.pattern, rule.unless, rule.loose, rule.foreign, rule.foreign_before)
    return (rule.words, rule.paths, rule.starts)


def _default_problem(rule: EvidenceRule, entries: Sequence[EvidenceRule]) -> Optional[str]:
    """The entry without words takes any failure: there must be one, the last."""
    if not rule.words and rule is not entries[-1]:
        return "only the last evidence entry may have no words"
    if rule is entries[-1] and rule.words:
        return "the last evidence entry must have no words (it takes any failure)"
    return None


def builtin_rules() -> Rules:
    """The shipped rules, checked once and kept with the rest of the built-in data."""
    from bringup.triage.builtin import builtin_data

    return builtin_data().rules
