"""outsider40 D13: ``bringup --help`` imported every command to list them (0.6 s of CPU, against
0.05 s for ``--version``). The list comes from ``SUMMARIES``, each held equal here to the
command's own help, so the page is the one click would write."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click
import pytest

from bringup.cli.main import COMMANDS, SUMMARIES


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_its_commands_own_help(name: str) -> None:
    command: click.Command = importlib.import_module(COMMANDS[name]).command
    for limit in (45, 66, 200, 10_000):
        summary = click.Command(name, help=SUMMARIES[name])
        assert summary.get_short_help_str(limit) == command.get_short_help_str(limit)


def test_the_help_page_imports_no_command() -> None:
    code = (
        "import sys\n"
        "from bringup.cli.app import main\n"
        "main(['--help'])\n"
        "heavy = ('bringup.scan', 'bringup.triage')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert "Commands:" in done.stdout
    assert "explain  Explain a failure LOG" in done.stdout
    assert done.stdout.rstrip().endswith("[]")
