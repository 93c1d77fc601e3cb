"""The lines around a match: its quote, the traceback printed before it, the lines beside it."""

from __future__ import annotations

from bringup.triage.blocks import Block
from bringup.triage.findings import FOLLOWING_BYTES, FRAMES_WINDOW, Traceback
from bringup.triage.frames import call_before, frames_before, read_frames
from bringup.triage.phase import phase_before

EVIDENCE_BYTES = 400
HEAD_BYTES = 80
"""How much of a long line's start is kept beside a quote cut from inside it (``heads``)."""


def _before(block: Block, start: int, tail: bytes) -> bytes:
    """What was printed before the exception line at ``block[start]`` (``FRAMES_WINDOW``)."""
    line_start = block.rfind(b"\n", 0, start) + 1
    window = bytes(block[max(0, line_start - FRAMES_WINDOW) : line_start])
    if len(window) < FRAMES_WINDOW:
        window = tail[len(window) - FRAMES_WINDOW :] + window
    return window


def traceback(block: Block, start: int, tail: bytes) -> Traceback:
    """The traceback printed before the exception line at ``block[start]``: its frames, the
    source line under the innermost, the layer they show the process in."""
    frames = read_frames(_before(block, start, tail))
    return Traceback(frames_before(frames), call_before(frames), phase_before(frames))


def following(block: Block, start: int, tail: bytes) -> tuple[str, ...]:
    """The line before the line at ``block[start]``, then the two lines after it (each its
    first ``FOLLOWING_BYTES``: a long line's start says what it is, "CMake Error at <path>";
    the line before from the end of the previous block, ``tail``, when the line opens this
    one)."""
    line_start = block.rfind(b"\n", 0, start) + 1
    if line_start:
        previous = block.rfind(b"\n", 0, line_start - 1) + 1
        before = bytes(block[previous : min(line_start - 1, previous + FOLLOWING_BYTES)])
    else:
        before = tail[:-1].rsplit(b"\n", 1)[-1][:FOLLOWING_BYTES] if tail.endswith(b"\n") else b""
    first = block.find(b"\n", start)
    after = b"" if first == -1 else bytes(block[first + 1 : first + 1 + FOLLOWING_BYTES])
    lines = after.split(b"\n")[:2] if after else []
    return tuple(line.decode("utf-8", "replace").strip() for line in (before, *lines))


class LineText:
    """The lines of ``block`` around matches, read in the order of the matches: the bounds of
    the last line found are kept, so many matches on one long line (a megabyte of ``error:
    error: ...``) look for its ends once, not once each."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.first = self.last = -1
        """The start of the last line found and the end of it (its newline or the block's)."""

    def text(self, start: int, end: int) -> str:
        """The line around ``block[start:end]``, cut to ``EVIDENCE_BYTES`` around the match."""
        return self.quote(start, end)[0]

    def quote(self, start: int, end: int) -> tuple[str, str]:
        """``text``, and the first ``HEAD_BYTES`` of the line when the quote begins inside it
        ('' when it begins at the line's start)."""
        block = self.block
        if not self.first <= start <= end <= self.last:
            self.first = block.rfind(b"\n", 0, start) + 1
            last = block.find(b"\n", end)
            self.last = len(block) if last == -1 else last
        first, last = self.first, self.last
        if last - first > EVIDENCE_BYTES and end - first > EVIDENCE_BYTES:
            first = _token_start(block, max(first, start - EVIDENCE_BYTES // 4), start)
        last = min(last, first + EVIDENCE_BYTES)
        head = bytes(block[self.first : min(first, self.first + HEAD_BYTES)]).decode(
            "utf-8", "replace"
        )
        return block[first:last].decode("utf-8", "replace").rstrip(), head


def _token_start(block: Block, cut: int, start: int) -> int:
    """Where a long line's quote begins: ``cut``, moved on to the start of the next word
    (after a space) when that is at or before the match's ``start``; a quote that begins inside
    a word ("6-06-24-12:44:08" of "2026-06-24-12:44:08", hw-native-sys/PTOAS#862; "a\\_work" of
    "D:\\a\\_work", C0untFloyd/roop-unleashed#465) is text nobody can search the log for.
    A line whose match ends within ``EVIDENCE_BYTES`` of its start is quoted from its start.
    Read in the at most ``EVIDENCE_BYTES // 4`` bytes before the match, never the whole line."""
    if cut == 0 or bytes(block[cut - 1 : cut]).isspace():
        return cut
    space = bytes(block[cut:start]).find(b" ")
    return cut if space == -1 else cut + space + 1
