"""``bringup check``: the main job. Read the repos, probe this machine (or read a recorded
one), solve, plan, and say per repo: runs here / runs here after ... / needs other hardware.

Exit 0 when everything asked can run here now, 1 when something is blocked or skipped, 2 for
bad input (a path that does not exist, an empty directory, a bad manifest or snapshot).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import click

from bringup.cli.options import JSON, KB_DIR, KB_EXTRA, SNAPSHOT, load_kb, read_snapshot
from bringup.cli.stack_inputs import DRIVER, FORCE, PATHS, StackInputs


def gather(
    paths: Sequence[str],
    snapshot: Optional[Path],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...] = (),
    *,
    force: bool = False,
) -> StackInputs:
    """Scan the repos, read or take the snapshot, load the knowledge base (rows limited to a
    chip family are kept when the host has that chip)."""
    from bringup.scan import scan_stack
    from bringup.solve import knowledge_catalogue
    from bringup.versions import is_version

    stack = scan_stack(list(paths), force=force)
    if snapshot is not None:
        host = read_snapshot(snapshot)
    else:
        from bringup.probe.live import take_snapshot

        host = take_snapshot()
    kb = load_kb(kb_dir, extra_dirs)
    chips = sorted(
        {a.family for a in host.devices("ascend") if a.family and is_version(a.family, "name")}
    )
    return StackInputs(
        components=stack.components,
        findings=stack.findings,
        snapshot=host,
        rules=kb.rules(chip=chips[0] if chips else None),
        catalogue=knowledge_catalogue(kb),
    )


@click.command("check")
@PATHS
@JSON
@SNAPSHOT
@KB_DIR
@KB_EXTRA
@DRIVER
@FORCE
def command(
    *,
    paths: tuple[str, ...],
    as_json: bool,
    snapshot: Optional[Path],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    allow_driver_change: bool,
    force: bool,
) -> int:
    """Can this machine run these repos? One verdict per repo, the environments and pins,
    the version-matching table, the bring-up plan at this hardware tier and the next
    actions. PATH is a repo, a directory of repos or a bringup.toml (default: .)."""
    from bringup.plan import exit_code
    from bringup.plan import plan as make_plan
    from bringup.solve import SolveOptions, solve

    inputs = gather(paths or (".",), snapshot, kb_dir, extra_dirs, force=force)
    options = SolveOptions(allow_driver_change=allow_driver_change)
    resolution = solve(inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue, options)
    plan = make_plan(inputs.components, resolution, inputs.snapshot)
    code = exit_code(resolution, plan)
    if as_json:
        from bringup.report.check_text import check_data
        from bringup.report.envelope import render_json

        data = check_data(inputs.findings, resolution, plan)
        sys.stdout.write(render_json("check", code, data))
    else:
        from bringup.report.check_text import render_check
        from bringup.report.console import console

        render_check(
            console(),
            components=inputs.components,
            findings=inputs.findings,
            snapshot=inputs.snapshot,
            resolution=resolution,
            plan=plan,
        )
    return int(code)
