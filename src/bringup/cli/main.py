"""``bringup``: the entry point. Commands live one per module and are imported only when
invoked, so ``bringup probe --json`` never pays for the solver or Rich.

Exit codes are ``bringup.errors.ExitCode``: 0 ok, 1 problems found, 2 bad input, 3 a bug in
bringup, 130 interrupted.
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Optional

import click

from bringup import __version__
from bringup.errors import ExitCode, StackError
from bringup.report.console import error

COMMANDS: dict[str, str] = {
    "check": "bringup.cli.check",
    "explain": "bringup.cli.explain",
    "kb": "bringup.cli.kb",
    "probe": "bringup.cli.probe",
    "scan": "bringup.cli.scan",
    "solve": "bringup.cli.solve",
}
"""Command name -> module defining ``command`` (a ``click.Command``)."""


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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bringup")
def cli() -> None:
    """Bring up an accelerator software stack: what each repo needs, whether this machine
    can run it, and in what order."""


def _verbose(argv: Sequence[str]) -> bool:
    return any(a in ("-v", "--verbose") or a.startswith("-vv") for a in argv) or bool(
        os.environ.get("BRINGUP_DEBUG")
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run one command and return its exit code; the single place errors are turned into
    messages (one ``ERROR`` line, an optional ``TIP``, a traceback only with ``-v``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result = cli.main(args=args, prog_name="bringup", standalone_mode=False)
    except click.exceptions.Exit as done:
        return int(done.exit_code)
    except click.ClickException as usage:
        usage.show()
        return int(ExitCode.BAD_INPUT)
    except (click.Abort, KeyboardInterrupt):
        sys.stderr.write("interrupted\n")
        return int(ExitCode.INTERRUPTED)
    except StackError as failure:
        error(str(failure), failure.hint)
        if _verbose(args):
            traceback.print_exc()
        return int(failure.exit_code)
    except Exception:
        traceback.print_exc()
        error(
            "this is a bug in bringup",
            "please report it with the traceback above and `bringup --version`",
        )
        return int(ExitCode.INTERNAL)
    return int(result) if isinstance(result, int) else int(ExitCode.OK)


def entry() -> None:
    """Console-script entry point."""
    sys.exit(main())
