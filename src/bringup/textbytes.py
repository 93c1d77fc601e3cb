"""Bytes a user gives (a log, a pasted report) read as text: UTF-16 when they open with its
byte-order mark (PowerShell's ``>`` writes it), else UTF-8 with a UTF-8 mark dropped; bytes
that do not decode are replaced, never an error. Shared by ``explain`` (``triage.blocks``,
which decodes as it streams), ``probe --from`` (``inputs``) and the scan of a repo's files
(``scan.reading``, which falls back to GB18030 and Latin-1 without a mark), so all read the
same file alike."""

from __future__ import annotations

import codecs
import re
from typing import Optional, Union

SNIFF_BYTES = 4096
"""How much of a log's start decides its encoding: the same bytes whatever the block size, so
a log reads the same cut into blocks of any size (tests/property)."""


def utf16_marked(head: Union[bytes, bytearray]) -> bool:
    """Whether a log's first ``SNIFF_BYTES`` open with a UTF-16 byte-order mark (either order)
    and hold a NUL, as the UTF-16 of any newline, space or digit does: ``\\xff\\xfe`` before
    text with none is binary garbage ahead of a UTF-8 log, not UTF-16."""
    sniffed = head[:SNIFF_BYTES]
    return sniffed.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and b"\x00" in sniffed


def log_codec(head: Union[bytes, bytearray]) -> Optional[str]:
    """The codec a log whose first bytes are ``head`` is decoded from as it streams: UTF-16
    by its mark, a legacy CJK encoding (``legacy_codec``: a Chinese Windows console's GBK log
    read as UTF-8 missed every pattern with Chinese words, and a mostly Chinese one was
    refused as binary), else None (matched as the UTF-8 bytes it is)."""
    sniffed = head[:SNIFF_BYTES]
    return "utf-16" if utf16_marked(sniffed) else legacy_codec(sniffed, cut=True)


def decode_text(data: bytes) -> str:
    """``data`` as text, in the encoding its byte-order mark names (UTF-8 without one)."""
    return data.decode("utf-16" if utf16_marked(data) else "utf-8-sig", errors="replace")


LEGACY_CJK = {"gb18030": "GB18030", "big5": "BIG5", "shift_jis": "SHIFT_JIS", "euc_kr": "EUC-KR"}
"""The encodings a Chinese, Japanese or Korean file is saved in when it is not UTF-8 (Windows'
code pages 936, 950, 932 and 949), tried in this order: Python's codec -> the name iconv and
editors know it by."""

_COMMON_SHARE = 0.8
"""GB18030 decodes nearly any bytes: the text is taken as GBK only when this share of its
characters beyond ASCII are GB2312's (a Chinese text's are almost all); Big5 or Shift_JIS
bytes read as GBK give mostly characters outside it."""


def decode_report(data: bytes) -> tuple[str, Optional[str]]:
    """``data`` as text, and the legacy encoding assumed (its ``LEGACY_CJK`` name; None for
    UTF-8 or UTF-16): bytes that are not UTF-8 are read in ``legacy_codec``'s encoding
    (outsider 13 D16: a report saved as GBK was called binary); bytes none decodes are read
    as ``decode_text`` reads them."""
    codec = legacy_codec(data)
    if codec is None:
        return decode_text(data), None
    return data.decode(codec), LEGACY_CJK[codec]


def legacy_codec(data: Union[bytes, bytearray], *, cut: bool = False) -> Optional[str]:
    """The codec of ``LEGACY_CJK`` that bytes which are not UTF-8 are in, tried in its order
    (one whose text holds a run of CJK characters, ``_CJK_RUN``; GB18030 first only when its
    characters are mostly GB2312's), or None: UTF-16 or UTF-8 by
    their mark, UTF-8, UTF-8 but for a stray byte, or no legacy encoding decodes them.
    ``cut``: ``data`` is a log's first bytes, so a character cut at its end is no error.
    The one sniff for reports (``decode_report``) and logs (``explain``, ``triage.blocks``)."""
    if utf16_marked(data) or data.startswith(codecs.BOM_UTF8):
        return None
    if _decodes(data, "utf-8", cut) is not None or mostly_utf8(data, cut):
        return None
    decoded = []
    for codec in LEGACY_CJK:
        text = _decodes(data, codec, cut)
        if text is not None and _CJK_RUN.search(text) is not None:
            decoded.append((text, codec))
    for text, codec in decoded:
        if codec != "gb18030" or mostly_gb2312(text):
            return codec
    return decoded[0][1] if decoded else None


