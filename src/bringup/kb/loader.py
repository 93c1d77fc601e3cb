"""Loading the knowledge base: the built-in tables, then each overlay, record by record.

An overlay record joins by the overlay rule of ``bringup.kb.overlay`` (the failure signatures
follow it too): an id that is already loaded must say ``replaces = "<id>"``; the record then
takes that record's place. A file with any problem is left out whole (half a file could
leave its records inconsistent), and its problems are kept as warnings, so a broken overlay
never breaks the built-in knowledge base. Problems in the built-in tables are a bug in
bringup and raise ``KnowledgeBaseError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Optional

import msgspec

from bringup import cache
from bringup.errors import ExitCode, KnowledgeBaseError
from bringup.kb import overlay
from bringup.kb.paths import builtin_dir, resolve_dirs
from bringup.kb.schema import (
    AnyEntry,
    ChipEntry,
    ChipRecord,
    Compiled,
    Origin,
    PackageEntry,
    Problem,
    Record,
    ReleaseEntry,
    ReleaseRecord,
    RuleEntry,
    RuleRecord,
    Topic,
)
from bringup.kb.validate import FileResult, check_file

SCHEMA_VERSION = "4"
"""Bumped whenever the compiled form changes, so stale caches are never read."""

CACHE = cache.Kind("kb", "msgpack", keep=8)
"""The compiled knowledge base, one file per set of directories in use."""

_decoder = msgspec.msgpack.Decoder(Compiled)
_encoder = msgspec.msgpack.Encoder()


def data_files(directory: Path) -> list[Path]:
    """The ``*.toml`` files directly inside ``directory``, sorted by name."""
    return sorted(path for path in directory.glob("*.toml") if path.is_file())


def fingerprint(dirs: Sequence[Path]) -> str:
    """A key that changes when any data file is added, removed, edited or touched."""
    return cache.fingerprint(
        paths=[path for directory in dirs for path in data_files(directory)],
        parts=[SCHEMA_VERSION, *(str(directory.resolve()) for directory in dirs)],
    )


def check_dir(directory: Path) -> list[FileResult]:
    """Every data file of ``directory`` checked on its own (syntax, schema, meaning)."""
    results = []
    for path in data_files(directory):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problem = Problem(path=str(path), message=f"cannot read: {error}")
            results.append(
                FileResult(
                    path=str(path), topic=path.stem, title=None, records=(), problems=(problem,)
                )
            )
            continue
        results.append(check_file(text, str(path), path.stem))
    return results


def compile_dirs(dirs: Sequence[Path], key: str = "") -> Compiled:
    """Read and merge ``dirs`` (base first). Raises ``KnowledgeBaseError`` only for problems
    in bringup's own built-in tables."""
    builtin = builtin_dir().resolve()
    entries: list[AnyEntry] = []
    index: dict[str, int] = {}
    topics: dict[str, Topic] = {}
    problems: list[Problem] = []
    for directory in dirs:
        is_builtin = directory.resolve() == builtin
        for result in check_dir(directory):
            found = list(result.problems) or _merge_problems(result, entries, index)
            if found and is_builtin:
                raise _builtin_error(found)
            if found:
                problems.extend(found)
                continue
            _apply(result, entries, index)
            topic = topics.get(result.topic, Topic(name=result.topic))
            topics[result.topic] = Topic(
                name=result.topic,
                title=topic.title or result.title,
                paths=(*topic.paths, result.path),
            )
    return Compiled(
        key=key,
        dirs=tuple(str(d) for d in dirs),
        topics=tuple(topics.values()),
        entries=tuple(entries),
        problems=tuple(problems),
    )


def load_compiled(
    kb_dir: str | Path | None = None,
    extra_dirs: Sequence[str | Path] = (),
    *,
    env: Optional[Mapping[str, str]] = None,
    use_cache: bool = True,
) -> Compiled:
    """The compiled knowledge base for these directories, from the cache when it is fresh."""
    dirs, dir_problems = resolve_dirs(kb_dir, extra_dirs, env)
    key = fingerprint(dirs)
    where = cache.directory(env)
    compiled = None
    if use_cache:
        compiled = cache.load(CACHE, key, where, _decoder.decode, (msgspec.DecodeError,))
    if compiled is None or compiled.key != key:
        compiled = compile_dirs(dirs, key)
        if use_cache:
            cache.store(CACHE, key, where, _encoder.encode(compiled))
    if dir_problems:
        compiled = Compiled(
            key=compiled.key,
            dirs=compiled.dirs,
            topics=compiled.topics,
            entries=compiled.entries,
            problems=(*dir_problems, *compiled.problems),
        )
    return compiled


def _merge_problems(
    result: FileResult, entries: list[AnyEntry], index: Mapping[str, int]
) -> list[Problem]:
    """What stops ``result`` from being merged on top of what is loaded so far (the overlay
    rule of ``bringup.kb.overlay``, and a replacement of the same kind of record)."""

    def loaded_from(record_id: str) -> Optional[str]:
        position = index.get(record_id)
        return None if position is None else str(entries[position].origin)

    problems = []
    for kind, record, origin in result.records:
        for clash in overlay.clashes(record.id, record.replaces, loaded_from):
            problems.append(_problem(origin, record.id, clash.field, clash.message))
        position = index.get(record.replaces) if record.replaces is not None else None
        if position is not None and entries[position].record.__class__ is not record.__class__:
            message = (
                f"replaces {record.replaces!r}, a [[{_kind(entries[position])}]], not a [[{kind}]]"
            )
            problems.append(_problem(origin, record.id, "replaces", message))
    return problems


def _apply(result: FileResult, entries: list[AnyEntry], index: dict[str, int]) -> None:
    for _kind_name, record, origin in result.records:
        entry = make_entry(result.topic, origin, record)
        if record.replaces is not None:
            position = index.pop(record.replaces)
            entries[position] = entry
            index[record.id] = position
        else:
            index[record.id] = len(entries)
            entries.append(entry)


def make_entry(topic: str, origin: Origin, record: Record) -> AnyEntry:
    """A record wrapped with its topic and origin."""
    if isinstance(record, RuleRecord):
        return RuleEntry(topic=topic, origin=origin, record=record)
    if isinstance(record, ReleaseRecord):
        return ReleaseEntry(topic=topic, origin=origin, record=record)
    if isinstance(record, ChipRecord):
        return ChipEntry(topic=topic, origin=origin, record=record)
    return PackageEntry(topic=topic, origin=origin, record=record)


def _kind(entry: AnyEntry) -> str:
    return type(entry).__name__.removesuffix("Entry").lower()


def _problem(origin: Origin, record_id: str, field: str, message: str) -> Problem:
    return Problem(
        path=origin.path, line=origin.line, record_id=record_id, field=field, message=message
    )


def _builtin_error(problems: Sequence[Problem]) -> KnowledgeBaseError:
    first = problems[0]
    listing = "\n".join(str(problem) for problem in problems)
    error = KnowledgeBaseError(
        f"the built-in knowledge base has {len(problems)} problem(s):\n{listing}",
        path=first.path,
        line=first.line,
        record_id=first.record_id,
        field=first.field,
    )
    error.exit_code = ExitCode.INTERNAL
    return error
