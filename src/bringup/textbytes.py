"""Bytes a user gives (a log, a pasted report) read as text: UTF-16 when they open with its
byte-order mark (PowerShell's ``>`` writes it), else UTF-8 with a UTF-8 mark dropped; bytes
that do not decode are replaced, never an error. Shared by ``explain`` (``triage.blocks``,
which decodes as it streams) and ``probe --from`` (``inputs``), so both read the same file."""

from __future__ import annotations

import codecs
from typing import Union

SNIFF_BYTES = 4096
"""How much of a log's start decides its encoding: the same bytes whatever the block size, so
a log reads the same cut into blocks of any size (tests/property)."""


def utf16_marked(head: Union[bytes, bytearray]) -> bool:
    """Whether a log's first ``SNIFF_BYTES`` open with a UTF-16 byte-order mark (either order)
    and hold a NUL, as the UTF-16 of any newline, space or digit does: ``\\xff\\xfe`` before
    text with none is binary garbage ahead of a UTF-8 log, not UTF-16."""
    sniffed = head[:SNIFF_BYTES]
    return sniffed.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and b"\x00" in sniffed


def decode_text(data: bytes) -> str:
    """``data`` as text, in the encoding its byte-order mark names (UTF-8 without one)."""
    return data.decode("utf-16" if utf16_marked(data) else "utf-8-sig", errors="replace")
