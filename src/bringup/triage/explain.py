"""``explain_text``: the library entry point that ``bringup explain``, ``up`` and ``ladder``
call with a failure log and, when they have one, a snapshot of the host."""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Optional, Union, cast

from bringup.kb.schema import Problem
from bringup.model.diagnosis import Diagnosis
from bringup.model.snapshot import Snapshot
from bringup.triage.blocks import (
    BLOCK_BYTES,
    MAX_LINE_BYTES,
    ByteSource,
    Cut,
    LineReader,
    TextStreamReader,
    iter_blocks,
)
from bringup.triage.loader import failure_dirs, load_signatures, read_signatures
from bringup.triage.prefilter import ENGINE_ENV
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher
from bringup.triage.scanresult import ScanResult
from bringup.triage.signatures import BUILTIN_DIR, SignatureSet

LogInput = Union[str, bytes, IO[bytes], IO[str], Iterable[Union[str, bytes]]]
"""A whole log as ``str``/``bytes``, a binary or text stream, or an iterable of lines."""


def builtin_matcher(small: bool = False) -> Matcher:
    """The built-in signature set, compiled once per process (and engine asked for).
    ``small``: for input under ``prefilter.PAYS_OFF_BYTES`` (see ``compile_matcher``)."""
    return _builtin_matcher(os.environ.get(ENGINE_ENV, ""), small)


@functools.cache
def _builtin_matcher(engine: str, small: bool) -> Matcher:
    return compile_matcher(load_signatures(), engine=engine or None, knowledge=True, small=small)


def compile_matcher(
    catalogue: SignatureSet,
    *,
    engine: Optional[str] = None,
    knowledge: bool = False,
    small: bool = False,
) -> Matcher:
    """``catalogue`` compiled for scanning by ``engine`` (default: as ``BRINGUP_TRIAGE_ENGINE``
    asks), its Hyperscan database kept in bringup's cache (``bringup.cache``); for ``small``
    input, Hyperscan only if that database is cached already (compiling it costs more).
    ``knowledge``: with the vendor fault knowledge (``bringup.triage.faultdiag``, the FAQ
    entries of ``bringup.triage.faq``) and the
    fallback's observers (error codes, tracebacks, failure lines), as commands use it; a
    caller's own signature set alone is matched without them."""
    from bringup import cache

    if not knowledge:
        return Matcher(catalogue, engine=engine, cache_dir=cache.directory(), cached_only=small)
    from bringup.triage.builtin import builtin_data

    builtin = builtin_data()
    known = {signature.id for signature in catalogue.signatures}
    extra = tuple(s for s in (*builtin.faults, *builtin.faq) if s.id not in known)
    return Matcher(
        SignatureSet((*catalogue.signatures, *extra), catalogue.tables),
        engine=engine,
        cache_dir=cache.directory(),
        observers=builtin.observers,
        cached_only=small,
    )


def matcher_for(catalogue: Optional[SignatureSet]) -> Matcher:
    return builtin_matcher() if catalogue is None else compile_matcher(catalogue)


def overlaid_matcher(
    kb_dir: str | Path | None = None,
    extra_dirs: Sequence[str | Path] = (),
    env: Optional[Mapping[str, str]] = None,
    small: bool = False,
) -> tuple[Matcher, tuple[Problem, ...]]:
    """The signatures a command-line user expects, compiled: built-in, then the overlays of
    the knowledge-base search path (``--kb``/``--kb-extra``, ``BRINGUP_KB_DIR``,
    ``BRINGUP_KB_EXTRA_DIR``, the user config dir: each one's ``failures/``), with template
    look-ups in the same knowledge base; and the overlay problems, to show as warnings."""
    from bringup.kb.paths import resolve_dirs

    kb_dirs, dir_problems = resolve_dirs(kb_dir, extra_dirs, env)
    dirs = failure_dirs(kb_dirs)
    if kb_dir is None and not extra_dirs and dirs == [BUILTIN_DIR]:
        return builtin_matcher(small), tuple(dir_problems)
    from bringup.kb import load_knowledge_base

    knowledge = functools.partial(
        load_knowledge_base, kb_dir=kb_dir, extra_dirs=extra_dirs, env=env
    )
    loaded = read_signatures(dirs, knowledge=knowledge)
    matcher = compile_matcher(loaded.catalogue, knowledge=True, small=small)
    return matcher, (*dir_problems, *loaded.problems)


def reader_for(source: LogInput) -> ByteSource:
    """A byte source over any accepted input (binary streams are used as they are)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return io.BytesIO(bytes(source))
    if isinstance(source, str):
        return io.BytesIO(source.encode("utf-8", "surrogateescape"))
    read = getattr(source, "read", None)
    if callable(read):
        if isinstance(read(0), str):
            return TextStreamReader(read)
        return cast(ByteSource, source)
    return LineReader(source)


def scan_log(
    source: LogInput,
    *,
    matcher: Optional[Matcher] = None,
    block_bytes: int = BLOCK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
) -> ScanResult:
    """Match a log against every signature (one pass, bounded memory)."""
    engine = matcher or builtin_matcher()
    cuts: list[Cut] = []
    blocks = iter_blocks(
        reader_for(source), block_bytes=block_bytes, max_line_bytes=max_line_bytes, cuts=cuts
    )
    result = engine.scan(blocks)
    result.cut = tuple(cuts)
    return result


def explain_text(
    lines_or_stream: LogInput,
    *,
    snapshot: Optional[Snapshot] = None,
    signatures: Optional[SignatureSet] = None,
    top: Optional[int] = None,
) -> list[Diagnosis]:
    """The probable causes of a failure log, best first (empty when nothing matched)."""
    engine = matcher_for(signatures)
    result = scan_log(lines_or_stream, matcher=engine)
    return rank(result, engine.catalogue, snapshot, top)
