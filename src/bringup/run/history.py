"""The history of bring-ups in SQLite: snapshots, runs (with their resolution and plan),
steps with outcomes, log paths, timings and input fingerprints, and the environments made.

WAL mode, and every write committed at once: a step's row is written when it starts and
again when it ends, so a ``kill -9`` loses nothing that had finished and leaves the killed
step marked ``running`` (``--resume`` turns it into ``interrupted``). The schema carries its
version in ``PRAGMA user_version``; ``MIGRATIONS`` brings an older file up to date.
"""

from __future__ import annotations

import datetime
import sqlite3
import threading
from pathlib import Path
from typing import Any, Optional

import msgspec

from bringup.errors import StackError
from bringup.run.historyrows import (
    STEP_COLUMNS,
    EnvironmentRow,
    RunRow,
    StepRow,
    run_row,
    step_row,
)
from bringup.run.historyschema import (
    MIGRATIONS,
    OUR_MISTAKES,
    SCHEMA_VERSION,
    SQLITE_MAX_INTEGER,
    migrate,
    open_reading,
    open_writing,
    roll_back,
    unusable,
)
from bringup.run.sqlitedisk import can_write, open_unchanged, storage_failure
from bringup.utf8text import json_bytes, utf8

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "EnvironmentRow",
    "History",
    "RunRow",
    "StepRow",
    "migrate",
    "now",
]

FINISHED = ("passed", "failed", "timed out", "reused")


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")


_RUN_COLUMNS = "id, stack, paths, snapshot_id, started_at, finished_at, status, argv, resumed_from"
_SELECT_RUNS = f"SELECT {_RUN_COLUMNS} FROM runs"  # noqa: S608 (constants only)
_SELECT_STEPS = f"SELECT {STEP_COLUMNS} FROM steps"  # noqa: S608 (constants only)


def _json(value: object) -> str:
    return json_bytes(value).decode("utf-8")


