"""``bringup env shell NAME`` / ``bringup env print NAME``: step into an environment that ``bringup
up`` made, with its toolkit activated (its backend's variables as plain values, toolkit homes,
device visibility), or print its activation file to source. NAME is an environment number (``1``,
``env-1``) or a repo it holds; the newest stack's environments come first."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click

from bringup.cli.up import STATE
from bringup.errors import InputError

if TYPE_CHECKING:
    from bringup.run.history import EnvironmentRow


def find_environment(name: str, state: Optional[Path]) -> EnvironmentRow:
    """The environment NAME names, newest first; an unknown one is bad input."""
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.database.is_file():
        raise InputError("no environments yet", path=str(layout.root), hint="run `bringup up`")
    with History(layout.database) as history:
        rows = history.environments()
    wanted = name.removeprefix("env-")
    for row in rows:
        if str(row.index) == wanted or name in row.components:
            return row
    known = ", ".join(f"env-{r.index} ({', '.join(r.components)})" for r in rows) or "none"
    raise InputError(f"no environment {name!r}; known: {known}")


@click.group("env")
def command() -> None:
    """The environments `bringup up` made."""


@command.command("print")
@click.argument("name")
@STATE
def print_env(name: str, state: Optional[Path]) -> int:
    """Print NAME's activation file (`eval "$(bringup env print NAME)"`)."""
    from bringup.run.environments import ACTIVATE_FILE, read_made

    row = find_environment(name, state)
    text = read_made(Path(row.path), ACTIVATE_FILE).decode("utf-8", errors="replace")
    sys.stdout.write(text)
    return 0


@command.command("shell")
@click.argument("name")
@STATE
def shell(name: str, state: Optional[Path]) -> int:
    """Start $SHELL in NAME, its toolkit activated; exit the shell to leave it."""
    from bringup.run.environments import activated

    row = find_environment(name, state)
    env = activated(Path(row.path), os.environ)
    program = os.environ.get("SHELL") or "/bin/sh"
    sys.stderr.write(
        f"entering environment {row.index} ({', '.join(row.components)}); exit to leave\n"
    )
    sys.stderr.flush()
    os.execvpe(program, [program], env)  # noqa: S606 (the user's own shell, an argv)
