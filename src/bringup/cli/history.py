"""``bringup history [RUN]``: the runs ``bringup up`` remembers (newest first), or one run's
steps with their outcome, time and log."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import click

from bringup.cli.options import FORMAT, JSON
from bringup.cli.up import STATE
from bringup.errors import InputError


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
    from bringup.report.history_text import run_document, runs_document
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.database.is_file():
        raise InputError("no history yet", path=str(layout.root), hint="run `bringup up`")
    with History(layout.database) as history:
        if run_id is None:
            runs = history.runs(limit)
            data: object = runs
            document = runs_document(runs)
        else:
            run = history.run(run_id)
            if run is None:
                raise InputError(f"no run {run_id}", path=str(layout.database))
            steps = history.steps(run_id)
            data = {"run": run, "steps": steps}
            document = run_document(run, steps)
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("history", 0, data))
    else:
        from bringup.report.console import print_document

        print_document(document, output_format)
    return 0
