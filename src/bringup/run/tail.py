"""The last lines of a log of any size, read from its end (never the whole file)."""

from __future__ import annotations

import os
from pathlib import Path

_BLOCK = 64 << 10
_MAX_BYTES = 1 << 20
"""At most this much is read from the end: 40 lines of a log are well within it."""


def last_lines(path: Path, count: int) -> list[str]:
    """Up to ``count`` last lines of ``path`` (decoded leniently; empty when unreadable)."""
    try:
        with open(path, "rb") as handle:
            end = handle.seek(0, os.SEEK_END)
            data = b""
            position = end
            while position > 0 and data.count(b"\n") <= count and len(data) < _MAX_BYTES:
                size = min(_BLOCK, position)
                position -= size
                handle.seek(position)
                data = handle.read(size) + data
    except OSError:
        return []
    lines = data.decode("utf-8", errors="replace").splitlines()
    return [line[-2000:] for line in lines[-count:]]
