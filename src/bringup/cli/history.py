"""``bringup history [RUN]``: the runs ``bringup up`` remembers (newest first), or one run's
steps with their outcome, time and log."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click

from bringup.cli.options import FORMAT, JSON
from bringup.cli.up import STATE
from bringup.errors import InputError

if TYPE_CHECKING:
    from bringup.report.document import Document
    from bringup.run.history import RunRow
    from bringup.run.state import StateLayout


@click.command("history")
@click.argument("run_id", required=False, type=int)
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True)
@STATE
@JSON
@FORMAT
def command(
    *,
    run_id: Optional[int],
    limit: int,
    state: Optional[Path],
    as_json: bool,
    output_format: str,
) -> int:
    """List the runs of `bringup up`, or the steps of run RUN_ID."""
    from bringup.report.history_text import runs_document
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.recorded() and run_id is not None:
        raise InputError("no history yet", path=str(layout.root), hint="run `bringup up`")
    if not layout.recorded():
        # no run yet is a state, not bad input: an empty list, as a CI step that lists runs
        # expects (outsider23b D19)
        data: object = []
        document = runs_document([])
    else:
        data, document = _read(layout, run_id, limit)
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("history", 0, data))
    else:
        from bringup.report.console import print_document

        print_document(document, output_format)
    return 0


def _read(layout: StateLayout, run_id: Optional[int], limit: int) -> tuple[object, Document]:
    """The runs (the last ``limit``), or run ``run_id`` and its steps, as data and document."""
    from bringup.report.history_text import run_document, runs_document
    from bringup.run.history import History

    with History(layout.database, read_only=True) as history:
        if run_id is None:
            runs = [_as_it_stands(layout, run) for run in history.runs(limit)]
            return runs, runs_document(runs)
        run = history.run(run_id)
        if run is None:
            raise InputError(f"no run {run_id}", path=str(layout.database))
        steps = history.steps(run_id)
        run = _as_it_stands(layout, run)
        return {"run": run, "steps": steps}, run_document(run, steps)


def _as_it_stands(layout: StateLayout, run: RunRow) -> RunRow:
    """A run recorded as running whose ``bringup up`` is gone is interrupted — what the next
    ``up`` of its repos records it as; it could not write its own end (killed, or its state
    disk was full: outsider14 D10)."""
    import msgspec

    from bringup.run.lock import up_lives

    if run.status != "running" or up_lives(layout, run.stack) is not False:
        return run
    return msgspec.structs.replace(run, status="interrupted")
