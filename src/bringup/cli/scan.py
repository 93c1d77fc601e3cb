"""``bringup scan PATH...``: what each repo needs, with file:line and confidence; the steps
found and what they need; the findings (unreadable files, contradictions, unversioned needs).
``--write`` drafts a ``bringup.toml`` in each repo (an existing one is kept unless
``--force``). Exit 0 when the scan ran, 2 for bad input."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
import msgspec

from bringup.errors import ExitCode
from bringup.model import Component, Step
from bringup.report.console import console
from bringup.report.console import write as write_text
from bringup.report.envelope import render_json
from bringup.scan import Stack, scan_stack
from bringup.scan.draft import draft_manifest
from bringup.scan.manifest import MANIFEST_NAME

if TYPE_CHECKING:
    from rich.table import Table


def describe_needs(step: Step) -> str:
    """What a step needs, in words: nothing, the toolkit, or devices (chips in brackets),
    with "+ network" when it downloads."""
    needs = step.needs
    if needs.devices:
        text = f"{needs.devices} {needs.device_kind or 'device'}"
        if needs.chips:
            text += " [" + ",".join(needs.chips) + "]"
    elif needs.toolkit:
        text = f"toolkit ({needs.device_kind})" if needs.device_kind else "toolkit"
    else:
        text = "nothing"
    return text + (" + network" if needs.network else "")


def _write_manifests(stack: Stack, force: bool) -> list[str]:
    messages: list[str] = []
    for component in stack.components:
        target = Path(component.path) / MANIFEST_NAME
        if target.exists() and not force:
            messages.append(f"kept {target} (exists; --force replaces it)")
            continue
        target.write_text(draft_manifest(component), encoding="utf-8")
        messages.append(f"wrote {target}")
    return messages


def _short(source: object, component: Component) -> str:
    """A citation relative to the repo, which the heading names."""
    text = str(source)
    prefix = component.path.rstrip("/") + "/"
    return text[len(prefix) :] if text.startswith(prefix) else text


def _table(titles: tuple[str, ...], rows: Sequence[Sequence[str]], width: int) -> Table:
    """Every column but the last as wide as its widest cell (up to 40); the last one,
    free text, gets what is left of ``width`` and is cut with an ellipsis."""
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False)
    used = 0
    for index, title in enumerate(titles[:-1]):
        column = min(40, max([cell_len(title), *(cell_len(row[index]) for row in rows)]))
        used += column + 2
        table.add_column(title, no_wrap=True, width=column, overflow="ellipsis")
    table.add_column(titles[-1], no_wrap=True, overflow="ellipsis", max_width=max(10, width - used))
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    return table


def _render(stack: Stack, messages: list[str]) -> None:
    from rich.text import Text

    out = console()
    for component in stack.components:
        depends = (
            f" -> depends on {', '.join(component.depends_on)}" if component.depends_on else ""
        )
        heading = Text(f"{component.name}", style="bold")
        heading.append(f" ({component.role}) {component.path}{depends}", style="")
        out.print(heading)
        rows = [
            (
                requirement.subject,
                requirement.spec or "(unversioned)",
                "yes" if requirement.hard else "soft",
                requirement.confidence,
                _short(requirement.source, component),
                (requirement.text or "").replace("\n", " "),
            )
            for requirement in component.requirements
        ]
        titles = ("subject", "spec", "hard", "conf", "source", "as written")
        out.print(_table(titles, rows, out.width))
        if component.steps:
            step_rows = [
                (
                    step.kind,
                    describe_needs(step),
                    step.cwd,
                    _short(step.source, component),
                    " ".join(step.argv),
                )
                for step in component.steps
            ]
            out.print(_table(("kind", "needs", "cwd", "source", "step"), step_rows, out.width))
        for finding in (f for f in stack.findings if f.component == component.name):
            line = Text(f"  {finding.kind}: ", style="yellow")
            line.append(finding.message)
            where = ", ".join(_short(source, component) for source in finding.sources)
            line.append(f"  [{where}]", style="dim")
            out.print(line)
        out.print()
    for message in messages:
        out.print(Text(message))
    requirements = sum(len(c.requirements) for c in stack.components)
    steps_count = sum(len(c.steps) for c in stack.components)
    out.print(
        Text(
            f"{len(stack.components)} repos, {requirements} requirements, {steps_count} steps, "
            f"{len(stack.findings)} findings; {stack.files_read} files read of {stack.files_seen}"
        )
    )


@click.command("scan")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the stack as JSON.")
@click.option("--write", is_flag=True, help="Draft a bringup.toml in each repo.")
@click.option("--force", is_flag=True, help="With --write, replace existing bringup.toml files.")
def command(paths: tuple[str, ...], as_json: bool, write: bool, force: bool) -> int:
    """Read repos and say what each needs, with file:line and confidence."""
    stack = scan_stack(paths)
    messages = _write_manifests(stack, force) if write else []
    if as_json:
        for message in messages:
            sys.stderr.write(message + "\n")
        write_text(render_json("scan", ExitCode.OK, msgspec.to_builtins(stack)))
    else:
        _render(stack, messages)
    return int(ExitCode.OK)
