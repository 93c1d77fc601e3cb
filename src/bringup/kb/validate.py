"""Checking one knowledge-base file: TOML syntax, the record schema (msgspec, strict) and the
meaning of each field (subjects known, every version and specifier readable in its subject's
scheme). Every problem is collected with its file, line, record id and field, so a file is
reported whole rather than one error per run (packaging's error collector does the same).
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Iterator
from typing import Any, Optional

import msgspec

from bringup import lazyre
from bringup.errors import InputError
from bringup.kb.schema import (
    FILE_KEYS,
    RECORD_KINDS,
    RECORD_TYPES,
    ChipRecord,
    Origin,
    PackageRecord,
    Problem,
    Record,
    RecordKind,
    ReleaseRecord,
    RuleRecord,
)
from bringup.subjects import frameworks, has_own_scheme, names, scheme_for
from bringup.tomlfile import line_of, parse_toml
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

_ID = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+:\-]*$")
_TOPIC = lazyre.compile(r"^[a-z0-9][a-z0-9_]*$")
_DATE = lazyre.compile(r"^\d{4}-\d{2}(?:-\d{2})?$")
_MSGSPEC_PATH = lazyre.compile(r"- at `\$\.?([^`]*)`")
_MSGSPEC_FIELD = lazyre.compile(r"field `([^`]+)`")
_NUMBER_HINT = "write versions as strings: TOML reads 12.10 as the number 12.1"


class FileResult(msgspec.Struct, frozen=True, kw_only=True):
    """What one file holds once checked: its topic and records, or its problems."""

    path: str
    topic: str
    title: Optional[str]
    records: tuple[tuple[RecordKind, Record, Origin], ...]
    problems: tuple[Problem, ...]


def known_subject(subject: str) -> bool:
    """Catalogued subjects (with their own scheme, or distributions named bare) or
    ``pypi:<name>``."""
    if has_own_scheme(subject) or subject in frameworks():
        return True
    return subject.startswith("pypi:") and bool(re.match(r"^[A-Za-z0-9._\-]+$", subject[5:]))


def check_file(text: str, path: str, stem: str) -> FileResult:
    """Check the text of one knowledge-base file; never raises for bad content."""
    problems: list[Problem] = []
    try:
        document = parse_toml(text, path)
    except InputError as error:
        problem = Problem(path=path, line=error.line, message=error.message)
        return FileResult(path=path, topic=stem, title=None, records=(), problems=(problem,))
    lines = text.splitlines()
    for key in document:
        if key not in FILE_KEYS:
            problems.append(
                Problem(
                    path=path,
                    line=line_of(text, key),
                    field=key,
                    message="unknown key; a file holds topic, title and arrays of "
                    + ", ".join(f"[[{kind}]]" for kind in RECORD_KINDS),
                )
            )
    topic = _text_value(document, "topic", text, path, problems) or stem
    if not _TOPIC.match(topic):
        problems.append(
            Problem(
                path=path,
                line=line_of(text, "topic"),
                field="topic",
                message=f"{topic!r} is not a topic name (a-z0-9_)",
            )
        )
    title = _text_value(document, "title", text, path, problems)
    records: list[tuple[RecordKind, Record, Origin]] = []
    seen: dict[str, int] = {}
    for kind in RECORD_KINDS:
        raw = document.get(kind, [])
        if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
            problems.append(
                Problem(path=path, field=kind, message=f"write records as [[{kind}]] tables")
            )
            continue
        headers = _header_lines(lines, kind)
        for index, item in enumerate(raw):
            line = headers[index] if len(headers) == len(raw) else None
            end = _next_header(lines, line)
            record = _check_record(
                kind, item, text=text, path=path, line=line, end=end, problems=problems
            )
            if record is None:
                continue
            if record.id in seen:
                problems.append(
                    Problem(
                        path=path,
                        line=line,
                        record_id=record.id,
                        field="id",
                        message=f"duplicate id (first at line {seen[record.id]})",
                    )
                )
                continue
            seen[record.id] = line or 0
            records.append((kind, record, Origin(path, line)))
    return FileResult(
        path=path, topic=topic, title=title, records=tuple(records), problems=tuple(problems)
    )


def _toolkit_named(item: dict[str, Any]) -> dict[str, Any]:
    """A package record in the older spelling, its toolkit as the field (``<toolkit> = ">=5.0"``),
    as ``subject`` and ``versions``."""
    if "subject" in item or "versions" in item:
        return item
    named = [key for key in item if key in names("toolkit")]
    if len(named) != 1:
        return item
    rest = {k: v for k, v in item.items() if k != named[0]}
    return {**rest, "subject": named[0], "versions": item[named[0]]}


def _text_value(
    document: dict[str, Any], key: str, text: str, path: str, problems: list[Problem]
) -> Optional[str]:
    value = document.get(key)
    if value is None or isinstance(value, str):
        return value
    problems.append(Problem(path=path, line=line_of(text, key), field=key, message="not a string"))
    return None


def _check_record(
    kind: RecordKind,
    item: dict[str, Any],
    *,
    text: str,
    path: str,
    line: Optional[int],
    end: Optional[int],
    problems: list[Problem],
) -> Optional[Record]:
    if kind == "package":
        item = _toolkit_named(item)
    raw_id = item.get("id")
    record_id = raw_id if isinstance(raw_id, str) else None
    found: list[Problem] = []

    def report(field: Optional[str], message: str) -> None:
        start = line or 1
        where = line_of(text, field.split(".")[0], start=start, end=end) if field else None
        found.append(
            Problem(
                path=path, line=where or line, record_id=record_id, field=field, message=message
            )
        )

    for leaf, value in _leaves(item):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            report(leaf, f"the number {value!r} where a string is expected; {_NUMBER_HINT}")
        elif isinstance(value, (datetime.date, datetime.time)):
            report(leaf, f'write dates as strings ("{value}")')
    fields = _fields(kind)
    names = {f.name for f in fields}
    for key in item:
        if key not in names:
            report(key, f"unknown field; a [[{kind}]] has {', '.join(sorted(names))}")
    for field in fields:
        if field.required and field.name not in item:
            report(None, f"missing required field {field.name!r}")
    if found:
        problems.extend(found)
        return None
    try:
        record = msgspec.convert(item, type=RECORD_TYPES[kind], strict=True)
    except msgspec.ValidationError as error:
        text_of_error = str(error)
        at = _MSGSPEC_PATH.search(text_of_error)
        named = _MSGSPEC_FIELD.search(text_of_error)
        where: Optional[str] = named.group(1) if named else (at.group(1) if at else None)
        report(where or None, _MSGSPEC_PATH.sub("", text_of_error).strip())
        problems.extend(found)
        return None
    for meant, message in _meaning(record):
        report(meant, message)
    problems.extend(found)
    return None if found else record


@functools.cache
def _fields(kind: RecordKind) -> tuple[msgspec.structs.FieldInfo, ...]:
    """A record type's fields (reading them evaluates annotations: done once per kind)."""
    return msgspec.structs.fields(RECORD_TYPES[kind])


