"""The history database's file: its schema (``MIGRATIONS``, versioned in ``PRAGMA
user_version``), opening it for writing (WAL mode, brought up to date) or for reading only, and
SQLite's errors at open said as bad input at the file's path."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bringup.errors import StackError
from bringup.run.sqlitedisk import open_read_only, storage_failure
from bringup.writable import make_folder, writing

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY,
        taken_at TEXT NOT NULL,
        hostname TEXT NOT NULL,
        data BLOB NOT NULL
    );
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        stack TEXT NOT NULL,
        paths TEXT NOT NULL,
        snapshot_id INTEGER REFERENCES snapshots(id),
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL,
        argv TEXT NOT NULL,
        resolution BLOB,
        plan BLOB
    );
    CREATE TABLE steps (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id),
        ord INTEGER NOT NULL,
        component TEXT NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        argv TEXT NOT NULL,
        environment INTEGER,
        status TEXT NOT NULL,
        reason TEXT,
        exit_code INTEGER,
        started_at TEXT,
        finished_at TEXT,
        duration_s REAL,
        log_path TEXT,
        inputs TEXT
    );
    CREATE INDEX steps_by_run ON steps(run_id);
    CREATE INDEX steps_by_inputs ON steps(inputs, status);
    """,
    """
    ALTER TABLE runs ADD COLUMN resumed_from INTEGER REFERENCES runs(id);
    CREATE TABLE environments (
        stack TEXT NOT NULL,
        idx INTEGER NOT NULL,
        path TEXT NOT NULL,
        python TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        components TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (stack, idx)
    );
    """,
    "ALTER TABLE steps ADD COLUMN installed TEXT",
    "ALTER TABLE steps ADD COLUMN parts TEXT",
)
"""Schema version N is ``MIGRATIONS[:N]`` applied in order; append, never edit."""

SCHEMA_VERSION = len(MIGRATIONS)


def open_writing(path: Path) -> sqlite3.Connection:
    """The history file opened for writing, WAL mode, brought up to date."""
    with writing(path.parent):
        make_folder(path.parent)
    db = sqlite3.connect(str(path), timeout=30.0, isolation_level=None, check_same_thread=False)
    try:
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            db.execute(f"PRAGMA {pragma}")
        migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def open_reading(path: Path) -> sqlite3.Connection:
    return open_read_only(path, SCHEMA_VERSION)


def roll_back(db: sqlite3.Connection) -> None:
    """End the open transaction, if SQLite has not already: on a full disk it rolls back by
    itself, and a second ``ROLLBACK`` ("no transaction is active") hid the real error
    (outsider11 #4)."""
    if db.in_transaction:
        db.execute("ROLLBACK")


def unusable(path: Path, error: sqlite3.Error) -> Exception:
    """A history file SQLite cannot open or bring up to date (not a database, damaged, a
    directory, another program's tables) as bad input at its path, not a bug; a disk that is
    full or read-only is said as such (``storage_failure``), not as a damaged file, and one
    another process holds past the wait (SQLITE_BUSY, SQLITE_LOCKED) as busy."""
    from bringup.errors import InputError

    stored = storage_failure(path, error)
    if stored is not None:
        return stored
    code = getattr(error, "sqlite_errorcode", None)
    if (code & 0xFF in (5, 6)) if isinstance(code, int) else "is locked" in str(error):
        return InputError(
            f"the history database is busy: another process holds it ({error})",
            path=str(path),
            hint="wait for the other bringup to finish, or use another --state directory",
        )
    return InputError(
        f"not a usable history database ({error})",
        path=str(path),
        hint="move it aside, or use another --state directory",
    )


OUR_MISTAKES = (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError)
"""SQLite's errors that a statement of bringup's own causes (its SQL, its arguments, a row
against the schema's constraints), whatever the file: a bug, never a damaged history."""

SQLITE_MAX_INTEGER = 2**63 - 1
"""The largest integer SQLite stores; a larger id names no row, a larger limit is no limit."""


def migrate(db: sqlite3.Connection) -> int:
    """Apply the migrations this file lacks, each in one transaction; returns the version.
    A file from a newer bringup is refused rather than misread."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise StackError(
            f"the history database has schema {version}; this bringup knows up to {SCHEMA_VERSION}",
            hint="use a newer bringup, or another --state directory",
        )
    for number in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[number].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {number + 1}")
            db.execute("COMMIT")
        except BaseException:
            roll_back(db)
            raise
    return SCHEMA_VERSION
