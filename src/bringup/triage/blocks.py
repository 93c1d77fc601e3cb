"""Logs as blocks of whole lines, in bounded memory, whatever they hold.

The engine matches a few megabytes at a time instead of line by line (one RE2 pass per block
is what makes it fast), so input is cut into blocks that end on a line boundary. A line longer
than ``max_line_bytes`` keeps its first ``max_line_bytes`` and the rest is skipped, so memory
never exceeds about ``block_bytes + max_line_bytes`` even for a gigabyte without a newline.
Blocks are normalised before matching: CRLF becomes LF and ANSI colour/cursor sequences are
removed; neither changes the line count, so line numbers stay those of the original log.
Bytes stay bytes: invalid UTF-8 is matched as is and only decoded (with replacement) for display.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Union

BLOCK_BYTES = 4 << 20
MAX_LINE_BYTES = 1 << 20

Reader = Callable[[int], bytes]

_ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\n]*(?:\x07|\x1b\\)|[@-Z\\-_])")


def iter_blocks(
    read: Reader, *, block_bytes: int = BLOCK_BYTES, max_line_bytes: int = MAX_LINE_BYTES
) -> Iterator[bytes]:
    """Blocks of complete lines from ``read`` (``file.read``-like); each ends with ``\\n``
    except perhaps the last. Overlong lines are cut to ``max_line_bytes``."""
    carry = b""
    skipping = False
    while True:
        data = read(block_bytes)
        if not data:
            break
        if skipping:
            newline = data.find(b"\n")
            if newline == -1:
                continue
            data = data[newline + 1 :]
            skipping = False
        buffer = carry + data if carry else data
        cut = buffer.rfind(b"\n")
        if cut == -1:
            carry = buffer
        else:
            yield buffer[: cut + 1]
            carry = buffer[cut + 1 :]
        if len(carry) >= max_line_bytes:
            yield carry[:max_line_bytes] + b"\n"
            carry = b""
            skipping = True
    if carry:
        yield carry


def normalise(block: bytes) -> bytes:
    """CRLF to LF and ANSI escape sequences removed; the number of ``\\n`` is unchanged."""
    if b"\r" in block:
        block = block.replace(b"\r\n", b"\n")
    if b"\x1b" in block:
        block = _ANSI.sub(b"", block)
    return block


class LineReader:
    """A ``read(n)`` over an iterable of lines (``str`` or ``bytes``, with or without their
    line end), so line-wise input goes through the same block path as files."""

    def __init__(self, lines: Iterable[Union[str, bytes]]) -> None:
        self._lines = iter(lines)
        self._pending: list[bytes] = []
        self._size = 0
        self._done = False

    def read(self, size: int) -> bytes:
        while not self._done and self._size < size:
            line = next(self._lines, None)
            if line is None:
                self._done = True
                break
            data = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
            if not data.endswith(b"\n"):
                data += b"\n"
            self._pending.append(data)
            self._size += len(data)
        chunk = b"".join(self._pending)
        self._pending = []
        self._size = 0
        return chunk


class TextStreamReader:
    """A bytes ``read(n)`` over a text stream (``sys.stdin``, ``io.StringIO``)."""

    def __init__(self, read_text: Callable[[int], str]) -> None:
        self._read_text = read_text

    def read(self, size: int) -> bytes:
        return self._read_text(size).encode("utf-8", "surrogateescape")
