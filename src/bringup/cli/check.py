"""``bringup check``: the main job. Read the repos, probe this machine (or read a recorded
one), solve, plan, and say per repo: runs here / runs here after ... / needs other hardware.

Exit 0 when everything asked can run here now, 1 when something is blocked or skipped, 2 for
bad input (a path that does not exist, an empty directory, a bad manifest or snapshot). The
pipeline and the exit code are ``bringup.workflow``'s; this module reads options and prints.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click

from bringup.cli.options import FORMAT, index_source, stack_options
from bringup.errors import ExitCode, InputError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bringup.model.requirements import Component
    from bringup.run.lastup import LastFailure


@click.command("check")
@stack_options
@click.option(
    "--details",
    "details",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[REPO]",
    help="Everything: every requirement with its sources, every step, every action; with a "
    "repo's name (--details=REPO, or after the paths), that repo's part of it.",
)
@FORMAT
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
    details: Optional[str],
    output_format: str,
) -> int:
    """Can this machine run these repos? The environments designed for the target (--target;
    default: the hardware the repos ask for), one verdict per repo here, the pins, the
    steps here and the next actions: a screenful, the rest under --details. PATH is a repo,
    a directory of repos or a bringup.toml (default: .)."""
    from bringup.inputs import check_target, read_target
    from bringup.report.events import reporter_for
    from bringup.workflow import check, gather

    check_target(target)
    paths, details = _details_path(paths, details)
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
    names = [c.name for c in inputs.components]
    if details and details not in names:  # never a path: a repo's folder is named so too
        stack = f"; for the stack in {details}: bringup check {shlex.quote(details)} --details"
        raise InputError(
            f"--details {details}: no repo of that name in the stack",
            hint=f"the repos: {', '.join(names)}; give --details=REPO or put it after the paths"
            + (stack if _a_path(Path(details)) else ""),
        )
    aimed = read_target(target, inputs.catalogue)
    from bringup.run.indexes import read_index_settings

    result = check(
        inputs,
        target=aimed,
        allow_driver_change=allow_driver_change,
        reporter=reporter,
        from_pypi=read_index_settings(index=index_url).from_pypi,
    )
    failures = _last_failures(inputs.components) if snapshot is None and target is None else ()
    # a failure at another commit of the checkout is said, stale, and decides nothing
    code = ExitCode.PROBLEMS if any(not f.stale for f in failures) else result.exit_code
    if as_json:
        from bringup.report.check_json import check_data
        from bringup.report.envelope import render_json
        from bringup.report.lastup_text import failure_data

        roots = {c.name: c.path for c in inputs.components}
        data = check_data(inputs.findings, result.resolution, result.plan, result.design, roots)
        # each verdict carries its repo's failed last up (null: none, or not read: another
        # machine's answer), so a script reading a verdict's "runs here" reads it too
        by_repo = {f.component: f for f in failures}
        for verdict in data["verdicts"]:
            verdict["last_up"] = failure_data(by_repo.get(verdict["component"]))
        data.update({"last_up": [failure_data(f) for f in failures]} if failures else {})
        sys.stdout.write(render_json("check", code, data))
        return int(code)
    from bringup.report.check_text import result_document
    from bringup.report.lastup_text import add_last_up

    document = result_document(result, details)
    add_last_up(document, failures)
    from bringup.report.console import print_document

    print_document(document, output_format)
    return int(code)


def _last_failures(components: Sequence[Component]) -> tuple[LastFailure, ...]:
    """The repos whose last ``bringup up`` on this machine failed (``run.lastup``): only when
    ``check`` judges this machine (no ``--snapshot``, no ``--target``); a failed run makes the
    answer 1, whatever the repos alone would let this machine do. SQLite's own errors are
    caught too: a file whose header opens but whose pages are damaged fails at the first query
    ("database disk image is malformed"), past ``History``'s checks at open."""
    import sqlite3

    from bringup.errors import StackError
    from bringup.run.lastup import last_failures
    from bringup.run.state import state_dir

    try:
        return last_failures(components, state_dir())
    except (StackError, sqlite3.Error) as error:
        # The history is what check adds to its own reading, not its input: a damaged or
        # unreadable one is said, and the verdicts stand without it.
        click.echo(f"WARNING: {error}; the last bringup up is not read", err=True)
        return ()


def _details_path(
    paths: tuple[str, ...], details: Optional[str]
) -> tuple[tuple[str, ...], Optional[str]]:
    """``check --details repos/mindspeed-fork`` with no PATH: the option took the repo's path as
    its value and checked the current directory (outsider20 D19). A repo's name is a folder's
    name, never a path, so a value with a ``/`` that names a directory or a manifest (a PATH
    may be a bringup.toml: ``--details stack/bringup.toml``, reread40 L11) is the PATH, all
    its details asked; a bare name stays a repo's name, without the ``/`` shell completion
    writes after a folder's name (``--details ascend-comm/``, reread40 M2)."""
    named = details.rstrip("/") if details else ""
    if not details or not named:
        return paths, details
    if "/" not in named:
        return paths, named
    if paths or not _a_path(Path(details)):
        return paths, details
    return (details,), ""


def _a_path(value: Path) -> bool:
    """Whether ``value`` is what a PATH names: a directory, or a manifest file."""
    from bringup.scan.manifest import MANIFEST_NAME

    return value.is_dir() or (value.name == MANIFEST_NAME and value.is_file())
