"""Reading TOML files (manifests, knowledge-base data) with errors that point at file:line.

Python 3.11+ has ``tomllib``; 3.9 and 3.10 use ``tomli``, its origin. Decoding errors carry
the line and column where the parser stopped; validation errors found later can be placed with
``line_of`` (the line where a record's ``id = "…"`` or a key is written). The data files every
``bringup explain`` reads (signatures, fault knowledge, code catalogues: about 1 MB of TOML,
a third of its start-up in the pure-Python parser) are read through ``read_data_toml``, which
keeps each decoded document in bringup's cache, keyed by its text.
"""

from __future__ import annotations

import hashlib
import re
import stat
import sys
from pathlib import Path
from typing import Any, Optional

import msgspec

from bringup import cache, lazyre
from bringup.errors import InputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10 only
    import tomli as tomllib

_POSITION = lazyre.compile(r"\(at line (\d+), column (\d+)\)")
_AT_END = lazyre.compile(r"\(at end of document\)")


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """Decode ``text`` (the contents of ``path``); raises ``InputError`` at the bad line."""
    _refuse_long_keys(text, path)
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line, column = _position(message, text)
        excerpt = _line_text(text, line)
        reason = _AT_END.sub("", _POSITION.sub("", message)).strip()
        raise InputError(
            f"invalid TOML: {reason}",
            path=path,
            line=line,
            column=column,
            excerpt=excerpt,
        ) from None
    except RecursionError:  # tomllib recurses per nested array or table: `a = [[[[...`
        raise InputError("invalid TOML: nested too deeply to read", path=path) from None
    except ValueError:  # int() of more digits than Python's int-string limit (4,300)
        raise _number_too_long(text, path) from None
    return document


MAX_KEY_PARTS = 256
"""The most parts a dotted key or table header may have (real ones have 2-5): tomllib's time
is quadratic in the number (``1.1.1…`` with 40,000 parts: 42 s), so more are refused unread."""

_QUOTED = re.compile(r""""(?:[^"\\\n]|\\.)*"|'[^'\n]*'""")
_KEYS = re.compile(
    r"^[ \t]*\[\[?([^\]]*)\]|(?:^|[{,])[ \t]*([\w-]+(?:[ \t]*\.[ \t]*[\w-]+)*)[ \t]*="
)
"""The keys a line writes, its strings masked: a table header's, and each key before an ``=``
(the line's, or an inline table's after ``{`` or ``,``). Dots elsewhere are values' (``1.5``
in an array of floats), which a line may hold any number of."""
_KEY_DOT = re.compile(r"[\w-][ \t]*\.[ \t]*(?=[\w\"'-])")


def _refuse_long_keys(text: str, path: str) -> None:
    """Raise ``InputError`` at the first line with more dotted-key parts than ``MAX_KEY_PARTS``
    (dots inside one-line strings do not count: a value ``"1.2.3"`` is no key)."""
    if text.count(".") <= MAX_KEY_PARTS:
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.count(".") <= MAX_KEY_PARTS:
            continue
        keys = _KEYS.finditer(_QUOTED.sub("q", line))
        parts = max(
            (len(_KEY_DOT.findall(k.group(1) or k.group(2) or "")) + 1 for k in keys), default=1
        )
        if parts > MAX_KEY_PARTS:
            raise InputError(
                f"invalid TOML: a dotted key of {parts} parts (bringup reads at most "
                f"{MAX_KEY_PARTS})",
                path=path,
                line=number,
                excerpt=line[:200],
            )


