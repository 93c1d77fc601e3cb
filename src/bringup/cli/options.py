"""Options that several commands share, declared once: ``--json``, the knowledge base
(``--kb`` / ``--kb-extra``, with the overlay problems it leaves out said on stderr), a host
snapshot (``--snapshot``: read by ``bringup.inputs.read_snapshot``), the repos to read,
letting the driver change and the package index as a source of versions (``--index``)."""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, TypeVar, cast

import click
from click.core import ParameterSource

if TYPE_CHECKING:
    from bringup.index.releases import IndexSource
    from bringup.kb import KnowledgeBase, Problem

F = TypeVar("F", bound=Callable[..., object])

JSON = click.option("--json", "as_json", is_flag=True, help="Print the JSON envelope.")


class _Directory(click.Path):
    """A directory option; an empty value is refused, as ``Path("")`` is the working
    directory (``--kb "$UNSET"`` would read it as the knowledge base)."""

    def convert(
        self,
        value: str | os.PathLike[str],
        param: Optional[click.Parameter],
        ctx: Optional[click.Context],
    ) -> str | bytes | os.PathLike[str]:
        if value == "":
            from bringup.errors import InputError

            name = param.opts[0] if param is not None and param.opts else "a directory"
            raise InputError(f"{name}: an empty path", hint="give a knowledge-base directory")
        return super().convert(value, param, ctx)


KB_DIR = click.option(
    "--kb",
    "kb_dir",
    type=_Directory(path_type=Path),
    help="Read this directory instead of the built-in knowledge base (as BRINGUP_KB_DIR).",
)
KB_EXTRA = click.option(
    "--kb-extra",
    "extra_dirs",
    multiple=True,
    type=_Directory(path_type=Path),
    help="Overlay this directory on top (repeatable; as BRINGUP_KB_EXTRA_DIR).",
)
SNAPSHOT = click.option(
    "--snapshot",
    "snapshot",
    metavar="FILE|DIR",
    type=click.Path(exists=True, path_type=Path),
    help="Judge against this snapshot (bringup probe --json), recorded host (bringup "
    "probe --record) or pasted report (npu-smi info, an issue's environment section, read "
    "as probe --from reads it) instead of probing this machine.",
)

TARGET = click.option(
    "--target",
    "target",
    metavar="CHIP:COUNT|FILE|DIR",
    help="Design the environments for this host instead of the hardware the repos ask for: "
    "CHIP:COUNT (910B:8), a snapshot (bringup probe --json), a recorded host (bringup probe "
    "--record) or a pasted report (as bringup probe --from reads it).",
)


def load_kb(
    kb_dir: Optional[Path], extra_dirs: tuple[Path, ...] = (), *, quiet: bool = False
) -> KnowledgeBase:
    """The knowledge base the options name; an overlay file left out for a problem is said
    on stderr (unless ``quiet``: a JSON answer carries the problems itself)."""
    from bringup.report.events import reporter_for
    from bringup.workflow import load_kb as load

    return load(kb_dir, extra_dirs, None if quiet else reporter_for())


def warn_overlay_problems(problems: Sequence[Problem]) -> None:
    """One ``WARNING`` line on stderr per overlay problem (file, line, record, field)."""
    from bringup.report.events import reporter_for
    from bringup.workflow import report_overlay_problems

    report_overlay_problems(problems, reporter_for())


PATHS = click.argument("paths", nargs=-1, metavar="[PATH]...")
_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "html"]),
    default="text",
    show_default=True,
    help="Terminal text (plain on a pipe), Markdown to paste into an issue, or an HTML fragment.",
)


def FORMAT(command: F) -> F:
    """``--format``, refused beside ``--json``: both choose what stdout carries, and printing
    the JSON while ignoring ``--format html`` (outsider15 D20) hides that one was dropped. A
    usage error (exit 2) naming both, whichever comes first on the command line."""

    @functools.wraps(command)
    def checked(*args: object, **kwargs: object) -> object:
        context = click.get_current_context()
        given = context.get_parameter_source("output_format") == ParameterSource.COMMANDLINE
        if kwargs.get("as_json") and given:
            raise click.UsageError(
                f"--json and --format {kwargs.get('output_format')} both choose what is "
                "printed: give one of them",
                ctx=context,
            )
        return command(*args, **kwargs)

    return _FORMAT(cast(F, checked))


FORCE = click.option(
    "--force",
    is_flag=True,
    help="Read PATH even when it is / or a home directory (refused by default).",
)
DRIVER = click.option(
    "--allow-driver-change",
    is_flag=True,
    help="Let the solver pick the driver too (one for the whole machine), as an upgrade would.",
)
INDEX = click.option(
    "--index",
    "index_url",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[URL]",
    help="Also take package versions from this index's release lists (--index=URL; --index "
    "alone: the one `up` installs from: $UV_DEFAULT_INDEX, $UV_INDEX_URL, $PIP_INDEX_URL, "
    "pip.conf's index-url or https://pypi.org/simple). Off by default: nothing else goes to "
    "the network.",
)


def stack_options(command: F) -> F:
    """What ``check`` and ``solve`` read a stack with, in this order in ``--help``: the
    paths, ``--json``, the host (``--snapshot``, ``--target``), the knowledge base, the
    driver, the package index and ``--force``."""
    for option in reversed((PATHS, JSON, SNAPSHOT, TARGET, KB_DIR, KB_EXTRA, DRIVER, INDEX, FORCE)):
        command = option(command)
    return command


def index_source(given: Optional[str]) -> Optional[IndexSource]:
    """The index ``--index`` names, read over HTTP with bringup's cache; None without it.
    A value that is not an http(s) URL (``--index PATH``) is an ``InputError``."""
    if given is None:
        return None
    from bringup import cache
    from bringup.index.http import fetch_page
    from bringup.index.releases import IndexSource, index_url
    from bringup.run.indexes import read_index_settings

    chosen = index_url(given, read_index_settings().index_url)
    return IndexSource(chosen, fetch_page, cache.directory())


MAX_SECONDS = 30 * 24 * 3600.0
"""The longest time limit an option takes (30 days): past ~9e9 s the thread and process waits
refuse the number (``--budget inf`` was an ``OverflowError``, exit 3)."""


def seconds(least: float) -> click.FloatRange:
    """A time limit from ``least`` to ``MAX_SECONDS`` seconds; give the option
    ``callback=finite`` too."""
    return click.FloatRange(min=least, max=MAX_SECONDS)


def finite(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """Refuses ``nan``: it passes every comparison a range makes, and as a deadline it never
    comes (a step would run with no time limit, its output polled without a pause)."""
    if math.isnan(value):
        raise click.BadParameter(f"{value} is not a number of seconds", ctx, param)
    return value
