"""``bringup solve``: the fewest environments that hold the repos on this machine, the pins in
each (and what chose them), and for every conflict the smallest set of requirements and rules
that cannot hold together. ``--what-if ascend_driver=24.1.0`` re-solves with the host changed and
says which repos change verdict, and why.

With ``--target`` a repo that needs another kind of device than the target's is left out and
named, as ``check --target`` does. Exit 0 when every repo has an environment and the hardware it
needs (and can run on the target), 1 otherwise, 2 for bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import click

from bringup.cli.options import FORMAT, index_source, stack_options


@click.command("solve")
@stack_options
@FORMAT
@click.option(
    "--what-if",
    "what_if",
    multiple=True,
    metavar="KEY=VALUE",
    help="Solve as if the host had this (python=3.11, driver=24.1.0, chip=FAMILY, or any "
    "subject the repos and rules mention, a device count or a toolkit: an unknown key lists "
    "them); repeat for several.",
)
def command(
    *,
    paths: tuple[str, ...],
    as_json: bool,
    snapshot: Optional[Path],
    target: Optional[str],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    allow_driver_change: bool,
    index_url: Optional[str],
    force: bool,
    what_if: tuple[str, ...],
    output_format: str,
) -> int:
    """Environments, pins and minimal conflicts for the repos at PATH (default: .), on this
    machine or, with --target, designed for that host with every repo taking part."""
    from bringup.inputs import check_target, read_target
    from bringup.report.events import reporter_for
    from bringup.solve import parse_what_if
    from bringup.workflow import gather, solve_stack

    check_target(target)
    changes = parse_what_if(what_if)
    reporter = reporter_for()
    inputs = gather(
        paths or (".",),
        snapshot,
        kb_dir,
        extra_dirs,
        reporter,
        force=force,
        index=index_source(index_url),
    )
    aimed = read_target(target, inputs.catalogue) if target is not None else None
    if aimed is not None and snapshot is not None:
        from bringup.report.events import Warned

        reporter.emit(
            Warned(f"--snapshot {snapshot} is not used: solve --target plans for {target} alone")
        )
    result = solve_stack(
        inputs,
        changes,
        target=aimed,
        allow_driver_change=allow_driver_change,
        reporter=reporter,
    )
    if as_json:
        from bringup.report.envelope import render_json
        from bringup.report.solve_text import solve_data

        data = solve_data(result.base, result.what_if, result.target, result.elsewhere)
        sys.stdout.write(render_json("solve", result.exit_code, data))
    else:
        from bringup.report.console import print_document
        from bringup.report.solve_text import solve_document

        document = solve_document(result.base, result.what_if, result.target, result.elsewhere)
        print_document(document, output_format)
    return int(result.exit_code)
