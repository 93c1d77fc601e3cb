"""``bringup scan PATH...``: what each repo needs, with file:line and confidence; the steps
found and what they need; the findings (unreadable files, contradictions, unversioned needs).
``--write`` drafts a ``bringup.toml`` in each repo (an existing one is kept unless
``--force``). Exit 0 when the scan ran, 2 for bad input."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import click
import msgspec

from bringup.cli.options import FORMAT
from bringup.errors import ExitCode
from bringup.report.console import print_document, safe
from bringup.report.console import write as write_text
from bringup.report.envelope import render_json
from bringup.report.events import Reporter, Stage
from bringup.report.progress import terminal_progress
from bringup.scan import Stack, scan_stack
from bringup.scan.manifest import MANIFEST_NAME
from bringup.scan.readahead import copies


def _write_manifests(stack: Stack, force: bool) -> list[str]:
    from bringup.atomicwrite import replace_file, user_file_mode
    from bringup.scan.draft import draft_manifest  # only --write drafts (it imports json)
    from bringup.writable import unwritable

    messages: list[str] = []
    for component in stack.components:
        target = Path(component.path) / MANIFEST_NAME
        # a link, dangling or not, is kept too: a repo's bringup.toml -> ~/.bashrc is never
        # written through (with --force the link itself is replaced)
        if (target.exists() or target.is_symlink()) and not force:
            messages.append(f"kept {target} (exists; --force replaces it)")
            continue
        try:
            replace_file(target, draft_manifest(component).encode("utf-8"), user_file_mode())
        except OSError as error:
            raise unwritable(error, target) from None
        messages.append(f"wrote {target}")
    return messages


@click.command("scan")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the stack as JSON.")
@click.option(
    "--details",
    is_flag=True,
    help="List every requirement; without it a long package listing (a conda export) is one line.",
)
@click.option("--write", is_flag=True, help="Draft a bringup.toml in each repo.")
@click.option(
    "--force",
    is_flag=True,
    help="With --write, replace existing bringup.toml files; read PATH even when it is / or "
    "a home directory (refused by default).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Read a big repo's files in N processes (1: this one only); default: the cores "
    "nothing else keeps busy, or BRINGUP_JOBS.",
)
@FORMAT
def command(
    *,
    paths: tuple[str, ...],
    as_json: bool,
    details: bool,
    write: bool,
    force: bool,
    jobs: Optional[int],
    output_format: str,
) -> int:
    """Read repos and say what each needs, with file:line and confidence."""
    forks = None if jobs is None else copies(jobs)
    # ``-v`` says each stage's time, as ``check -v`` does (outsider 24 D11)
    report = Reporter()
    with report.stage(Stage("scan", f"reading {len(paths)} path(s)")):
        stack = scan_stack(paths, force=force, progress=terminal_progress(), forks=forks)
    messages = _write_manifests(stack, force) if write else []
    with report.stage(Stage("report", "writing the report")):
        if as_json:
            for message in messages:
                sys.stderr.write(safe(message) + "\n")
            write_text(render_json("scan", ExitCode.OK, msgspec.to_builtins(stack)))
        else:
            from bringup.report.scan_text import scan_document

            print_document(scan_document(stack, messages, details), output_format)
    return int(ExitCode.OK)
