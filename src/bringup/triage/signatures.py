"""Error signatures: knowledge-base data (``kb/data/failures/*.toml``) read into validated records.

Each ``[[signature]]`` names a failure the stack is known for: regular expressions (RE2 syntax,
named groups for the values that matter) that find it in a log line, the layer it shows in, its
cause, a templated fix, conditions on the host (predicates), and the public source that established
it. A message that several causes produce (``CUBLAS_STATUS_NOT_INITIALIZED``: out of memory, or an
earlier out-of-range index) is a ``symptom`` of each of them rather than a pattern: it finds the
signature, which then ranks below any signature found by its own patterns unless a ``context``
pattern (lines that make this cause the likely one, such as a vendor extension's module in the
traceback) also occurs in the log. Context patterns never find a signature on their own.

Each file is checked on its own, strictly: unknown fields, a pattern RE2 rejects or that matches
an empty line, a context pattern with a named group, a predicate that is not registered, a
placeholder no pattern captures — each is a ``SignatureError`` naming the file, line, record and
field.
``bringup.triage.loader`` merges the files of several directories.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import NamedTuple, Optional, Union

import msgspec

from bringup import backends
from bringup.errors import KnowledgeBaseError
from bringup.kb.schema import Problem
from bringup.model import keys
from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of, read_data_toml
from bringup.triage.predicates import PREDICATES
from bringup.triage.specificity import literal_count
from bringup.triage.templates import UNKNOWN_KEY, parse_placeholder, template_parts
from bringup.triage.wholenumbers import bounded

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "kb" / "data" / "failures"
ID = re.compile(r"[a-z0-9]+(?:\.[a-z0-9][a-z0-9_-]*)+\Z")
GROUP = re.compile(r"\(\?P<([A-Za-z_][A-Za-z0-9_]*)>")


def fact_keys() -> frozenset[str]:
    """The keys a template may name: the generic ones and every registered backend's."""
    generic = (v for n, v in vars(keys).items() if n.isupper() and isinstance(v, str))
    return frozenset(generic).union(*(b.fact_keys for b in backends.registered()))


WhenArg = Union[str, bool, int, list[str]]


class SignatureRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One ``[[signature]]`` table as written in the data."""

    id: str
    title: str
    layer: Layer
    kind: CauseKind
    cause: str
    fix: str
    source: str
    patterns: list[str] = []
    symptoms: list[str] = []
    context: list[str] = []
    see_also: list[str] = []
    when: dict[str, WhenArg] = {}
    outranks: list[str] = []
    generic: bool = False
    replaces: Optional[str] = None
    title_zh: Optional[str] = None
    cause_zh: Optional[str] = None
    fix_zh: Optional[str] = None
    """The same texts in Chinese, where the public source is Chinese (``explain --lang zh``);
    the same placeholders as ``cause`` and ``fix``."""
    any_vendor: bool = False
    """The message says its namespace's vendor stack is absent (torch "doesn't have NCCL built
    in"): it shows on any host, so neither a snapshot of another vendor's devices nor a log
    that names another vendor's stack rules it out (``triage.vendors``)."""
    symptoms_need_context: bool = False
    """A symptom says this cause only beside one of its ``context`` patterns (a summarised
    "ImportError: undefined symbol" is torch_npu's pair only in a log that names torch_npu):
    without one, a hit through symptoms alone is no diagnosis."""
    captures_differ: list[str] = []
    """Captures that must name different values for the line to state the cause: NCCL built for
    CUDA ``built`` beside CUDA ``stack`` says nothing where the two are the same release, and a
    hit whose captures are equal is no diagnosis (RE2 has no backreference to say it)."""
    one_per: Optional[str] = None
    """A capture each of whose values in the log is a cause of its own (each build tool a build
    finds missing, cmake then patch): one diagnosis per value, each with its own lines
    (``bringup.triage.percapture``)."""
    layer_from_log: bool = False
    """The cause is a property of what is installed (a chip, SoC or operator its binaries
    lack, a framework and toolkit that are not a pair) and shows at whatever step first
    touches it: the diagnosis takes the layer where the log fails (its code, exception or
    failure line, as the fallback reads them), and ``layer`` when the log says nothing."""


class LookupTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A ``[tables.NAME]`` map used by ``{group:NAME}`` placeholders, with its source."""

    source: str
    entries: dict[str, str]
    unknown: str = ""
    """What a value the table does not list is (a code table: "unknown code of HCCL")."""


class FailureFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    signature: list[SignatureRecord] = []
    tables: dict[str, LookupTable] = {}


class Signature(NamedTuple):
    """A validated record, where it was written, and what its patterns capture (``groups`` and
    ``specificity``: one entry per pattern, then one per symptom). ``tier``: ``signature``
    for bringup's own, ``knowledge`` for faults transcribed from a vendor's fault knowledge
    (``bringup.triage.faultdiag``), which rank below them."""

    record: SignatureRecord
    path: str
    line: Optional[int]
    groups: tuple[frozenset[str], ...]
    specificity: tuple[int, ...]
    tier: str = "signature"

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def finding(self) -> tuple[str, ...]:
        """The expressions that find this signature: its patterns, then its symptoms, each
        with a number that ends or starts it read whole (``wholenumbers.bounded``)."""
        return tuple(bounded(p) for p in (*self.record.patterns, *self.record.symptoms))

    def is_symptom(self, index: int) -> bool:
        """Whether ``finding[index]`` is a symptom (shared with other causes)."""
        return index >= len(self.record.patterns)


class SignatureSet(NamedTuple):
    """Every signature in load order, and the lookup tables their templates use (tables of
    the data files, and look-ups in the knowledge base: ``bringup.triage.lookups``)."""

    signatures: tuple[Signature, ...]
    tables: Mapping[str, Mapping[str, str]]

    def by_id(self, signature_id: str) -> Optional[Signature]:
        return next((s for s in self.signatures if s.id == signature_id), None)


class SignatureError(KnowledgeBaseError):
    """A problem in a signature file; keeps its parts as a knowledge-base ``Problem`` so an
    overlay's problem can be reported as a warning instead of stopping the command."""

    def __init__(
        self,
        message: str,
        *,
        path: str,
        line: Optional[int] = None,
        record_id: Optional[str] = None,
        field: Optional[str] = None,
    ) -> None:
        super().__init__(message, path=path, line=line, record_id=record_id, field=field)
        self.problem = Problem(
            path=path, message=message, line=line, record_id=record_id, field=field
        )


class SignatureFile(NamedTuple):
    """One file's signatures and lookup tables, each checked on its own."""

    path: str
    signatures: tuple[Signature, ...]
    tables: dict[str, dict[str, str]]


def _entries(table: LookupTable) -> dict[str, str]:
    """A table's entries, with its ``unknown`` text under ``UNKNOWN_KEY`` when it has one."""
    return {**table.entries, **({UNKNOWN_KEY: table.unknown} if table.unknown else {})}


def read_file(path: Path) -> SignatureFile:
    """Read and check one signature file. Raises ``SignatureError`` for a bad record or a
    duplicate id, ``InputError`` for a file that is not TOML."""
    text, document = read_data_toml(path)
    content = _decode(document, text, str(path))
    signatures: dict[str, Signature] = {}
    for signature in _signatures(content, text, str(path)):
        if signature.id in signatures:
            raise SignatureError(
                "duplicate id in this file",
                path=signature.path,
                line=signature.line,
                record_id=signature.id,
                field="id",
            )
        signatures[signature.id] = signature
    tables = {name: _entries(table) for name, table in content.tables.items()}
    return SignatureFile(str(path), tuple(signatures.values()), tables)


def _decode(document: dict[str, object], text: str, path: str) -> FailureFile:
    try:
        return msgspec.convert(document, type=FailureFile, strict=True)
    except msgspec.ValidationError as error:
        message = str(error)
        where = re.search(r"\$\.signature\[(\d+)\](?:\.(\w+))?", message)
        record_id: Optional[str] = None
        unknown = re.search(r"unknown field `(\w+)`", message)
        field = where.group(2) if where and where.group(2) else None
        field = unknown.group(1) if unknown else field
        line: Optional[int] = None
        if where:
            raw = document.get("signature")
            entry = raw[int(where.group(1))] if isinstance(raw, list) else None
            record_id = str(entry.get("id")) if isinstance(entry, dict) else None
            line = _field_line(text, record_id, field)
        raise SignatureError(
            re.sub(r" - at `[^`]*`", "", message),
            path=path,
            line=line,
            record_id=record_id,
            field=field,
        ) from None


def _field_line(text: str, record_id: Optional[str], field: Optional[str]) -> Optional[int]:
    start = line_of(text, "id", record_id) if record_id else None
    if start is None or field is None:
        return start
    return line_of(text, field, start=start) or start


FailFn = Callable[[str, str], SignatureError]


