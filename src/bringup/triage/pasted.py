"""Characters a log gains on its way through a web page, read as the terminal printed them.

Users paste logs copied from issue threads, forums and documentation pages. Those copies carry
characters the program never printed: no-break and other Unicode spaces where it printed a space
(HTML ``&nbsp;``), a no-break hyphen for ``-``, zero-width spaces and joiners and a byte-order
mark (editors, rich-text boxes), curly quotes around names ("smart quotes"), the full-width
forms of ASCII punctuation (a Chinese input method's colon U+FF1A, comma U+FF0C), and CRLF line
ends (a doubled CR too). Every signature, error-code finder and exception rule is written for
what the terminal printed, so one such character hides a line from all of them (vllm-ascend PR
8718's ``RuntimeError:\xa0The\xa0expanded\xa0size...``). ``plain`` maps them back once, where a
block is read: spaces to a space, invisible characters to nothing, the no-break hyphen and curly
quotes to ASCII ones, full-width forms to their ASCII character (Unicode's compatibility
mapping, NFKC), and a CR before a line end to nothing (so ``$`` matches there). Curly quotes and
full-width colons are also what GCC in a UTF-8 locale and translated tools print (make's Chinese
``build.make:217`` U+FF1A): the rules then read every locale's output alike. No line end is
added or removed, so line numbers stay those of the pasted log; evidence quotes the mapped line,
the one the rules read and the captures a cause names come from (an invisible or no-break
character shows as nothing or a space either way).
"""

from __future__ import annotations

import re
from typing import Union

Block = Union[bytes, bytearray]

_SPACES = (0x00A0, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000)
"""Unicode's space separators (category Zs) but the ASCII space (and Ogham's, no log's)."""
_INVISIBLE = (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF)
"""Zero-width space, non-joiner, joiner, word joiner, and the byte-order mark."""
_MARKS = {0x2011: "-", 0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}
"""The no-break hyphen and curly quotes."""
_FULL_WIDTH = range(0xFF01, 0xFF5F)
"""U+FF01..U+FF5E, the full-width forms of ``!`` .. ``~``, 0xFEE0 above them."""


def _table() -> dict[bytes, bytes]:
    table = {chr(point): " " for point in _SPACES}
    table.update({chr(point): "" for point in _INVISIBLE})
    table.update({chr(point): text for point, text in _MARKS.items()})
    table.update({chr(point): chr(point - 0xFEE0) for point in _FULL_WIDTH})
    return {key.encode("utf-8"): value.encode("ascii") for key, value in table.items()}


PLAIN = _table()
"""Each character's UTF-8 bytes and what they become."""

BY_LEAD = tuple(
    (pattern[:1], re.compile(pattern))
    for pattern in (
        b"\xc2\xa0",
        b"\xe2(?:\x80[\x80-\x8d\x91\x98\x99\x9c\x9d\xaf]|\x81[\x9f\xa0])",
        b"\xe3\x80\x80",
        b"\xef(?:\xbb\xbf|\xbc[\x81-\xbf]|\xbd[\x80-\x9e])",
    )
)
"""The keys of ``PLAIN`` by their first byte, one expression each: an expression that starts
with a byte is searched at memory speed for it (Python's engine skips to each), where one
expression for all runs 10 times slower (it tests every byte against a set)."""


def _replace(found: re.Match[bytes]) -> bytes:
    return PLAIN[found.group()]


def _utf8(block: Block) -> bool:
    """Whether ``block`` is UTF-8 text: the mapping is by UTF-8 bytes, and a GBK log (Chinese
    Windows tools) holds the same bytes inside its own characters (GBK's "里及" is C0 EF BC B0,
    whose last three bytes are UTF-8's full-width digit zero, U+FF10); blocks end at a line
    end, so no character is cut."""
    try:
        block.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def plain(block: Block) -> Block:
    """``block`` with pasted characters mapped back (see the module's docstring). An ASCII
    block without a CR (most of a long log) is only checked, which runs at memory speed;
    a block with a lead byte of ``BY_LEAD`` is searched once more for each of them."""
    while b"\r\n" in block:  # Windows' CR, and the doubled one a CRLF editor's copy adds
        block = block.replace(b"\r\n", b"\n")
    if block.isascii() or not _utf8(block):
        return block
    for lead, expression in BY_LEAD:
        if lead in block:
            block = expression.sub(_replace, block)
    return block
