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

from bringup.cli.options import JSON
from bringup.cli.up import STATE
from bringup.errors import ExitCode, InputError

if TYPE_CHECKING:
    from bringup.run.history import EnvironmentRow


def find_environment(name: str, state: Optional[Path]) -> EnvironmentRow:
    """The environment NAME names, newest first; an unknown one is bad input."""
    from bringup.run.history import History
    from bringup.run.state import StateLayout, state_dir

    layout = StateLayout(state_dir(state))
    if not layout.recorded():
        raise InputError("no environments yet", path=str(layout.root), hint="run `bringup up`")
    with History(layout.database, read_only=True) as history:
        rows = history.environments()
    wanted = name.removeprefix("env-")
    matches = [r for r in rows if str(r.index) == wanted or name in r.components]
    if not matches:
        known = ", ".join(_label(r) for r in rows) or "none"
        raise InputError(f"no environment {name!r}; known: {known}")
    if len(matches) > 1:
        # several stacks each have an env-1: the newest is taken, and said (outsider14 D17)
        others = ", ".join(_label(r) for r in matches[1:])
        sys.stderr.write(
            f"note: {name!r} names {len(matches)} environments; taking the newest, "
            f"{_label(matches[0])}; also {others}: name a repo to take another\n"
        )
    return matches[0]


def _label(row: EnvironmentRow) -> str:
    return f"env-{row.index} ({', '.join(row.components)})"


@click.group("env")
def command() -> None:
    """The environments `bringup up` made."""


@command.command("print")
@click.argument("name")
@STATE
@JSON
def print_env(name: str, state: Optional[Path], as_json: bool) -> int:
    """Print NAME's activation file (`eval "$(bringup env print NAME)"`); --json: the
    environment and its activation as data."""
    from bringup.run.activatefile import ACTIVATE_FILE, read_made

    row = find_environment(name, state)
    path = Path(row.path)
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("env print", ExitCode.OK, _described(row)))
        return 0
    text = read_made(path, ACTIVATE_FILE).decode("utf-8", errors="replace")
    sys.stdout.write(text)
    return 0


def _described(row: EnvironmentRow) -> dict[str, object]:
    """What a script needs of an environment without sourcing shell: its place, Python and
    repos, the activation file, and the variables the activation sets and prepends to (the
    environment's own ``VIRTUAL_ENV`` and ``bin`` included, as the file has them)."""
    from bringup.run.activatefile import ACTIVATE_FILE, read_activation

    path = Path(row.path)
    activation = read_activation(path)
    return {
        "index": row.index,
        "path": row.path,
        "python": row.python,
        "repos": list(row.components),
        "activate_file": str(path / ACTIVATE_FILE),
        "set": {"VIRTUAL_ENV": row.path, **activation.set},
        "prepend": {
            "PATH": [str(path / "bin"), *activation.prepend.get("PATH", ())],
            **{k: list(v) for k, v in activation.prepend.items() if k != "PATH"},
        },
    }


@command.command("shell")
@click.argument("name")
@STATE
def shell(name: str, state: Optional[Path]) -> int:
    """Start $SHELL in NAME, its toolkit activated; exit the shell to leave it."""
    from bringup.run.activatefile import activated

    row = find_environment(name, state)
    env = activated(Path(row.path), os.environ)
    program = os.environ.get("SHELL") or "/bin/sh"
    sys.stderr.write(
        f"entering environment {row.index} ({', '.join(row.components)}); exit to leave\n"
    )
    sys.stderr.flush()
    os.execvpe(program, [program], env)  # noqa: S606 (the user's own shell, an argv)
