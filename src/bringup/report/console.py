"""The terminal: the one place (with the CLI) that prints. Rich is imported lazily, only when
something is printed to a terminal, so ``--json`` paths never pay for it."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console


def console(stream: TextIO | None = None) -> Console:
    """A Rich console on ``stream`` (stdout by default); colour only on a terminal, and no
    styling at all (bold, dim, italic included) under ``NO_COLOR``. Everything printed goes
    through ``sanitize.printable``: text from repos and logs cannot drive the terminal."""
    from rich.console import Console

    from bringup.report.sanitize import sanitising_hook

    target = stream if stream is not None else sys.stdout
    plain = bool(os.environ.get("NO_COLOR"))

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            """Rich exits 1 here; the CLI ends quietly with 0 instead (``| head``)."""
            self.quiet = True
            raise BrokenPipeError

    result = _Console(
        file=target,
        highlight=False,
        soft_wrap=True,
        no_color=plain,
        color_system=None if plain else "auto",
    )
    result.push_render_hook(sanitising_hook())
    return result


def write(text: str, stream: TextIO | None = None) -> None:
    """Plain text, as is (used for JSON and other machine-read output)."""
    (stream if stream is not None else sys.stdout).write(text)


def error(message: str, hint: str | None = None) -> None:
    """The single ``ERROR`` line (and ``TIP`` line) of a failed command, on stderr."""
    from bringup.report.sanitize import printable

    sys.stderr.write(f"ERROR: {printable(message)}\n")
    if hint:
        sys.stderr.write(f"TIP: {printable(hint)}\n")