def _meaning(record: Record) -> Iterator[tuple[Optional[str], str]]:
    """Problems with what the fields say, once their types are right."""
    if not _ID.match(record.id):
        yield "id", f"{record.id!r} is not an id (letters, digits and _ . + : - only)"
    if not record.source.strip():
        yield "source", "empty: every record needs a public source (URL or document)"
    if record.replaces is not None and not record.replaces.strip():
        yield "replaces", "empty: name the id of the record this one replaces"
    if isinstance(record, RuleRecord):
        yield from _rule_meaning(record)
    elif isinstance(record, ReleaseRecord):
        yield from _subject_problem("subject", record.subject)
        yield from _version_problem("version", record.version, record.subject)
        for field, value in (("date", record.date), ("end_of_life", record.end_of_life)):
            if value is not None and not _DATE.match(value):
                yield field, f"{value!r} is not a date (YYYY-MM-DD or YYYY-MM)"
    elif isinstance(record, ChipRecord):
        yield from _version_problem("family", record.family, "chip")
    elif isinstance(record, PackageRecord):
        yield from _subject_problem("subject", record.subject)
        yield from _spec_problem("versions", record.versions, record.subject, allow_empty=False)
        if record.chips is not None:
            yield from _spec_problem("chips", record.chips, "chip", allow_empty=False)


def _rule_meaning(record: RuleRecord) -> Iterator[tuple[Optional[str], str]]:
    if len(record.when) != 1:
        yield "when", f"names {len(record.when)} subjects; a row has exactly one condition"
        return
    subject, spec = next(iter(record.when.items()))
    yield from _subject_problem(f"when.{subject}", subject)
    yield from _spec_problem(f"when.{subject}", spec, subject, allow_empty=False)
    if not record.then:
        yield "then", "empty: a row must imply something"
    for then_subject, then_spec in record.then.items():
        if then_subject == subject:
            yield f"then.{then_subject}", "the row's own subject cannot be implied"
        yield from _subject_problem(f"then.{then_subject}", then_subject)
        yield from _spec_problem(f"then.{then_subject}", then_spec, then_subject, False)
    if record.chips is not None:
        yield from _spec_problem("chips", record.chips, "chip", allow_empty=False)


def _subject_problem(field: str, subject: str) -> Iterator[tuple[Optional[str], str]]:
    if not known_subject(subject):
        yield field, f"unknown subject {subject!r} (a Python distribution is written pypi:NAME)"


def _spec_problem(
    field: str, spec: str, subject: str, allow_empty: bool
) -> Iterator[tuple[Optional[str], str]]:
    if not spec.strip() and not allow_empty:
        yield field, "empty specifier"
        return
    try:
        SpecifierSet(spec, scheme_for(subject))
    except InvalidSpecifier as error:
        yield field, str(error)


def _version_problem(field: str, raw: str, subject: str) -> Iterator[tuple[Optional[str], str]]:
    try:
        Version(raw, scheme_for(subject))
    except InvalidVersion as error:
        yield field, str(error)


def _leaves(item: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in item.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _leaves(value, f"{name}.")
        elif isinstance(value, list):
            for element in value:
                yield name, element
        else:
            yield name, value


def _header_lines(lines: list[str], kind: str) -> list[int]:
    pattern = re.compile(rf"^\s*\[\[\s*{kind}\s*\]\]")
    return [n for n, line in enumerate(lines, start=1) if pattern.match(line)]


def _next_header(lines: list[str], line: Optional[int]) -> Optional[int]:
    """The next ``[[...]]`` header after ``line``: where the record starting there ends."""
    if line is None:
        return None
    for number, content in enumerate(lines[line:], start=line + 1):
        if content.lstrip().startswith("[["):
            return number
    return None
