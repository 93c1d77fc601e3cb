"""``explain_text``: the library entry point that ``bringup explain``, ``up`` and ``ladder``
call with a failure log and, when they have one, a snapshot of the host."""

from __future__ import annotations

import functools
import io
from collections.abc import Iterable
from typing import IO, Optional, Union, cast

from bringup.model.diagnosis import Diagnosis
from bringup.model.snapshot import Snapshot
from bringup.triage.blocks import (
    BLOCK_BYTES,
    MAX_LINE_BYTES,
    ByteSource,
    LineReader,
    TextStreamReader,
    iter_blocks,
)
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher, ScanResult
from bringup.triage.signatures import SignatureSet, load_signatures

LogInput = Union[str, bytes, IO[bytes], IO[str], Iterable[Union[str, bytes]]]
"""A whole log as ``str``/``bytes``, a binary or text stream, or an iterable of lines."""


@functools.lru_cache(maxsize=1)
def builtin_matcher() -> Matcher:
    """The built-in signature set, compiled once per process."""
    return Matcher(load_signatures())


def matcher_for(catalogue: Optional[SignatureSet]) -> Matcher:
    return builtin_matcher() if catalogue is None else Matcher(catalogue)


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
    blocks = iter_blocks(reader_for(source), block_bytes=block_bytes, max_line_bytes=max_line_bytes)
    return engine.scan(blocks)


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
