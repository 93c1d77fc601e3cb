"""``bringup explain LOG``: the most likely causes of a failure log, with layer, fix and source.

Exit codes: 0 a known cause was found, 1 nothing matched, 2 bad input (missing log, unreadable
or malformed snapshot).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Optional

import click
import msgspec

from bringup.errors import ExitCode, InputError
from bringup.model.diagnosis import Diagnosis
from bringup.model.snapshot import Snapshot
from bringup.report.console import write
from bringup.report.envelope import render_json
from bringup.triage.explain import builtin_matcher, scan_log
from bringup.triage.parallel import PARALLEL_MIN_BYTES, scan_file
from bringup.triage.ranking import rank
from bringup.triage.scanner import ScanResult


def load_snapshot(path: Path) -> Snapshot:
    """A snapshot from ``bringup probe --json`` output (the envelope's ``data``) or a bare
    snapshot JSON; anything else is an ``InputError`` naming the file."""
    try:
        document = msgspec.json.decode(path.read_bytes())
    except OSError as error:
        raise InputError(f"cannot read snapshot: {error.strerror}", path=str(path)) from None
    except msgspec.DecodeError as error:
        raise InputError(f"not JSON: {error}", path=str(path)) from None
    if isinstance(document, dict) and "data" in document and "schema" in document:
        document = document["data"]
    try:
        return msgspec.convert(document, type=Snapshot)
    except msgspec.ValidationError as error:
        raise InputError(
            f"not a bringup snapshot: {error}",
            path=str(path),
            hint="pass the output of `bringup probe --json`",
        ) from None


def scan(log: str) -> ScanResult:
    """Scan stdin (``-``) as a stream, a regular file by ranges over several processes when
    it is large, anything else (a pipe, a device) as a stream."""
    if log == "-":
        return scan_log(sys.stdin.buffer, matcher=builtin_matcher())
    path = Path(log)
    if path.is_dir():
        raise InputError("is a directory, not a log file", path=log)
    try:
        stream: IO[bytes] = path.open("rb")
    except OSError as error:
        raise InputError(f"cannot read log: {error.strerror}", path=log) from None
    with stream:
        if path.is_file() and path.stat().st_size >= PARALLEL_MIN_BYTES:
            return scan_file(path)
        return scan_log(stream, matcher=builtin_matcher())


def render_text(diagnoses: list[Diagnosis], log: str, lines: int) -> str:
    """Human-readable diagnoses, best first."""
    if not diagnoses:
        return f"{log}: {lines} lines, no known failure signature matched.\n"
    out = [f"{log}: {lines} lines, {len(diagnoses)} likely cause(s), most likely first.\n"]
    for number, diagnosis in enumerate(diagnoses, start=1):
        status = "" if diagnosis.confirmation == "unknown" else f" [{diagnosis.confirmation}]"
        out.append(
            f"\n{number}. {diagnosis.title}{status}\n"
            f"   id: {diagnosis.signature_id}   layer: {diagnosis.layer}   kind: {diagnosis.kind}"
            f"   score: {diagnosis.score:g}\n"
            f"   cause: {diagnosis.cause}\n"
            f"   fix:   {diagnosis.fix}\n"
        )
        for item in diagnosis.evidence[:3]:
            out.append(f"   line {item.line}: {item.text}\n")
        if diagnosis.matches > len(diagnosis.evidence[:3]):
            out.append(f"   ({diagnosis.matches} matching lines in all)\n")
        for fact in diagnosis.confirmed_by:
            out.append(f"   snapshot: {fact.key} = {fact.value} ({fact.source})\n")
        out.append(f"   source: {diagnosis.source}\n")
    return "".join(out)


@click.command("explain")
@click.argument("log")
@click.option(
    "--snapshot",
    "snapshot_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Host snapshot (`bringup probe --json` output) to confirm causes against.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the JSON envelope.")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True)
def command(log: str, snapshot_path: Optional[Path], as_json: bool, top: int) -> int:
    """Explain a failure LOG (a file, or - for stdin): likely causes, fixes and sources."""
    snapshot = load_snapshot(snapshot_path) if snapshot_path is not None else None
    result = scan(log)
    diagnoses = rank(result, builtin_matcher().catalogue, snapshot, top)
    code = ExitCode.OK if diagnoses else ExitCode.PROBLEMS
    if as_json:
        data = {"log": log, "lines": result.lines, "diagnoses": diagnoses}
        write(render_json("explain", code, data))
    else:
        write(render_text(diagnoses, log, result.lines))
    return int(code)
