"""``bringup history [RUN]``: the runs ``bringup up`` remembers (newest first), or one run's
steps with their outcome, time and log."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Optional

import click

from bringup.cli.options import JSON
from bringup.cli.up import STATE
from bringup.errors import InputError


@click.command("history")
@click.argument("run_id", required=False, type=int)
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True)
@STATE
@JSON
def command(run_id: Optional[int], limit: int, state: Optional[Path], as_json: bool) -> int:
    """List the runs of `bringup up`, or the steps of run RUN_ID."""
    from bringup.report.sanitize import printable
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.database.is_file():
        raise InputError("no history yet", path=str(layout.root), hint="run `bringup up`")
    with History(layout.database) as history:
        if run_id is None:
            data: object = history.runs(limit)
            lines = [
                f"{r.id:>5}  {r.started_at[:19]}  {r.status:<11}  "
                + ", ".join(Path(p).name for p in r.paths)
                for r in history.runs(limit)
            ]
        else:
            run = history.run(run_id)
            if run is None:
                raise InputError(f"no run {run_id}", path=str(layout.database))
            steps = history.steps(run_id)
            data = {"run": run, "steps": steps}
            lines = [f"run {run.id} ({run.status}), started {run.started_at}"]
            for s in steps:
                took = f" {s.duration_s:.1f} s" if s.duration_s is not None else ""
                lines.append(
                    f"  {s.order:>3} {s.status:<11} {s.component}: {shlex.join(s.argv)}{took}"
                )
                if s.reason:
                    lines.append(f"      {s.reason}")
                if s.log_path:
                    lines.append(f"      log: {s.log_path}")
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("history", 0, data))
    else:
        sys.stdout.write("".join(printable(line) + "\n" for line in lines))
    return 0
