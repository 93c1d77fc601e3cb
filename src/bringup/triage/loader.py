"""Signature directories merged into one set: the built-in signatures, then the overlays.

A record joins by the knowledge base's one overlay rule (``bringup.kb.overlay``): a new id
adds a signature; overriding a loaded one says ``replaces = "<id>"`` and takes its place.
Lookup tables of a later directory replace tables of the same name. As ``bringup kb`` does
for its tables, an overlay file with any problem is left out whole, and the problem (file,
line, record id, field) is kept as a warning, so a broken overlay never breaks the built-in
signatures; a problem in the built-in signatures is a bug in bringup and raises. ``strict``
raises for every directory (``bringup kb validate`` style checks, and tests).
"""

from __future__ import annotations

from collections.abc import KeysView, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple, Optional, Union

from bringup.errors import InputError
from bringup.kb import overlay
from bringup.kb.schema import Problem
from bringup.triage.builtin import builtin_files
from bringup.triage.lookups import KnowledgeLoader, lookup_tables
from bringup.triage.signatures import (
    BUILTIN_DIR,
    Signature,
    SignatureError,
    SignatureFile,
    SignatureSet,
    failer,
    read_file,
)
from bringup.triage.templates import parse_placeholder, template_parts

Dirs = Optional[Sequence[Union[str, Path]]]


class Loaded(NamedTuple):
    """The merged signatures, and the overlay problems that left files out."""

    catalogue: SignatureSet
    problems: tuple[Problem, ...]


class _Source(NamedTuple):
    directory: Path
    builtin: bool
    file: SignatureFile


def read_signatures(
    dirs: Dirs = None, *, knowledge: Optional[KnowledgeLoader] = None, strict: bool = False
) -> Loaded:
    """The signatures of ``dirs`` (default: the built-in ones), later ones overriding;
    ``knowledge`` loads the knowledge base that template look-ups read (default: as
    ``bringup kb`` does)."""
    sources: list[_Source] = []
    problems: list[Problem] = []
    for raw in dirs if dirs is not None else [BUILTIN_DIR]:
        directory = Path(raw)
        builtin = strict or directory.resolve() == BUILTIN_DIR
        if not directory.is_dir():
            problem = Problem(path=str(directory), message="not a directory of signature files")
            if builtin:
                raise problem.error()
            problems.append(problem)
            continue
        checked = builtin_files(directory)
        if checked is not None:
            sources.extend(_Source(directory, builtin, file) for file in checked)
            continue
        for path in sorted(directory.glob("*.toml")):
            try:
                sources.append(_Source(directory, builtin, read_file(path)))
            except InputError as error:
                if builtin:
                    raise
                problems.append(_problem(error, path))
    tables = lookup_tables(knowledge)
    while True:
        catalogue, failed = _merge(sources, tables)
        if failed is None:
            return Loaded(catalogue, tuple(problems))
        source, unfit = failed
        if source.builtin:
            raise unfit
        problems.append(unfit.problem)
        sources.remove(source)


def load_signatures(
    dirs: Dirs = None, *, knowledge: Optional[KnowledgeLoader] = None
) -> SignatureSet:
    """``read_signatures`` in strict mode: any problem in any directory raises."""
    return read_signatures(dirs, knowledge=knowledge, strict=True).catalogue


def failure_dirs(kb_dirs: Sequence[Union[str, Path]]) -> list[Path]:
    """The signature directories of a knowledge-base search path (base first, then overlays,
    as ``bringup.kb.paths.data_dirs`` returns it): the ``failures/`` of each directory that has
    one; the built-in signatures come first when the base has none of its own."""
    found = [Path(d) / "failures" for d in kb_dirs if (Path(d) / "failures").is_dir()]
    if not kb_dirs or not (Path(kb_dirs[0]) / "failures").is_dir():
        found.insert(0, BUILTIN_DIR)
    return found


def _problem(error: InputError, path: Path) -> Problem:
    if isinstance(error, SignatureError):
        return error.problem
    return Problem(path=error.path or str(path), message=error.message, line=error.line)


def _merge(
    sources: Sequence[_Source], lookups: Mapping[str, Mapping[str, str]]
) -> tuple[SignatureSet, Optional[tuple[_Source, SignatureError]]]:
    """All sources as one set, or the first source that cannot join it and why: an id twice
    in one directory, an override without ``replaces`` (or ``replaces`` naming nothing), or a
    reference (``outranks``, a look-up table) to nothing."""
    records: dict[str, Signature] = {}
    tables: dict[str, Mapping[str, str]] = dict(lookups)
    seen: dict[tuple[Path, str], str] = {}
    by_path = {source.file.path: source for source in sources}

    def loaded_from(signature_id: str) -> Optional[str]:
        found = records.get(signature_id)
        return None if found is None else f"{found.path}:{found.line}"

    for source in sources:
        for signature in source.file.signatures:
            other = seen.setdefault((source.directory, signature.id), signature.path)
            if other != signature.path:
                error = SignatureError(
                    f"duplicate id (also in {other})",
                    path=signature.path,
                    line=signature.line,
                    record_id=signature.id,
                    field="id",
                )
                return SignatureSet((), {}), (source, error)
            replaces = signature.record.replaces
            clash = next(iter(overlay.clashes(signature.id, replaces, loaded_from)), None)
            if clash is not None:
                return SignatureSet((), {}), (source, _fail(signature, clash.message, clash.field))
            records = _placed(records, signature)
        tables.update(source.file.tables)
    catalogue = SignatureSet(tuple(records.values()), tables)
    for signature in catalogue.signatures:
        problem = _reference_problem(signature, records.keys(), tables.keys())
        if problem is not None:
            message, field = problem
            return catalogue, (by_path[signature.path], _fail(signature, message, field))
    return catalogue, None


def _placed(records: dict[str, Signature], signature: Signature) -> dict[str, Signature]:
    """``records`` with ``signature`` added, or in the place of the record it replaces."""
    replaces = signature.record.replaces
    if replaces is None or replaces == signature.id:
        records[signature.id] = signature
        return records
    return {
        (signature.id if key == replaces else key): (signature if key == replaces else value)
        for key, value in records.items()
    }


def _fail(signature: Signature, message: str, field: str) -> SignatureError:
    """An error at the line of ``field`` of ``signature`` in its file."""
    text = Path(signature.path).read_text("utf-8")
    return failer(text, signature.path, signature.id, signature.line)(message, field)


def _reference_problem(
    signature: Signature, ids: KeysView[str], tables: KeysView[str]
) -> Optional[tuple[str, str]]:
    """What in ``signature`` names a record that is not there (an ``outranks`` id, a look-up
    table), and in which field."""
    for other in signature.record.outranks:
        if other not in ids or other == signature.id:
            return f"outranks {other!r}, which is not another known signature", "outranks"
    for field in ("cause", "fix", "cause_zh", "fix_zh"):
        for token in template_parts(getattr(signature.record, field) or "").optional:
            placeholder = parse_placeholder(token)
            if placeholder and placeholder.kind == "table" and placeholder.table not in tables:
                return f"{{{token}}}: no lookup table {placeholder.table!r}", field
    return None
