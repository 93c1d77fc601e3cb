"""``bringup``: the entry point. Commands live one per module and are imported only when
invoked, so ``bringup probe --json`` never pays for the solver or Rich.

Exit codes are ``bringup.errors.ExitCode``: 0 ok, 1 problems found, 2 bad input, 3 a bug in
bringup, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).

This module imports only what Python has loaded at start-up: ``entry`` sets how
a signal ends bringup before anything else is imported (click, the command's modules), so a
Ctrl-C at any moment ends it with its exit code and one line, never a traceback from inside an
import, nor a wait on a thread stuck on the import lock an interrupted import left held.
"""

from __future__ import annotations

# the C module under ``signal``, loaded with the interpreter: ``signal`` imports ``enum`` first,
# a window of tens of milliseconds in which a Ctrl-C is still a traceback
import _signal  # type: ignore[import-not-found]
import gc
import os
import sys

from bringup import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import FrameType
    from typing import Optional

COMMANDS: dict[str, str] = {
    "check": "bringup.cli.check",
    "diff": "bringup.cli.diff",
    "env": "bringup.cli.env",
    "explain": "bringup.cli.explain",
    "history": "bringup.cli.history",
    "kb": "bringup.cli.kb",
    "ladder": "bringup.cli.ladder",
    "probe": "bringup.cli.probe",
    "scan": "bringup.cli.scan",
    "solve": "bringup.cli.solve",
    "up": "bringup.cli.up",
}
"""Command name -> module defining ``command`` (a ``click.Command``)."""

SUMMARIES: dict[str, str] = {
    "check": "Can this machine run these repos? The environments designed for the target "
    "(--target; default: the hardware the repos ask for), one verdict per repo here, the "
    "pins, the steps here and the next actions: a screenful, the rest under --details.",
    "diff": "What changed between A and B: packages, versions, variables, driver and firmware, "
    "toolkits, devices, step outcomes.",
    "env": "The environments `bringup up` made.",
    "explain": "Explain a failure LOG (a file, or - for stdin): likely causes, fixes and sources.",
    "history": "List the runs of `bringup up`, or the steps of run RUN_ID.",
    "kb": "The knowledge base: sourced compatibility tables (toolkits, drivers, frameworks, "
    "compilers...).",
    "ladder": "Check a stack layer by layer: device init, operators, communication, memory.",
    "probe": "Show what this machine has: OS, CPU, compilers, Pythons and packages, and each "
    "accelerator backend's toolkits, driver, firmware and devices, each with its source.",
    "scan": "Read repos and say what each needs, with file:line and confidence.",
    "solve": "Environments, pins and minimal conflicts for the repos at PATH (default: .), on "
    "this machine or, with --target, designed for that host with every repo taking part.",
    "up": "Bring the stack up here: environments, builds and tests in bring-up order, logs and "
    "history.",
}
"""Each command's summary, its help's first sentences, for ``bringup --help`` to list the
commands without importing them: importing all eleven cost 0.6 s of CPU for a help page
(outsider40 D13; ``--version`` takes 0.05 s). A test holds each equal to its command's own."""

_VERBOSE = ("-v", "--verbose")


def split_verbose(argv: Sequence[str]) -> tuple[list[str], bool]:
    """``argv`` without ``-v``/``--verbose`` (taken wherever they stand before a ``--``, so
    ``bringup check -v`` works as ``bringup -v check``), and whether debug output is on."""
    args: list[str] = []
    verbose = bool(os.environ.get("BRINGUP_DEBUG"))
    for index, arg in enumerate(argv):
        if arg == "--":
            args.extend(argv[index:])
            break
        if arg in _VERBOSE:
            verbose = True
        else:
            args.append(arg)
    return args, verbose


def command_name(args: Sequence[str]) -> str:
    """The command the arguments name (``kb why`` for a group), for the JSON envelope."""
    words = [a for a in args if not a.startswith("-")]
    if not words or words[0] not in COMMANDS:
        return ""
    if words[0] in ("kb", "env") and len(words) > 1:
        return f"{words[0]} {words[1]}"
    return words[0]


def wants_json(args: Sequence[str]) -> bool:
    """Whether ``--json`` stands among the options (before any ``--``)."""
    return "--json" in args[: args.index("--") if "--" in args else len(args)]


_STOPS = {_signal.SIGINT: (130, "interrupted"), _signal.SIGTERM: (143, "terminated (SIGTERM)")}
"""Signal -> exit code (``ExitCode.INTERRUPTED``/``TERMINATED``) and message, as ``main`` says
them for a command it stops."""


def stop_at_once(command: str, as_json: bool) -> None:
    """From now on SIGINT and SIGTERM write the ``ERROR`` line (under ``--json`` first the
    envelope, written out here: nothing may be imported while an import may be half done) and
    end the process with 130 or 143, whatever it was doing. ``main`` replaces this while the
    command runs, where Ctrl-C and SIGTERM stop it the way the command needs."""

    def stop(signum: int, frame: Optional[FrameType]) -> None:
        code, message = _STOPS[signum]
        if as_json:
            _write(
                1,
                f'{{\n  "schema": "bringup/1",\n  "command": "{command}",\n'
                f'  "bringup_version": "{__version__}",\n  "exit_code": {code},\n'
                f'  "data": null,\n  "error": {{\n    "kind": "interrupted",\n'
                f'    "message": "{message}",\n    "file": null,\n    "line": null,\n'
                f'    "column": null,\n    "hint": null\n  }}\n}}\n',
            )
        # on a terminal, a blank line first closes its "^C" echo, as click does
        _write(2, f"{chr(10) if os.isatty(2) else ''}ERROR: {message}\n")
        os._exit(code)

    for signum in _STOPS:
        _signal.signal(signum, stop)


def _write(fd: int, text: str) -> None:
    """Write ``text`` to ``fd`` unbuffered; a closed stream is no reason not to exit."""
    try:
        os.write(fd, text.encode("utf-8"))
    except OSError:
        return


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run one command and return its exit code (``bringup.cli.app.main``)."""
    from bringup.cli.app import main as run

    return run(argv)


def entry() -> None:
    """Console-script entry point: signals end bringup at once until the command runs (where
    Ctrl-C stops it the way the command needs), then the command, then the quick exit. The
    cycle collector runs after 200,000 new objects rather than 700 (mypy's setting): a command
    builds a few hundred thousand objects that live until it ends (imported modules, the
    knowledge base, the parsed repos), and re-examining them every 700 allocations was ~1.5%
    of a ``bringup check``; cycles are still freed."""
    args, _ = split_verbose(sys.argv[1:])
    stop_at_once(command_name(args), wants_json(args))
    gc.set_threshold(200_000, 30, 30)
    from bringup.cli.app import end
    from bringup.cli.app import main as run

    end(run())
