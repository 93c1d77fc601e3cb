"""The rows of the history database as values (``run.history`` writes and reads them): a run,
one step of a run, an environment made."""

from __future__ import annotations

from typing import Optional

import msgspec


class RunRow(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    stack: str
    paths: tuple[str, ...]
    started_at: str
    status: str
    argv: tuple[str, ...]
    finished_at: Optional[str] = None
    snapshot_id: Optional[int] = None
    resumed_from: Optional[int] = None


class StepRow(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One step of one run: ``status`` passed, failed, timed out, reused (passed before with
    the same inputs), skipped, blocked, running (it was when ``up`` died) or interrupted."""

    run_id: int
    order: int
    component: str
    name: str
    kind: str
    argv: tuple[str, ...]
    status: str
    environment: Optional[int] = None
    reason: Optional[str] = None
    exit_code: Optional[int] = None
    started_at: Optional[str] = None
    finished_at: Optional[str] = None
    duration_s: Optional[float] = None
    log_path: Optional[str] = None
    inputs: Optional[str] = None
    installed: Optional[dict[str, str]] = None
    """What the step's environment held when it passed, or was reused (``run.installed``)."""
    parts: Optional[dict[str, str]] = None
    """Its inputs one by one (``fingerprint.input_parts``): what changed is said by name."""
    id: Optional[int] = None


class EnvironmentRow(msgspec.Struct, frozen=True, kw_only=True):
    stack: str
    index: int
    path: str
    python: str
    fingerprint: str
    components: tuple[str, ...]
    created_at: str


STEP_COLUMNS = (
    "id, run_id, ord, component, name, kind, argv, environment, status, reason, exit_code, "
    "started_at, finished_at, duration_s, log_path, inputs, installed, parts"
)


def run_row(row: tuple[object, ...]) -> RunRow:
    return RunRow(
        id=int(row[0]),  # type: ignore[call-overload]
        stack=str(row[1]),
        paths=tuple(msgspec.json.decode(str(row[2]))),
        snapshot_id=None if row[3] is None else int(row[3]),  # type: ignore[call-overload]
        started_at=str(row[4]),
        finished_at=None if row[5] is None else str(row[5]),
        status=str(row[6]),
        argv=tuple(msgspec.json.decode(str(row[7]))),
        resumed_from=None if row[8] is None else int(row[8]),  # type: ignore[call-overload]
    )


def step_row(row: tuple[object, ...]) -> StepRow:
    names = [c.strip() for c in STEP_COLUMNS.split(",")]
    values = dict(zip(names, row))
    values["argv"] = tuple(msgspec.json.decode(str(values["argv"])))
    values["order"] = values.pop("ord")
    for name in ("installed", "parts"):
        if values[name] is not None:
            values[name] = msgspec.json.decode(str(values[name]))
    return msgspec.convert(values, type=StepRow)
