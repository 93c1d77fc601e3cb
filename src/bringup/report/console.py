"""The terminal: the one place (with the CLI) that prints. Rich is imported lazily, only when
something is printed to a terminal, so ``--json`` paths never pay for it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console


def console(stream: TextIO | None = None) -> Console:
    """A Rich console on ``stream`` (stdout by default); colour only on a terminal."""
    from rich.console import Console

    target = stream if stream is not None else sys.stdout
    return Console(file=target, highlight=False, soft_wrap=True)


def write(text: str, stream: TextIO | None = None) -> None:
    """Plain text, as is (used for JSON and other machine-read output)."""
    (stream if stream is not None else sys.stdout).write(text)


def error(message: str, hint: str | None = None) -> None:
    """The single ``ERROR`` line (and ``TIP`` line) of a failed command, on stderr."""
    sys.stderr.write(f"ERROR: {message}\n")
    if hint:
        sys.stderr.write(f"TIP: {hint}\n")