_CJK_RUN = re.compile("[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]{3}")
"""Three CJK characters in a row (ideographs, kana, Hangul, full-width forms): what text in a
CJK encoding holds and Latin-1 or cp1252 text read in one never does (a German log's ``Größe``
read as GB18030 is ``Gr`` and one ideograph; the byte after an accented letter joins it, so
ASCII words were eaten)."""


def _decodes(data: Union[bytes, bytearray], codec: str, cut: bool) -> Optional[str]:
    """``data`` in ``codec``, or None when it holds a sequence ``codec`` refuses."""
    try:
        return codecs.getincrementaldecoder(codec)().decode(bytes(data), final=not cut)
    except UnicodeDecodeError:
        return None


_STRAY = 20
"""UTF-8 text with a stray byte (a Latin-1 ``é`` in a path, a character cut at the end) holds
one bad sequence, or at least this many good characters beyond ASCII for each bad one; GBK,
Big5 or Shift_JIS text read as UTF-8 holds almost only bad ones."""


def mostly_utf8(data: Union[bytes, bytearray], cut: bool = False, alone: bool = True) -> bool:
    """Whether ``data`` is UTF-8 but for a stray byte or so: read as GB18030 or Big5 whole,
    its every character beyond ASCII is garbled (``中文系统`` as ``涓\ue15f枃绯荤粺`` for
    one ``\xe9``). ``alone``: one bad sequence with no good one beside it counts (a log's
    cut character); a repo file's lone ``\xe9`` is rather Latin-1's ``é`` (``scan.reading``)."""
    text = codecs.getincrementaldecoder("utf-8")("replace").decode(bytes(data), final=not cut)
    replaced = text.count("\ufffd")
    bad = replaced - data.count("\ufffd".encode())
    good = sum(1 for c in text if ord(c) > 0x7F) - replaced
    if not alone and good == 0:
        return False
    return bad <= 1 or bad * _STRAY <= good


def mostly_gb2312(text: str) -> bool:
    wide = [c for c in text[: SNIFF_BYTES * 4] if ord(c) > 0x7F]
    common = sum(1 for c in wide if _in_gb2312(c))
    return common >= _COMMON_SHARE * len(wide)


def _in_gb2312(char: str) -> bool:
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def whole_utf16(data: bytes) -> bytes:
    """``data`` (UTF-16, cut at a byte limit) without the half of a code unit at its end."""
    return data[: len(data) - len(data) % 2]


_COMPRESSED = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"), (b"\x28\xb5\x2f\xfd", "zstd"))
"""Magic numbers of the compressors logs are shipped with, for a refusal that says what the
file is (decompress it first: ``zcat LOG | bringup explain -``)."""

UNDECODABLE_SHARE = 0.5
"""More than this share of a start's bytes not UTF-8, nor in a legacy CJK encoding: not text."""

CONTROL_SHARE = 0.05
"""More than this share of control bytes (not tab, newline, carriage return, form feed,
backspace or escape, which terminals and progress bars write): not text."""

_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\b\x1b")


def not_text(head: Union[bytes, bytearray]) -> Optional[str]:
    """Why a file whose first ``SNIFF_BYTES`` are ``head`` is not a text log (a compressed
    file, an executable, random data), else None: a NUL byte (git's own test; UTF-16 with
    its byte-order mark excepted), many control bytes, or mostly bytes that are neither UTF-8
    nor a legacy CJK encoding's (``legacy_codec``)."""
    sniffed = bytes(head[:SNIFF_BYTES])
    for magic, name in _COMPRESSED:
        if sniffed.startswith(magic):
            return f"{name}-compressed"
    if not sniffed or utf16_marked(sniffed):
        return None
    if b"\x00" in sniffed:
        return "it holds NUL bytes"
    controls = sum(1 for b in sniffed if b < 0x20 and b not in _TEXT_CONTROLS)
    if controls > CONTROL_SHARE * len(sniffed):
        return f"{controls} of its first {len(sniffed)} bytes are control characters"
    decoded = sniffed.decode("utf-8", errors="replace")
    readable = sum(len(c.encode("utf-8")) for c in decoded if c != "\ufffd")
    undecodable = len(sniffed) - readable > UNDECODABLE_SHARE * len(sniffed)
    if undecodable and legacy_codec(sniffed, cut=True) is None:
        return f"{len(sniffed) - readable} of its first {len(sniffed)} bytes are not UTF-8"
    return None
