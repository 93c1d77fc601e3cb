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


def can_write(database: Path) -> bool:
    """Whether the history file at ``database`` (and its folder, for SQLite's journal files)
    can be written: not on a read-only file system, not refused by permissions."""
    folder = database.parent
    return os.access(folder, os.W_OK) and (not database.exists() or os.access(database, os.W_OK))


def open_read_only(database: Path, schema: int) -> sqlite3.Connection:
    """The history file opened for reading only, for a command that only reads it
    (``history``, ``env print``, ``diff``) in a folder it cannot write: a state folder kept as a
    CI artifact and mounted read-only (outsider13 D12: all three refused it, "cannot write the
    history database"). A file in WAL mode needs its shared-memory file, which a read-only
    folder cannot hold: it is then read as immutable (what the last writer committed to the file
    itself). Its schema must be ``schema``: an older one is brought up to date only by writing."""
    from urllib.parse import quote

    base = "file:" + quote(os.fsdecode(database.resolve()))
    failure: Optional[sqlite3.Error] = None
    for mode in ("mode=ro", "mode=ro&immutable=1"):
        try:
            db = sqlite3.connect(f"{base}?{mode}", uri=True, check_same_thread=False)
        except sqlite3.Error as error:
            failure = error
            continue
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as error:
            db.close()
            failure = error
            continue
        if version != schema:
            db.close()
            raise _other_schema(database, version, schema)
        return db
    raise failure or sqlite3.OperationalError("unable to open database file")


def open_unchanged(database: Path, schema: int) -> sqlite3.Connection:
    """The history file opened to read it and change nothing, for ``check``, which reads the
    last ``up`` beside its own answer: no migration, no switch of journal mode (``History``
    opened for writing did both: ``check`` brought a schema 3 file to 4 and to WAL mode), and
    never a new file (``mode=rw``). SQLite's own files beside a WAL database (``-wal``,
    ``-shm``) live while it reads and go when it closes, as for any reader; where the folder
    cannot be written it is read as ``open_read_only`` reads it (a read-only connection there
    leaves them behind). A ``-wal`` already there (an ``up`` still writing, or one killed before
    it closed the file) is read through read-only as well: a read-write connection, the last to
    close, would write the ``-wal``'s pages into the history and remove it (review44a). Its
    schema must be ``schema``."""
    from urllib.parse import quote

    wal = database.resolve().with_name(database.resolve().name + "-wal")
    if not can_write(database) or wal.exists():
        return open_read_only(database, schema)
    base = "file:" + quote(os.fsdecode(database.resolve()))
    db = sqlite3.connect(f"{base}?mode=rw", uri=True, timeout=30.0, check_same_thread=False)
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
    except BaseException:
        db.close()
        raise
    if version != schema:
        db.close()
        raise _other_schema(database, version, schema)
    return db


def _other_schema(database: Path, version: int, schema: int) -> Exception:
    from bringup.errors import InputError

    newer = version > schema
    return InputError(
        f"the history database has schema {version}; this bringup reads {schema}"
        + ("" if newer else ", and brings an older one up to date by writing it"),
        path=str(database),
        hint="use a newer bringup" if newer else "make its folder writable once",
    )
