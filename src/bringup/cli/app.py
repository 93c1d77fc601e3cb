"""The command group and the one place a command's errors become messages and exit codes
(``bringup.errors.ExitCode``); ``bringup.cli.main`` runs it once signals are set."""

from __future__ import annotations

import atexit
import codecs
import importlib
import os
import sys
import threading
import traceback
from collections.abc import Sequence
from typing import NoReturn, Optional

import click

from bringup import __version__
from bringup.cli.debug import debug_lines
from bringup.cli.main import COMMANDS, SUMMARIES, command_name, split_verbose, wants_json
from bringup.cli.signals import command_signals
from bringup.errors import ExitCode, InputError, StackError, Terminated
from bringup.report.console import error


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> Optional[click.Command]:
        module_name = COMMANDS.get(cmd_name)
        if module_name is None:
            return None
        command: click.Command = importlib.import_module(module_name).command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list as click writes it, from ``SUMMARIES``: no command imported."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [
            (name, click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit))
            for name in self.list_commands(ctx)
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as closed:
            raise PipeClosed from closed


class PipeClosed(Exception):
    """stdout's reader went away (``| head``). Not an ``OSError``, so click does not turn it
    into exit 1 on its way to ``main``, which ends quietly with 0."""


_FILES = """\b
Files:
  cache   compiled data every command reuses (knowledge base, failure
          signatures, regular expressions, --index answers; each kind's newest
          files kept, about 15 MB, safe to delete):
          $BRINGUP_CACHE_DIR, else $XDG_CACHE_HOME/bringup, else
          ~/.cache/bringup; --state does not move it
  state   up's history, logs and environments: --state, $BRINGUP_STATE_DIR,
          else $XDG_STATE_HOME/bringup"""


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_FILES)
@click.version_option(__version__, prog_name="bringup")
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Debug lines on stderr, and the traceback of any error (as BRINGUP_DEBUG=1). "
    "Accepted before or after the command.",
)
def cli(verbose: bool) -> None:
    """Bring up an accelerator software stack: what each repo needs, whether this machine
    can run it, and in what order."""


class _Failure:
    """One failed command, said once: an ``ERROR`` line (with ``TIP``) on stderr, and under
    ``--json`` the envelope with ``error`` set, alone on stdout."""

    def __init__(self, args: Sequence[str], verbose: bool) -> None:
        self.args = args
        self.verbose = verbose
        self.as_json = wants_json(args)

    def report(
        self,
        code: ExitCode,
        kind: str,
        message: str,
        failure: object = None,
        hint: Optional[str] = None,
    ) -> int:
        from bringup.report.envelope import ErrorReport, Problem, render_json

        hint = hint or getattr(failure, "hint", None)
        error(message if not isinstance(failure, StackError) else str(failure), hint)
        if self.as_json:
            located = failure if isinstance(failure, InputError) else None
            report = ErrorReport(
                kind=kind,
                message=getattr(failure, "message", message),
                file=located.path if located else None,
                line=located.line if located else None,
                column=located.column if located else None,
                hint=hint,
                # ``or ()``: an empty tuple built from a generator is not the () singleton on
                # Python 3.9, and msgspec < 0.23 omits a default only when it is the same object
                problems=tuple(
                    Problem(message=p.message, file=p.path, line=p.line, column=p.column)
                    for p in getattr(failure, "problems", ())
                )
                or (),
            )
            try:
                sys.stdout.write(render_json(command_name(self.args), code, None, report))
                sys.stdout.flush()
            except BrokenPipeError:
                _quiet_stdout()
        return int(code)


def _usage_hint(usage: click.ClickException) -> str:
    """Where the right spelling is: an option that does not exist (``up --dry-run``) is
    answered with the options that do."""
    context = getattr(usage, "ctx", None)
    command = context.command_path if context is not None else "bringup"
    if isinstance(usage, click.NoSuchOption) and context is not None:
        names = [
            name
            for param in context.command.params
            if isinstance(param, click.Option) and not param.hidden
            for name in param.opts
            if name.startswith("--")
        ]
        if names:
            return f"`{command}` takes {', '.join(names)}; `{command} --help` says what each does"
    return f"`{command} --help` shows the arguments and options"


