"""``bringup diff [A] [B]``: what changed between two snapshots, two runs, or a run and now.

A and B are each a recorded host directory (``bringup probe --record``), a snapshot file
(``bringup probe --json``), a run of ``bringup up`` (``run:12`` or ``12``) or ``now`` (this
machine, probed). Default: the last run and now. Exit 0 when nothing changed, 1 otherwise.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click

from bringup.cli.options import FORMAT, JSON
from bringup.cli.up import STATE
from bringup.errors import ExitCode, InputError

if TYPE_CHECKING:
    from bringup.model.snapshot import Snapshot
    from bringup.run.diff import Change
    from bringup.run.history import History


@dataclass(frozen=True)
class Side:
    label: str
    snapshot: Snapshot
    steps: Optional[list[tuple[str, str, str]]] = None
    environments: Optional[dict[str, tuple[str, dict[str, str]]]] = None
    """``environment N`` -> its folder and what it held at the run (``run.installed``)."""


def _run_side(run_id: int, state: Optional[Path]) -> Side:
    import msgspec

    from bringup.model.snapshot import Snapshot
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.recorded():
        raise InputError("no history yet", path=str(layout.root), hint="run `bringup up`")
    with History(layout.database, read_only=True) as history:
        run = history.run(run_id) if run_id >= 0 else history.last_run()
        if run is None:
            raise InputError(f"no run {run_id}" if run_id >= 0 else "no run yet")
        data = history.snapshot_data(run.snapshot_id) if run.snapshot_id else None
        if data is None:
            raise InputError(f"run {run.id} has no snapshot")
        steps = [(s.component, s.name, s.status) for s in history.steps(run.id)]
        environments = _held_at(history, run.id, run.stack)
    try:
        snapshot = msgspec.json.decode(data, type=Snapshot)
    except msgspec.MsgspecError as error:  # damaged, or written by another bringup version
        raise InputError(
            f"run {run.id}'s snapshot cannot be read: {error}", path=str(layout.database)
        ) from None
    return Side(f"run {run.id}", snapshot, steps, environments)


def _held_at(history: History, run_id: int, stack: str) -> dict[str, tuple[str, dict[str, str]]]:
    """What each environment of the run's stack held: the last a step recorded, else what it
    held when it was made (an environment with no step)."""
    from bringup.run.installed import recorded

    found = {}
    for env in history.environments():
        if env.stack != stack:
            continue
        last = history.held_last(run_id, env.index)
        listing = last.installed if last is not None else recorded(Path(env.path))
        if listing is not None:
            found[f"environment {env.index}"] = (env.path, listing)
    return found


def _held_now(before: Side) -> list[Change]:
    """What the environments of ``before`` (a run) hold now against what they held then: a
    package removed from one by hand is a change (outsider15 D13: ``diff`` said "0 changes"
    after tqdm was uninstalled from environment 1)."""
    from bringup.run.diff import compare
    from bringup.run.installed import held

    then: dict[str, str] = {}
    now: dict[str, str] = {}
    for label, (path, listing) in (before.environments or {}).items():
        then.update((f"{label} {name}", version) for name, version in listing.items())
        now.update((f"{label} {name}", v) for name, v in (held(Path(path)) or {}).items())
    return compare("package", then, now)


def _has_runs(state: Optional[Path]) -> bool:
    """Whether ``up`` has recorded a run in the state directory."""
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.recorded():
        return False
    with History(layout.database, read_only=True) as history:
        return history.last_run() is not None


def _nothing_yet(as_json: bool, output_format: str) -> int:
    """``diff`` with no run to start from: none yet is a normal state (a CI step that lists
    what changed on a fresh runner), said with exit 0, not bad input (outsider23b D19)."""
    if as_json:
        from bringup.report.envelope import render_json

        data: dict[str, object] = {"before": None, "after": None, "changes": []}
        sys.stdout.write(render_json("diff", ExitCode.OK, data))
        return int(ExitCode.OK)
    from bringup.report.console import print_document
    from bringup.report.document import Document
    from bringup.report.styled import Line

    said = Line("no runs yet: nothing to compare (`bringup up` records each run)")
    print_document(Document(said, []), output_format)
    return int(ExitCode.OK)


def side(spec: str, state: Optional[Path]) -> Side:
    if spec == "now":
        from bringup.probe.live import take_snapshot

        return Side("now", take_snapshot())
    number = spec.removeprefix("run:")
    if number.isdigit():
        return _run_side(int(number), state)
    from bringup.inputs import read_snapshot

    path = Path(spec)
    if not path.exists():
        raise InputError("not a run, a snapshot file or a recorded host", path=spec)
    return Side(spec, read_snapshot(path, "diff"))


@click.command("diff")
@click.argument("before", required=False)
@click.argument("after", required=False)
@STATE
@JSON
@FORMAT
def command(
    *,
    before: Optional[str],
    after: Optional[str],
    state: Optional[Path],
    as_json: bool,
    output_format: str,
) -> int:
    """What changed between A and B: packages, versions, variables, driver and firmware,
    toolkits, devices, step outcomes."""
    from bringup.run.diff import diff_runs, diff_snapshots

    if not before and not _has_runs(state):
        return _nothing_yet(as_json, output_format)
    old = side(before, state) if before else _run_side(-1, state)
    new = side(after or "now", state)
    changes = diff_snapshots(old.snapshot, new.snapshot) + diff_runs(old.steps, new.steps)
    if new.label == "now":
        changes += _held_now(old)
    code = ExitCode.PROBLEMS if changes else ExitCode.OK
    if as_json:
        from bringup.report.envelope import render_json

        data = {"before": old.label, "after": new.label, "changes": changes}
        sys.stdout.write(render_json("diff", code, data))
        return int(code)
    from bringup.report.console import print_document
    from bringup.report.history_text import diff_document

    print_document(diff_document(old.label, new.label, changes), output_format)
    return int(code)
