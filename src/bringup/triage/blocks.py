"""Logs as blocks of whole lines, in bounded memory, whatever they hold.

The engine matches a few megabytes at a time instead of line by line (one RE2 pass per block
is what makes it fast), so input is cut into blocks that end on a line boundary. A line longer
than ``max_line_bytes`` keeps its first and its last ``max_line_bytes / 2`` (joined by ``[...]``)
and the middle is skipped, so memory never exceeds about ``block_bytes + max_line_bytes`` even
for a gigabyte without a newline; the failure at the end of a line of joined ``\r`` progress
bars is still read, and each cut is told (``Cut``), never silent.
Blocks are normalised before matching: ANSI colour/cursor sequences are removed (also as a pager
or an editor shows them in caret notation, ``^[[0;36m``, with ``^M`` for a CR at a line's end:
``cat -v``, ``less``, vim) and the characters a log gains when pasted from a web page are mapped
back (``bringup.triage.pasted``),
neither of which changes the line count, so line numbers stay those of the original log.
Evidence quotes the normalised line, as every rule read it. Bytes stay bytes: invalid UTF-8 is
matched as is and only decoded (with replacement) for display. Files are read straight into the
block buffers (``readinto``), so a block is never copied on its way to RE2.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, Optional, Protocol, Union

from bringup.textbytes import SNIFF_BYTES, log_codec
from bringup.triage.pasted import plain

BLOCK_BYTES = 128 << 10
MAX_LINE_BYTES = 1 << 20

Block = Union[bytes, bytearray]

CUT_MARK = b" [...] "
"""What stands for the skipped middle of an overlong line."""


class Cut(NamedTuple):
    """A line longer than the line limit: its number and how many of its bytes were skipped."""

    line: int
    skipped: int


class ByteSource(Protocol):
    """Anything with ``read(n) -> bytes``; a ``readinto`` method, when present, is used to
    fill blocks without an intermediate copy."""

    def read(self, size: int, /) -> bytes: ...


_ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\n]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CARET = re.compile(rb"\^\[\[[0-9;?]*[ -/]*[@-~]|\^M(?=\n|$)")
"""The CSI sequences of ``_ANSI`` and a line's closing CR as caret notation writes them (ESC
as ``^[``, CR as ``^M``): a log copied out of ``less``, ``cat -v`` or vim ("^[[0;36m(Worker
pid=1)^[[0;0m ERROR ... TypeError: ...^M"), whose prefix would otherwise hide its exception
lines."""


def iter_blocks(
    source: ByteSource,
    *,
    block_bytes: int = BLOCK_BYTES,
    max_line_bytes: int = MAX_LINE_BYTES,
    cuts: Optional[list[Cut]] = None,
) -> Iterator[Block]:
    """Blocks of complete lines from ``source``; each ends with ``\\n`` except perhaps the
    last. Overlong lines keep their two ends, each cut recorded in ``cuts`` when it is given. A
    source that opens with a byte-order mark is read as the encoding it names: UTF-16
    (PowerShell's ``>`` writes it) is decoded to UTF-8 as it streams, a UTF-8 mark is dropped;
    one whose start is GBK/GB18030, Big5, Shift_JIS or EUC-KR (``textbytes.log_codec``) is
    decoded to UTF-8 likewise."""
    readinto = getattr(source, "readinto", None)
    head = _fill(source, readinto, b"", max(block_bytes, SNIFF_BYTES))
    first: Optional[bytearray] = head
    codec = log_codec(head)
    if codec is not None:
        source, readinto = Transcoder(source, bytes(head), codec), None
        first = None
    elif head.startswith(codecs.BOM_UTF8):
        del head[: len(codecs.BOM_UTF8)]
    carry = b""
    long: Optional[_LongLine] = None
    lines = 0
    while True:
        buffer = _fill(source, readinto, carry, block_bytes) if first is None else first
        first = None
        if len(buffer) == len(carry):
            break
        if long is not None:
            newline = buffer.find(b"\n")
            long.add(buffer if newline == -1 else buffer[:newline])
            if newline == -1:
                continue
            del buffer[: newline + 1]
            lines += 1
            yield long.joined(lines, cuts) + b"\n"
            long = None
        cut = buffer.rfind(b"\n")
        if cut == -1:
            carry = bytes(buffer)
        else:
            carry = bytes(buffer[cut + 1 :])
            del buffer[cut + 1 :]
            if cuts is not None:
                lines += buffer.count(b"\n")
            yield buffer
        if len(carry) >= max_line_bytes:
            long = _LongLine(carry, max_line_bytes // 2)
            carry = b""
    if long is not None:
        yield long.joined(lines + 1, cuts)
    elif carry:
        yield carry


class _LongLine:
    """An overlong line as it streams past: its first ``keep`` bytes, its last ``keep`` so far,
    and how many between them were dropped."""

    def __init__(self, start: bytes, keep: int) -> None:
        self.keep = keep
        self.head = start[:keep]
        self.tail = b""
        self.skipped = 0
        self.add(start[keep:])

    def add(self, data: Union[bytes, bytearray]) -> None:
        if len(data) >= self.keep:  # no copy of what is dropped anyway
            self.skipped += len(self.tail) + len(data) - self.keep
            self.tail = bytes(data[-self.keep :])
            return
        joined = self.tail + bytes(data)
        self.tail = joined[-self.keep :]
        self.skipped += len(joined) - len(self.tail)

    def joined(self, line: int, cuts: Optional[list[Cut]]) -> bytes:
        """The line's two ends; the cut recorded as line ``line``."""
        if cuts is not None:
            cuts.append(Cut(line, self.skipped))
        return self.head + CUT_MARK + self.tail


def _fill(source: ByteSource, readinto: Any, carry: bytes, size: int) -> bytearray:
    """``carry`` followed by up to ``size`` new bytes, read straight into the buffer when the
    source can (``readinto``)."""
    if readinto is None:
        return bytearray(carry + source.read(size))
    buffer = bytearray(len(carry) + size)
    buffer[: len(carry)] = carry
    got = readinto(memoryview(buffer)[len(carry) :]) or 0
    del buffer[len(carry) + got :]
    return buffer


_ESCAPED_NEWLINE = re.compile(rb"(?<!\\)\\n")
"""A ``\\n`` escape (not an escaped backslash before an ``n``): a multi-line message printed
as one line, by ``repr`` (a Python exception's args: ``('...error code is 507899\\n[ERROR]
...\\nEL9999: Inner Error!\\n...')``) or in a JSON string."""


def split_escaped(block: Block) -> tuple[Block, list[int]]:
    """``block`` with each ``\\n`` escape made a line end, and where those inserted line ends
    are, so line numbers stay the log's: the lines such a message holds are read as lines
    (a signature anchored at a line's start, "the lines that follow" an error code) and a
    line's number is its physical line's."""
    if b"\\n" not in block:
        return block, []
    parts = _ESCAPED_NEWLINE.split(block)
    if len(parts) == 1:
        return block, []
    inserted = []
    position = -1
    for part in parts[:-1]:
        position += len(part) + 1
        inserted.append(position)
    return b"\n".join(parts), inserted


def normalise(block: Block) -> Block:
    """ANSI escape sequences removed (in caret notation too), pasted characters and CRLF line
    ends made plain (``bringup.triage.pasted.plain``); the number of ``\\n`` is unchanged."""
    if b"\x1b" in block:
        block = _ANSI.sub(b"", block)
    if b"^[[" in block or b"^M" in block:
        block = _CARET.sub(b"", block)
    return plain(block)


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


class Transcoder:
    """A UTF-8 ``read(n)`` over a byte source in ``codec`` (UTF-16 that opens with its
    byte-order mark, a legacy CJK encoding; ``head``: the bytes already read from it); a
    byte sequence the codec refuses reads as U+FFFD."""

    def __init__(self, source: ByteSource, head: bytes, codec: str) -> None:
        self._source = source
        self._decoder = codecs.getincrementaldecoder(codec)("replace")
        self._head = head
        self._done = False

    def read(self, size: int) -> bytes:
        while not self._done:
            data, self._head = self._head or self._source.read(size), b""
            self._done = not data
            text = self._decoder.decode(data, final=self._done)
            if text:
                return text.encode("utf-8")
        return b""
