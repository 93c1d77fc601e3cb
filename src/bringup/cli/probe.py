"""``bringup probe``: a snapshot of this machine, of a recorded host, or of a pasted report."""

from __future__ import annotations

import datetime
import getpass
import socket
import sys
from pathlib import Path
from typing import Optional

import click
import msgspec

from bringup import __version__
from bringup.cli.options import FORMAT, finite, seconds
from bringup.errors import ExitCode, InputError
from bringup.model import Snapshot
from bringup.probe.live import DEFAULT_BUDGET_S, take_snapshot
from bringup.writable import unwritable


@click.command("probe")
@click.option("--json", "as_json", is_flag=True, help="The whole snapshot as JSON (envelope).")
@click.option(
    "--from",
    "report",
    metavar="FILE",
    help="Read a pasted report or a whole issue body (vendor tools' tables, collect_env, "
    "pip list, template lines...) or a snapshot (`bringup probe --json`); '-' for stdin.",
)
@click.option(
    "--record",
    metavar="DIR",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also record this machine into DIR as a replayable host fixture (redacted).",
)
@click.option(
    "--replay",
    metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Probe a recorded host (a directory written by --record) instead of this machine.",
)
@click.option(
    "--budget",
    type=seconds(0.5),
    callback=finite,
    metavar="SECONDS",
    default=DEFAULT_BUDGET_S,
    show_default=True,
    help="Seconds the whole probe may take; each command also times out on its own.",
)
@FORMAT
def command(
    *,
    as_json: bool,
    report: Optional[str],
    record: Optional[Path],
    replay: Optional[Path],
    budget: float,
    output_format: str,
) -> int:
    """Show what this machine has: OS, CPU, compilers, Pythons and packages, and each
    accelerator backend's toolkits, driver, firmware and devices, each with its source."""
    chosen = [
        name
        for name, value in (("--from", report), ("--record", record), ("--replay", replay))
        if value
    ]
    if len(chosen) > 1:
        raise InputError(f"{' and '.join(chosen)} cannot be used together")
    if report is not None:
        from bringup.inputs import read_report_or_snapshot

        snapshot = read_report_or_snapshot(report)
    elif replay is not None:
        from bringup.probe.replay import load_host

        snapshot = load_host(replay)
    elif record is not None:
        snapshot = _record(record, budget)
    else:
        snapshot = take_snapshot(budget_s=budget)
    if as_json:
        from bringup.report.envelope import render_json

        data = msgspec.to_builtins(snapshot)
        sys.stdout.write(render_json("probe", ExitCode.OK, data))
    else:
        from bringup.report.console import print_document
        from bringup.report.document import Paragraph, text
        from bringup.report.snapshot_text import snapshot_document

        document = snapshot_document(snapshot)
        if record is not None:
            document.add(Paragraph(text("recorded to ", (str(record), "code"))))
        print_document(document, output_format)
    return int(ExitCode.OK)


def _record(directory: Path, budget: float) -> Snapshot:
    """Probe this machine while recording it, then write the host fixture."""
    import os

    from bringup.probe.recording import RecordingFiles, RecordingRunner, write_host
    from bringup.probe.redact import Redactor
    from bringup.process import Budget, SubprocessRunner

    if directory.is_dir() and any(directory.iterdir()):
        raise InputError("is not empty; --record writes a new host directory", path=str(directory))
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise unwritable(error, directory, "cannot create") from None
    env = dict(os.environ)
    inner = SubprocessRunner(budget=Budget(budget), base_env=env)
    runner = RecordingRunner(inner)
    files = RecordingFiles()
    try:
        snapshot = take_snapshot(runner=runner, files=files, env=env, budget_s=budget)
    finally:
        inner.stop()
    try:
        write_host(
            directory,
            runner=runner,
            files=files,
            env=env,
            redactor=Redactor(hostname=socket.gethostname(), username=getpass.getuser()),
            recorded_at=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            recorded_with=f"bringup {__version__}",
        )
    except OSError as error:
        raise unwritable(error, directory) from None
    return snapshot
