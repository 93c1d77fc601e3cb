"""``bringup solve``: the fewest environments that hold the repos on this machine, the pins in
each (and what chose them), and for every conflict the smallest set of requirements and rules
that cannot hold together. ``--what-if driver=24.1.0`` re-solves with the host changed and
says which repos change verdict, and why.

Exit 0 when every repo has an environment and the hardware it needs, 1 otherwise, 2 for bad
input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import click

from bringup.cli.check import gather
from bringup.cli.options import JSON, KB_DIR, KB_EXTRA, SNAPSHOT
from bringup.cli.stack_inputs import DRIVER, FORCE, PATHS
from bringup.errors import ExitCode


@click.command("solve")
@PATHS
@JSON
@SNAPSHOT
@KB_DIR
@KB_EXTRA
@DRIVER
@FORCE
@click.option(
    "--what-if",
    "what_if",
    multiple=True,
    metavar="KEY=VALUE",
    help="Solve as if the host had this (driver=24.1.0, python=3.11, npus=2, chip=910B, "
    "cann=8.0.0); repeat for several.",
)
def command(
    *,
    paths: tuple[str, ...],
    as_json: bool,
    snapshot: Optional[Path],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    allow_driver_change: bool,
    force: bool,
    what_if: tuple[str, ...],
) -> int:
    """Environments, pins and minimal conflicts for the repos at PATH (default: .)."""
    from bringup.solve import SolveOptions, parse_what_if, solve
    from bringup.solve.whatif import what_if as solve_what_if

    changes = parse_what_if(what_if)
    inputs = gather(paths or (".",), snapshot, kb_dir, extra_dirs, force=force)
    options = SolveOptions(allow_driver_change=allow_driver_change)
    base = solve(inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue, options)
    report = None
    if changes:
        report = solve_what_if(
            inputs.components,
            inputs.snapshot,
            inputs.rules,
            inputs.catalogue,
            changes,
            options=options,
            before=base,
        )
    final = report.resolution if report is not None else base
    code = ExitCode.PROBLEMS if final.unplaced or final.hardware else ExitCode.OK
    if as_json:
        from bringup.report.envelope import render_json
        from bringup.report.solve_text import solve_data

        sys.stdout.write(render_json("solve", code, solve_data(base, report)))
    else:
        from bringup.report.console import console
        from bringup.report.solve_text import render_solve

        render_solve(console(), base, report)
    return int(code)