def _number_too_long(text: str, path: str) -> InputError:
    """The error for an integer tomllib cannot convert, at the first run of digits longer
    than Python converts (``sys.get_int_max_str_digits``), the digits underlined."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
    found = re.search(rf"\d{{{limit + 1},}}", text)
    if found is None:
        return InputError("invalid TOML: a number too long to read", path=path)
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return InputError(
        f"invalid TOML: a number of {len(found.group())} digits is too long to read",
        path=path,
        line=line,
        column=column,
        excerpt=_line_text(text, line),
        width=len(found.group()),
    )


def _position(message: str, text: str) -> tuple[Optional[int], Optional[int]]:
    """Where the parser stopped. Parsers differ in wording (tomli 2.x says "at end of
    document" where Python 3.11's tomllib gives a line), so the end is placed on the last
    line."""
    match = _POSITION.search(message)
    if match:
        return int(match.group(1)), int(match.group(2))
    if _AT_END.search(message):
        lines = text.splitlines() or [""]
        return len(lines), len(lines[-1]) + 1
    return None, None


MAX_TOML_BYTES = 8 << 20
"""The largest TOML file read (a manifest, an overlay, a signature file, a recorded host are a
few KB to a few hundred): anything larger is refused before it is read into memory."""


def read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """The text and the decoded document of a TOML file; unreadable files are ``InputError``."""
    text = _read_text(path)
    return text, parse_toml(text, str(path))


def _read_text(path: Path) -> str:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            # a FIFO would block the read forever, /dev/zero fill memory (both report size 0)
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a pipe or a device"
            raise InputError(f"not a regular file ({kind})", path=str(path))
        size = info.st_size
        if size > MAX_TOML_BYTES:
            raise InputError(
                f"{size / (1 << 20):.0f} MiB, larger than a TOML file bringup reads "
                f"({MAX_TOML_BYTES >> 20} MiB)",
                path=str(path),
            )
        return path.read_text(encoding="utf-8-sig")  # a BOM (Windows editors) is not TOML
    except UnicodeDecodeError as error:
        raise InputError(f"not UTF-8 text (byte {error.start})", path=str(path)) from None
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", path=str(path)) from None


DOCUMENTS = cache.Kind("toml", "msgpack", keep=64)
"""Decoded data files, one entry per distinct text (the SHA-256 of the text is the key)."""


def read_data_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """``read_toml`` for a data file read on every run: the document comes from bringup's
    cache when the same text was decoded before, and is stored there after a parse. The key
    is the text itself, not the file's size and modification time: the text is read anyway
    (records are placed on their lines), hashing it costs ~1 ms per MB, and an edit that keeps
    the size within one tick of the file system's clock (a few ms on Linux) would have
    served the old document. A document that msgpack cannot hold (an integer past 64 bits)
    or would not give back equal (TOML dates and times) is not cached."""
    text = _read_text(path)
    where = cache.directory()
    key = cache.fingerprint((), ["toml", hashlib.sha256(text.encode("utf-8")).digest()])
    cached = cache.load(DOCUMENTS, key, where, _decode_document, (msgspec.DecodeError,))
    if cached is not None:
        return text, cached
    document = parse_toml(text, str(path))
    try:
        data = msgspec.msgpack.encode(document)
    except OverflowError:  # an integer past 64 bits: TOML allows none, tomllib reads it
        return text, document
    if _decode_document(data) == document:
        cache.store(DOCUMENTS, key, where, data)
    return text, document


def _decode_document(data: bytes) -> dict[str, Any]:
    return msgspec.msgpack.decode(data, type=dict[str, Any])


def line_of(
    text: str,
    key: str,
    value: Optional[str] = None,
    start: int = 1,
    end: Optional[int] = None,
) -> Optional[int]:
    """The first line at or after ``start`` (and before ``end``) that assigns ``key``, bare or
    quoted (to ``value`` if given): what ``^\\s*(["']?)KEY\\1\\s*=\\s*(["'])VALUE\\2`` matches,
    read with string methods (the signature loader places every record: a regular expression
    compiled per record cost a tenth of ``bringup explain``'s start-up)."""
    lines = text.splitlines()
    for number, line in enumerate(lines[start - 1 : None if end is None else end - 1], start):
        if key in line and _assigns(line, key, value):
            return number
    return None


def _assigns(line: str, key: str, value: Optional[str]) -> bool:
    rest = line.lstrip()
    for quote in ('"', "'", ""):
        head = quote + key + quote
        if not rest.startswith(head):
            continue
        after = rest[len(head) :].lstrip()
        if not after.startswith("="):
            continue
        if value is None:
            return True
        after = after[1:].lstrip()
        if after[:1] in ('"', "'") and after.startswith(value + after[0], 1):
            return True
    return False


def _line_text(text: str, line: Optional[int]) -> Optional[str]:
    if line is None:
        return None
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None