def _quiet_stdout() -> None:
    """Point stdout at /dev/null: its reader is gone (``| head``), and the flush at exit
    would otherwise print "Exception ignored ... BrokenPipeError"."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _stdout_is_data(args: Sequence[str], as_json: bool) -> bool:
    """Whether stdout carries data a program reads (``--json``; ``env print``, which a shell
    evaluates), so that it must be written exactly, not escaped for a terminal."""
    words = [
        a for a in args[: args.index("--") if "--" in args else len(args)] if not a.startswith("-")
    ]
    return as_json or words[:2] == ["env", "print"]


def _encodable_streams(stdout_is_data: bool) -> None:
    """stdout and stderr that cannot fail to encode: where they are not UTF-8 (a Latin-1
    locale, ``PYTHONIOENCODING=ascii``), a character they cannot hold (an em-dash in a cause,
    a Chinese log line) is written escaped instead of raising ``UnicodeEncodeError``. A stdout
    of data (``--json``, ``env print``) is UTF-8 instead, as JSON is: an escaped path in an
    activation script would send the shell to another path with exit 0."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if reconfigure is None or codecs.lookup(encoding).name == "utf-8":
            continue
        if stdout_is_data and stream is sys.stdout:
            reconfigure(encoding="utf-8")
        else:
            reconfigure(errors="backslashreplace")


def _interrupt_within(error: BaseException) -> Optional[KeyboardInterrupt]:
    """The Ctrl-C or SIGTERM an error was raised from, if any: code that wraps what it catches
    turns the interrupt into another error (Python 3.9-3.11's ``type.__new__`` wraps what a
    class attribute's ``__set_name__`` raises in ``RuntimeError('Error calling __set_name__
    ...')``: a Ctrl-C during ``import packaging.markers``, CI of 87a8243d). Followed through
    ``__cause__`` and ``__context__``, each exception once."""
    seen: set[int] = set()
    current: Optional[BaseException] = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _stopped(failed: _Failure, stopped: BaseException) -> int:
    """Report a Ctrl-C (130) or a SIGTERM (143), however wrapped."""
    if isinstance(stopped, Terminated) or isinstance(stopped.__cause__, Terminated):
        return failed.report(ExitCode.TERMINATED, "interrupted", "terminated (SIGTERM)")
    return failed.report(ExitCode.INTERRUPTED, "interrupted", "interrupted")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run one command and return its exit code; the single place errors are turned into
    messages (one ``ERROR`` line, an optional ``TIP``, the envelope under ``--json``, a
    traceback only with ``-v``)."""
    args, verbose = split_verbose(list(sys.argv[1:] if argv is None else argv))
    failed = _Failure(args, verbose)
    _encodable_streams(_stdout_is_data(args, failed.as_json))
    with debug_lines(verbose):
        try:
            with command_signals():
                result = cli.main(args=args, prog_name="bringup", standalone_mode=False)
                sys.stdout.flush()
        except click.exceptions.Exit as done:
            return int(done.exit_code)
        except click.ClickException as usage:
            return failed.report(
                ExitCode.BAD_INPUT, "usage", usage.format_message(), usage, hint=_usage_hint(usage)
            )
        except (click.Abort, KeyboardInterrupt) as stopped:
            return _stopped(failed, stopped)
        except (BrokenPipeError, PipeClosed):
            _quiet_stdout()
            return int(ExitCode.OK)
        except StackError as failure:
            if verbose:
                traceback.print_exc()
            kind = "input" if failure.exit_code == ExitCode.BAD_INPUT else "failure"
            return failed.report(failure.exit_code, kind, str(failure), failure)
        except Exception as bug:
            stop = _interrupt_within(bug)
            if stop is not None:
                return _stopped(failed, stop)
            traceback.print_exc()
            failed.report(ExitCode.INTERNAL, "internal", f"this is a bug in bringup: {bug!r}")
            sys.stderr.write(
                "TIP: please report it with the traceback above and `bringup --version`\n"
            )
            return int(ExitCode.INTERNAL)
    return int(result) if isinstance(result, int) else int(ExitCode.OK)


def end(code: int) -> NoReturn:
    """Exit with ``code``, skipping the interpreter's teardown when that is safe: freeing
    every object of the ~500 modules a command imports costs ~40 ms, a tenth of a
    ``bringup check``, and the operating system reclaims the memory anyway. Safe means
    nothing else is running (the main thread alone: a thread still at work would be cut
    off) and stdout and stderr flushed; the ``atexit`` handlers run as at a normal exit.
    Every file bringup writes is closed where it is written, so no buffer is lost. A stopped
    command (130, 143) never waits on other threads: one may be waiting for an import lock
    the interrupted main thread still holds, and the wait would never end."""
    if threading.active_count() != 1 and code not in (ExitCode.INTERRUPTED, ExitCode.TERMINATED):
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: the normal exit reports it
        sys.exit(code)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)
