"""``bringup ladder``: layered diagnosis of one backend in one environment, in the order an
expert checks (device init -> operators -> communication -> memory); the first failing rung
names the layer. Each rung runs in the target environment's Python (``--python`` or
``--env``); without either, the ``python3`` on PATH.

Exit codes: 0 every rung passed or was skipped with a reason, 1 a rung failed, erred or was
blocked, 2 bad input (no such interpreter or environment).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import click
import msgspec

from bringup import backends
from bringup.cli.options import JSON
from bringup.errors import ExitCode, InputError
from bringup.ladder import LEVELS, LadderResult, Level, RungResult, run_ladder
from bringup.ladder.model import Rung, time_range
from bringup.ladder.order import order
from bringup.ladder.progress import EventLadderReporter
from bringup.ladder.run import backend_rungs, ladder_backends, missing_runtime
from bringup.process import CommandRunner, SubprocessRunner
from bringup.report.console import Writer, console, write
from bringup.report.envelope import render_json
from bringup.report.events import reporter_for
from bringup.report.sanitize import printable
from bringup.report.styled import Line
from bringup.writable import unwritable

MARK_WIDTH = len("[ BLOCKED ]")
"""Each rung's mark is its verdict as the README names it (``[ BLOCKED ]``, not an
abbreviation), padded so that the rung names line up under the longest."""
PYTHON_CHECK_S = 30.0
"""How long an interpreter may take to print its major version: a cold start on a network
file system, not a hang."""


def default_backend(dev: Path = Path("/dev")) -> str:
    """The first backend whose device nodes this host has (``Vocabulary.device_nodes``),
    else the CPU: a cheap guess, ``--backend`` says it exactly."""
    for item in backends.registered():
        if any(any(dev.glob(pattern)) for pattern in item.vocabulary.device_nodes):
            return item.name
    return "cpu"


def interpreter(python: Optional[str], env: Optional[Path]) -> str:
    """The interpreter the rungs run in: ``--python``, the one of environment ``--env`` (a
    virtual or conda environment's directory), or ``python3`` on PATH; one that is not an
    executable Python 3 (a text file, a shell script) is bad input, as a missing one is. The
    path is made absolute (not resolved: a venv's python is a link) so it names one file
    wherever the rungs run."""
    if python is not None and env is not None:
        raise click.UsageError("give --python or --env, not both")
    if env is not None:
        candidate = env / "bin" / "python"
        if not candidate.exists():
            raise InputError("not an environment: no bin/python in it", path=str(env))
        return runs_python(os.path.abspath(candidate))
    if python is not None:
        found = shutil.which(python) if os.sep not in python else python
        if found is None or not Path(found).exists():
            raise InputError("no such interpreter", path=python)
        return runs_python(os.path.abspath(found))
    found = shutil.which("python3")
    if found is None:
        raise InputError("no python3 on PATH: give --python or --env")
    return runs_python(os.path.abspath(found))


def runs_python(path: str, runner: Optional[CommandRunner] = None) -> str:
    """``path`` when it is an executable file that runs as Python 3, else bad input."""
    if not Path(path).is_file():
        raise InputError("not an interpreter: not a file", path=path)
    if not os.access(path, os.X_OK):
        raise InputError("not an interpreter: not executable", path=path)
    done = (runner or SubprocessRunner()).run(
        [path, "-c", "import sys; print(sys.version_info[0])"], timeout=PYTHON_CHECK_S
    )
    if not done.ok or done.stdout.strip() != "3":
        answer = done.describe() if not done.ok else f"printed {done.stdout.strip()[:80]!r}"
        raise InputError(f"not a Python 3 interpreter ({answer})", path=path)
    return path


def interpreter_notes(result: LadderResult, chosen: bool) -> tuple[str, ...]:
    """What to say when the rungs ran in the interpreter bringup ``chosen`` (neither --python
    nor --env: python3 on PATH, often bringup's own environment) and it lacks the runtime."""
    module = missing_runtime(result)
    if not chosen or module is None:
        return ()
    own = Path(result.python).parent == Path(sys.executable).parent
    whose = "bringup's own environment" if own else "the python3 on PATH"
    return (
        f"the rungs ran in {result.python} ({whose}: neither --python nor --env was given), "
        f"which has no {module}; run the ladder in the job's environment: --python PATH or "
        "--env DIR",
    )


def rung_lines(result: RungResult) -> list[str]:
    """``[ PASS ]    device-init   0.4 s  (~3 s)  reason``, then for a failure the
    phase, the evidence tail, the diagnosis and the re-run command."""
    took = f"{result.seconds:5.1f} s" if result.verdict != "BLOCKED" else "   --  "
    shown = time_range(result.fastest_s, result.expected_s)
    expected = f"({shown})" if shown else ""
    lines = [
        f"{'[ ' + result.verdict + ' ]':<{MARK_WIDTH}} {result.rung:<14} {took} {expected:>8}  "
        + printable(result.reason)
    ]
    lines += [f"           {printable(line)}" for line in (*result.details, *result.notes)]
    if result.verdict not in ("FAIL", "ERROR"):
        return lines
    lines.append(f"           phase: {result.phase or 'unknown'}")
    evidence_tail = result.evidence_tail.splitlines()[-6:]
    if evidence_tail:
        lines.append("           evidence (error and stderr, last lines):")
        lines += [f"             {printable(line)}" for line in evidence_tail]
    if result.diagnosis is not None:
        d = result.diagnosis
        lines.append(f"           diagnosis: {printable(d.title)} ({d.layer}, {d.kind})")
        lines.append(f"             fix: {printable(d.fix)}")
        lines.append(f"             source: {printable(d.source)}")
    else:
        lines.append("           diagnosis: no known failure signature matched")
    if result.log_path:
        lines.append(f"           log: {result.log_path}")
    lines.append(f"           re-run: {shlex.join(result.argv)}")
    return lines


def print_rung(out: Writer, result: RungResult) -> None:
    """A finished rung's lines, as it finishes (a terminal sees the ladder climb)."""
    for line in rung_lines(result):
        out.print(Line(line))


def _list(backend: str, as_json: bool) -> int:
    rungs = order(backend_rungs(backend))
    if as_json:
        write(render_json("ladder", ExitCode.OK, {"backend": backend, "rungs": rungs}))
        return int(ExitCode.OK)
    rows = [("rung", "layer", *LEVELS, "requires")]
    for rung in rungs:
        times = (time_range(rung.fastest(level), rung.expected(level)) or "-" for level in LEVELS)
        rows.append((rung.id, rung.layer, *times, ", ".join(rung.requires) or "-"))
    out = console()
    for row in rows:
        out.print(Line(f"{row[0]:<14} {row[1]:<19} {row[2]:>7} {row[3]:>9} {row[4]:>7}  {row[5]}"))
    out.print(Line(times_note(rungs)))
    return int(ExitCode.OK)


def times_note(rungs: Sequence[Rung]) -> str:
    """The legend under ``--list``: a range is named as measured only where a rung of the
    list has one (the CPU ladder at quick); a backend with estimates only says so."""
    measured = [
        time_range(rung.fastest(level), rung.expected(level))
        for rung in rungs
        for level in LEVELS
        if rung.fastest(level) and rung.expected(level)
    ]
    if measured:
        return f"times: a range ({measured[0]}) was measured, fastest to slowest; ~ is an estimate"
    return "times: ~ is an estimate; none of these was measured"


def _log_dir(given: Optional[Path]) -> Path:
    """``--logs`` (made if missing), else a new temporary directory; either is said in the
    output (the header, and the JSON's ``log_dir``), so a passing ladder's logs are found."""
    if given is None:
        return Path(tempfile.mkdtemp(prefix="bringup-ladder-"))
    try:
        given.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise unwritable(error, given, "cannot create") from None
    return given


def summary(result: LadderResult) -> str:
    if result.ok:
        return f"ladder {result.backend}: every layer works ({result.level})"
    blocked = next((r for r in result.results if r.verdict == "BLOCKED"), None)
    if result.failed_layer is None and blocked is not None:  # nothing failed: nothing ran
        return f"ladder {result.backend}: nothing was tested: {blocked.rung}: {blocked.reason}"
    return f"ladder {result.backend}: the first failing layer is {result.failed_layer or 'none'}"


@click.command("ladder")
@click.option(
    "--backend",
    metavar="NAME",
    help="Which backend's rungs: cpu or a registered backend's name (an unknown name lists"
    " them; default: the one whose devices /dev shows, else cpu).",
)
@click.option("--python", "python", metavar="PATH", help="The interpreter to run rungs in.")
@click.option(
    "--env",
    "env",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="A virtual or conda environment's directory: its bin/python runs the rungs.",
)
@click.option("--level", type=click.Choice(LEVELS), default="quick", show_default=True)
@click.option("--keep-going", is_flag=True, help="Run every rung after a failing layer too.")
@click.option(
    "--list",
    "list_rungs",
    is_flag=True,
    help="Print the backend's rungs, what each requires and how long it takes at each level.",
)
@click.option(
    "--logs",
    "log_dir",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="Where each rung's full output goes (<rung>.log; default: a new directory under the"
    " temporary directory, said in the output).",
)
@JSON
def command(
    *,
    backend: Optional[str],
    python: Optional[str],
    env: Optional[Path],
    level: Level,
    keep_going: bool,
    list_rungs: bool,
    log_dir: Optional[Path],
    as_json: bool,
) -> int:
    """Check a stack layer by layer: device init, operators, communication, memory."""
    chosen = backend or default_backend()
    if chosen not in ladder_backends():
        known = ", ".join(ladder_backends())
        raise click.BadParameter(
            f"no ladder for {chosen!r}; known: {known}", param_hint="--backend"
        )
    if list_rungs:
        return _list(chosen, as_json)
    target = interpreter(python, env)
    picked = python is None and env is None
    logs = _log_dir(log_dir)
    if as_json:
        result = run_ladder(chosen, target, level, keep_going=keep_going, log_dir=logs)
        result = msgspec.structs.replace(result, notes=interpreter_notes(result, picked))
        code = ExitCode.OK if result.ok else ExitCode.PROBLEMS
        write(render_json("ladder", code, result))
        return int(code)
    out = console()
    out.print(Line(f"bringup ladder: backend {chosen}, level {level}, python {target}"))
    out.print(Line(f"logs: {logs}"))
    reporter = EventLadderReporter(reporter_for(), lambda done: print_rung(out, done))
    result = run_ladder(chosen, target, level, reporter, keep_going=keep_going, log_dir=logs)
    out.print(Line(summary(result)))
    for note in interpreter_notes(result, picked):
        out.print(Line(f"note: {note}"))
    return int(ExitCode.OK if result.ok else ExitCode.PROBLEMS)
