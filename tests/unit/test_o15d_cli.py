"""outsider15 D20(b, c): the command line says what it does.

- (b) ``check --json --format html`` printed JSON and dropped ``--format`` in silence: every
  command that takes both refuses them together (exit 2, both named), whichever comes first.
- (c) README's ``up`` row lacked ``--index``, ``--kb``, ``--kb-extra``,
  ``--allow-driver-change``, which ``up --help`` lists: every command's row in the README's
  table names each option its ``--help`` lists, and no option it does not take."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from bringup.cli.app import main
from bringup.cli.main import COMMANDS

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands() -> Iterator[tuple[str, click.Command]]:
    for name, module in COMMANDS.items():
        command = importlib.import_module(module).command
        if isinstance(command, click.Group):
            for sub, inner in command.commands.items():
                yield f"{name} {sub}", inner
        else:
            yield name, command


def _options(command: click.Command) -> list[click.Option]:
    return [
        p
        for p in command.params
        if isinstance(p, click.Option) and not p.hidden and p.name != "help"
    ]


def _readme_rows() -> dict[str, set[str]]:
    """Each command's options as the README's table writes them (its first cell's spans)."""
    rows: dict[str, set[str]] = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `bringup "):
            continue
        for span in re.findall(r"`(bringup [^`]*)`", line.split(" | ")[0]):
            words = span.split()
            name = " ".join(words[1:3]) if words[1] in ("kb", "env") else words[1]
            rows.setdefault(name, set()).update(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", span))
    return rows


@pytest.mark.parametrize("name", [name for name, _ in _commands()])
def test_the_readme_row_names_every_option_of_the_help(name: str) -> None:
    command = dict(_commands())[name]
    written = _readme_rows().get(name)
    assert written is not None, f"README has no row for `bringup {name}`"
    options = _options(command)
    missing = [o.opts[0] for o in options if not set(o.opts + o.secondary_opts) & written]
    spellings = {s for o in options for s in o.opts + o.secondary_opts}
    assert missing == [], f"`bringup {name} --help` lists {missing}; its README row does not"
    assert written - spellings == set(), f"README's `bringup {name}` row: not an option"


def _with_format() -> list[str]:
    return [
        name
        for name, command in _commands()
        if {"--json", "--format"} <= {s for o in _options(command) for s in o.opts}
    ]


def test_every_command_with_both_options_is_checked() -> None:
    assert {"check", "solve", "scan", "probe", "up", "history", "diff", "explain"} <= set(
        _with_format()
    )


_ARGUMENTS = {"kb why": ["torch==2.1.0"], "explain": ["-"], "scan": ["."]}
"""What a command needs before it reads its options (a missing argument is its own error)."""


@pytest.mark.parametrize("order", ["json-first", "format-first"])
@pytest.mark.parametrize("name", _with_format())
def test_json_with_format_is_a_usage_error(
    name: str, order: str, capsys: pytest.CaptureFixture[str]
) -> None:
    given = ["--json", "--format", "html"]
    if order == "format-first":
        given = given[1:] + given[:1]
    code = main([*name.split(), *_ARGUMENTS.get(name, []), *given])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    error = json.loads(out)["error"]
    assert error["kind"] == "usage"
    assert error["message"].startswith("--json and --format html both choose")
    assert "ERROR: --json and --format html" in err


def test_format_alone_still_prints_its_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "--state", str(tmp_path), "--format", "html"]) == 0
    assert capsys.readouterr().out.lstrip().startswith("<")
