"""An SQLite error that is about the disk, not the database: a history file on a full or
read-only file system must be said as such, not as a damaged database to move aside
(outsider11 #4: a nearly full ``--state`` said "not a usable history database")."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from typing import Optional

SQLITE_STORAGE = {13: os.strerror(errno.ENOSPC), 8: os.strerror(errno.EROFS), 10: "disk I/O error"}
"""SQLite's primary result codes that are about the disk, not the file's content
(SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR), said in the operating system's words."""

SQLITE_STORAGE_WORDS = {"disk is full": 13, "readonly database": 8, "disk I/O error": 10}
"""The same codes by SQLite's message, where Python (before 3.11) does not pass the code on."""


def storage_failure(path: Path, error: sqlite3.Error) -> Optional[Exception]:
    """An SQLite error caused by the disk under ``path`` (full, read-only, failing) as bad input
    naming the state folder and the reason, with no word of a damaged database; else None. A
    file that cannot be opened in a folder that cannot be written is read-only too."""
    from bringup.errors import InputError

    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary: Optional[int] = code & 0xFF
    else:
        primary = next((c for w, c in SQLITE_STORAGE_WORDS.items() if w in str(error)), None)
    reason = SQLITE_STORAGE.get(primary or 0)
    if reason is None and not path.is_dir() and not os.access(path.parent, os.W_OK):
        reason = os.strerror(errno.EROFS if _read_only(path.parent) else errno.EACCES)
    if reason is None:
        return None
    return InputError(
        f"cannot write the history database: {reason} (SQLite: {error})",
        path=str(path.parent),
        hint=("free space there" if primary == 13 else "make it writable")
        + ", or use another --state directory",
    )


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False