def _signatures(content: FailureFile, text: str, path: str) -> Iterable[Signature]:
    for record in content.signature:
        line = line_of(text, "id", record.id)
        fail = failer(text, path, record.id, line)
        if not ID.match(record.id):
            raise fail("id must be dotted lower-case words (area.topic.name)", "id")
        if not record.source.startswith("https://"):
            raise fail("source must be a public https:// URL", "source")
        if not record.patterns and not record.symptoms:
            raise fail("at least one pattern (or symptom) is required", "patterns")
        groups = []
        for field, expressions in (("patterns", record.patterns), ("symptoms", record.symptoms)):
            for pattern in expressions:
                problem = pattern_problem(pattern)
                if problem:
                    raise fail(f"pattern {pattern!r}: {problem}", field)
                groups.append(frozenset(GROUP.findall(pattern)))
        for pattern in record.context:
            problem = pattern_problem(pattern) or (
                "a context pattern captures nothing: drop its named groups"
                if GROUP.search(pattern)
                else None
            )
            if problem:
                raise fail(f"pattern {pattern!r}: {problem}", "context")
        _check_when(record, groups, fail)
        if record.captures_differ and not all(set(record.captures_differ) <= g for g in groups):
            raise fail(
                "captures_differ names a group some pattern does not capture", "captures_differ"
            )
        if record.one_per and not all(record.one_per in g for g in groups):
            raise fail("one_per names a group some pattern does not capture", "one_per")
        for field, template in _templates(record):
            _check_template(template, field, groups, fail)
        specificity = tuple(literal_count(p) for p in (*record.patterns, *record.symptoms))
        yield Signature(record, path, line, tuple(groups), specificity)


def _templates(record: SignatureRecord) -> Iterable[tuple[str, str]]:
    """The record's templated fields that are set, by name: cause and fix, in each language."""
    fields = (("cause", record.cause), ("fix", record.fix))
    chinese = (("cause_zh", record.cause_zh), ("fix_zh", record.fix_zh))
    return (*fields, *((name, text) for name, text in chinese if text is not None))


def failer(text: str, path: str, record_id: str, line: Optional[int]) -> FailFn:
    """Builds errors that point at ``field`` of record ``record_id`` in ``path``."""

    def fail(message: str, field: str) -> SignatureError:
        where = _field_line(text, record_id, field) or line
        return SignatureError(message, path=path, line=where, record_id=record_id, field=field)

    return fail


def pattern_problem(pattern: str) -> Optional[str]:
    """Why RE2 (as the engine runs it) cannot use ``pattern``, or None when it can."""
    import re2

    try:
        compiled = re2.compile(pattern.encode("utf-8"), engine_options())
    except re2.error as error:
        return f"not valid RE2 syntax ({error})"
    if compiled.search(b"") is not None:
        return "matches an empty line, so it would match every line"
    return None


def engine_options() -> object:
    """RE2 options the engine uses: bytes as Latin-1 (any byte is a character, so invalid
    UTF-8 cannot break a match), and no match across a line end."""
    import re2

    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1
    options.never_nl = True
    options.max_mem = 256 << 20
    options.log_errors = False
    return options


def _check_when(record: SignatureRecord, groups: list[frozenset[str]], fail: FailFn) -> None:
    captured = frozenset().union(*groups)
    for name, arg in record.when.items():
        known = PREDICATES.get(name)
        if known is None:
            raise fail(
                f"unknown predicate {name!r} (known: {', '.join(sorted(PREDICATES))})", "when"
            )
        if not isinstance(arg, known.arg_type) or (known.arg_type is int and isinstance(arg, bool)):
            raise fail(f"predicate {name!r} takes a {known.arg_type.__name__}", "when")
        for token in re.findall(r"\{([^{}]*)\}", arg) if isinstance(arg, str) else ():
            if token not in captured:
                raise fail(
                    f"predicate {name!r} uses {{{token}}}, which no pattern captures", "when"
                )


def _check_template(template: str, field: str, groups: list[frozenset[str]], fail: FailFn) -> None:
    parts = template_parts(template)
    everywhere = frozenset.intersection(*groups)
    anywhere = frozenset().union(*groups)
    for token in parts.required + parts.optional:
        placeholder = parse_placeholder(token)
        if placeholder is None:
            raise fail(f"malformed placeholder {{{token}}}", field)
        required = token in parts.required
        if placeholder.kind == "fact":
            if placeholder.name not in fact_keys():
                raise fail(f"{{{token}}}: not a fact key of bringup or a backend", field)
            if required:
                raise fail(f"{{{token}}} depends on a snapshot: put it inside [[ ]]", field)
            continue
        if placeholder.name not in (everywhere if required else anywhere):
            where = "every pattern" if required else "any pattern"
            raise fail(f"{{{token}}}: {where} must capture (?P<{placeholder.name}>...)", field)
        if placeholder.kind == "table" and required:
            raise fail(f"{{{token}}}: a lookup may miss, put it inside [[ ]]", field)