class History:
    """One open history database. Not shared between threads: the step runner's threads hand
    their results to the thread that owns it."""

    def __init__(self, path: Path, *, read_only: bool = False, unchanged: bool = False) -> None:
        """``read_only``: for a command that only reads, which reads a history it cannot write
        as it is (``sqlitedisk.open_read_only``) rather than refuse it: on a read-only folder,
        or a full or failing disk (outsider15 D9: ``history`` on a full disk said "cannot
        write the history database"). ``unchanged``: for a command that reads the history
        beside its own answer (``check``), which changes nothing in it, no migration and no
        journal mode (``sqlitedisk.open_unchanged``): a file of another schema is refused."""
        self.path = path
        self._lock = threading.Lock()
        readable = read_only and path.is_file()
        if unchanged:
            try:
                self._db = open_unchanged(path, SCHEMA_VERSION)
            except sqlite3.Error as error:
                raise unusable(path, error) from None
            return
        try:
            self._db = (
                open_reading(path) if readable and not can_write(path) else open_writing(path)
            )
        except sqlite3.Error as error:
            if not readable or storage_failure(path, error) is None:
                raise unusable(path, error) from None
            try:
                self._db = open_reading(path)
            except (sqlite3.Error, StackError):  # never written whole: the disk is the reason
                raise unusable(path, error) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, sql: str, args: tuple[object, ...]) -> int:
        """One statement in its own committed transaction (the step threads share the
        connection, one at a time)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    # a path not UTF-8 in a reason or a log path: stored ``\xNN``
                    cursor = self._db.execute(
                        sql, tuple(utf8(a) if isinstance(a, str) else a for a in args)
                    )
                except BaseException:
                    roll_back(self._db)
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                roll_back(self._db)
                if isinstance(error, OUR_MISTAKES):
                    raise
                raise unusable(self.path, error) from None
            return int(cursor.lastrowid or 0)

    def _rows(self, sql: str, args: tuple[object, ...] = (), *, one: bool = False) -> list[Any]:
        """A read's rows. SQLite's errors about the file are bad input at its path, as at
        open (``unusable``): a file whose header opens but whose pages are damaged (a disk
        fault, a copy cut short) fails at its first read, "database disk image is malformed",
        which crashed ``history``, ``diff`` and ``env print`` (exit 3, "a bug in bringup");
        a full or failing disk is said as such. A mistake in bringup's own SQL stays a bug."""
        try:
            cursor = self._db.execute(sql, args)
            return cursor.fetchmany(1) if one else cursor.fetchall()
        except OUR_MISTAKES:
            raise
        except sqlite3.Error as error:
            raise unusable(self.path, error) from None

    def _row(self, sql: str, args: tuple[object, ...] = ()) -> Optional[Any]:
        """A read's first row, or None; its errors as ``_rows``'s."""
        rows = self._rows(sql, args, one=True)
        return rows[0] if rows else None

    # -- snapshots and runs ---------------------------------------------------------------

    def add_snapshot(self, taken_at: str, hostname: str, data: bytes) -> int:
        return self._write(
            "INSERT INTO snapshots (taken_at, hostname, data) VALUES (?, ?, ?)",
            (taken_at, hostname, data),
        )

    def snapshot_data(self, snapshot_id: int) -> Optional[bytes]:
        row = self._row("SELECT data FROM snapshots WHERE id = ?", (snapshot_id,))
        return None if row is None else bytes(row[0])

    def start_run(
        self,
        *,
        stack: str,
        paths: tuple[str, ...],
        snapshot_id: Optional[int],
        argv: tuple[str, ...],
        resolution: bytes,
        plan: bytes,
        resumed_from: Optional[int] = None,
    ) -> int:
        return self._write(
            "INSERT INTO runs (stack, paths, snapshot_id, started_at, status, argv, resolution,"
            " plan, resumed_from) VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?)",
            (stack, _json(paths), snapshot_id, now(), _json(argv), resolution, plan, resumed_from),
        )

    def finish_run(self, run_id: int, status: str) -> None:
        self._write(
            "UPDATE runs SET status = ?, finished_at = ? WHERE id = ?", (status, now(), run_id)
        )

    def runs(self, limit: int = 20) -> list[RunRow]:
        rows = self._rows(
            _SELECT_RUNS + " ORDER BY id DESC LIMIT ?",
            (min(limit, SQLITE_MAX_INTEGER),),
        )
        return [run_row(row) for row in rows]

    def run(self, run_id: int) -> Optional[RunRow]:
        if abs(run_id) > SQLITE_MAX_INTEGER:
            return None
        row = self._row(
            _SELECT_RUNS + " WHERE id = ?",
            (run_id,),
        )
        return None if row is None else run_row(row)

    def last_run(self, stack: Optional[str] = None) -> Optional[RunRow]:
        args: tuple[str, ...] = ()
        if stack is None:
            query = _SELECT_RUNS + " ORDER BY id DESC LIMIT 1"
        else:
            query, args = _SELECT_RUNS + " WHERE stack = ? ORDER BY id DESC LIMIT 1", (stack,)
        row = self._row(query, args)
        return None if row is None else run_row(row)

    def interrupt_unfinished(self, stack: str) -> list[int]:
        """Mark the runs of ``stack`` that never finished (``up`` was killed) and their
        running steps as interrupted; returns those runs."""
        ids = [
            int(r[0])
            for r in self._rows(
                "SELECT id FROM runs WHERE stack = ? AND status = 'running'", (stack,)
            )
        ]
        for run_id in ids:
            self._write(
                "UPDATE steps SET status = 'interrupted' WHERE run_id = ? AND status = 'running'",
                (run_id,),
            )
            self._write("UPDATE runs SET status = 'interrupted' WHERE id = ?", (run_id,))
        return ids

    # -- steps ----------------------------------------------------------------------------

    def add_step(self, step: StepRow) -> int:
        """Write one step row (committed at once); returns its id."""
        return self._write(
            "INSERT INTO steps (run_id, ord, component, name, kind, argv, environment, status,"
            " reason, exit_code, started_at, finished_at, duration_s, log_path, inputs,"
            " installed, parts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                step.run_id,
                step.order,
                step.component,
                step.name,
                step.kind,
                _json(step.argv),
                step.environment,
                step.status,
                step.reason,
                step.exit_code,
                step.started_at,
                step.finished_at,
                step.duration_s,
                step.log_path,
                step.inputs,
                None if step.installed is None else _json(step.installed),
                None if step.parts is None else _json(step.parts),
            ),
        )

    def end_step(
        self,
        step_id: int,
        *,
        status: str,
        exit_code: Optional[int],
        duration_s: float,
        reason: Optional[str] = None,
        installed: Optional[dict[str, str]] = None,
    ) -> None:
        held = None if installed is None else _json(installed)
        self._write(
            "UPDATE steps SET status = ?, exit_code = ?, duration_s = ?, reason = ?,"
            " finished_at = ?, installed = ? WHERE id = ?",
            (status, exit_code, duration_s, reason, now(), held, step_id),
        )

    def never_started(self, step_id: int, reason: str) -> None:
        """A step written as running whose command was refused at its start (the run was
        stopped between): ``not run`` like the steps after it, with no start and no log."""
        self._write(
            "UPDATE steps SET status = 'not run', reason = ?, started_at = NULL, log_path = NULL,"
            " inputs = NULL, finished_at = ? WHERE id = ?",
            (reason, now(), step_id),
        )

    def steps(self, run_id: int) -> list[StepRow]:
        if abs(run_id) > SQLITE_MAX_INTEGER:
            return []
        rows = self._rows(
            _SELECT_STEPS + " WHERE run_id = ? ORDER BY id",
            (run_id,),
        )
        return [step_row(row) for row in rows]

    def passed(self, inputs: str) -> Optional[StepRow]:
        """The last step that passed with exactly these inputs (a run or a reuse of one)."""
        row = self._row(
            _SELECT_STEPS
            + " WHERE inputs = ? AND status IN ('passed', 'reused') ORDER BY id DESC LIMIT 1",
            (inputs,),
        )
        return None if row is None else step_row(row)

    def passed_before(self, component: str, argv: tuple[str, ...]) -> Optional[StepRow]:
        """The last step of ``component`` with this argv that passed, whatever its inputs."""
        row = self._row(
            _SELECT_STEPS + " WHERE component = ? AND argv = ? AND status IN ('passed', 'reused')"
            " ORDER BY id DESC LIMIT 1",
            (component, _json(argv)),
        )
        return None if row is None else step_row(row)

    def last_ran(self, component: str, argv: tuple[str, ...]) -> Optional[StepRow]:
        """The last step of ``component`` with this argv whose command was started, however it
        ended (still ``running`` when ``up`` died): what its outputs on disk are from."""
        row = self._row(
            _SELECT_STEPS + " WHERE component = ? AND argv = ? AND started_at IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (component, _json(argv)),
        )
        return None if row is None else step_row(row)

    def held_last(self, run_id: int, environment: Optional[int]) -> Optional[StepRow]:
        """The last step of run ``run_id``'s stack in ``environment`` that recorded what the
        environment held (``run.installed``): what it should hold still."""
        query = (
            " WHERE installed IS NOT NULL AND environment IS ? AND run_id IN (SELECT id FROM runs"
            " WHERE stack = (SELECT stack FROM runs WHERE id = ?)) ORDER BY id DESC LIMIT 1"
        )
        row = self._row(_SELECT_STEPS + query, (environment, run_id))
        return None if row is None else step_row(row)

    # -- environments ---------------------------------------------------------------------

    def save_environment(self, env: EnvironmentRow) -> None:
        self._write(
            "INSERT OR REPLACE INTO environments (stack, idx, path, python, fingerprint,"
            " components, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                env.stack,
                env.index,
                env.path,
                env.python,
                env.fingerprint,
                _json(env.components),
                env.created_at,
            ),
        )

    def environments(self) -> list[EnvironmentRow]:
        rows = self._rows(
            "SELECT stack, idx, path, python, fingerprint, components, created_at"
            " FROM environments ORDER BY created_at DESC, idx"
        )
        return [
            EnvironmentRow(
                stack=r[0],
                index=int(r[1]),
                path=r[2],
                python=r[3],
                fingerprint=r[4],
                components=tuple(msgspec.json.decode(r[5])),
                created_at=r[6],
            )
            for r in rows
        ]

    def integrity(self) -> str:
        return str((self._row("PRAGMA integrity_check") or ("",))[0])
