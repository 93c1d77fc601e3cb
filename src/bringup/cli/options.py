"""Options and inputs that several commands share, declared once: ``--json``, the knowledge
base (``--kb`` / ``--kb-extra``, with the overlay problems it leaves out said on stderr) and
a host snapshot (``--snapshot``: the JSON of ``bringup probe --json``, bare or in its
envelope, or a recorded host directory)."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Optional

import click
import msgspec

from bringup.errors import InputError

if TYPE_CHECKING:
    from bringup.kb import KnowledgeBase, Problem
    from bringup.model import Snapshot

JSON = click.option("--json", "as_json", is_flag=True, help="Print the JSON envelope.")
KB_DIR = click.option(
    "--kb",
    "kb_dir",
    type=click.Path(path_type=Path),
    help="Read this directory instead of the built-in knowledge base (as BRINGUP_KB_DIR).",
)
KB_EXTRA = click.option(
    "--kb-extra",
    "extra_dirs",
    multiple=True,
    type=click.Path(path_type=Path),
    help="Overlay this directory on top (repeatable; as BRINGUP_KB_EXTRA_DIR).",
)
SNAPSHOT = click.option(
    "--snapshot",
    "snapshot",
    metavar="FILE|DIR",
    type=click.Path(exists=True, path_type=Path),
    help="Judge against this snapshot (bringup probe --json) or recorded host (bringup "
    "probe --record) instead of probing this machine.",
)


def load_kb(
    kb_dir: Optional[Path], extra_dirs: tuple[Path, ...] = (), *, quiet: bool = False
) -> KnowledgeBase:
    """The knowledge base the options name; an overlay file left out for a problem is said
    on stderr (unless ``quiet``: a JSON answer carries the problems itself)."""
    from bringup.kb import load_knowledge_base

    kb = load_knowledge_base(kb_dir=kb_dir, extra_dirs=extra_dirs)
    if not quiet:
        warn_overlay_problems(kb.problems)
    return kb


def warn_overlay_problems(problems: Sequence[Problem]) -> None:
    """One ``WARNING`` line on stderr per overlay problem (file, line, record, field)."""
    from bringup.report.kb_text import render_problems
    from bringup.report.sanitize import printable

    for line in render_problems(problems):
        sys.stderr.write(f"WARNING: knowledge-base overlay left out: {printable(line)}\n")


MAX_INPUT_BYTES = 64 << 20
"""A snapshot or a pasted report is a few MiB at most; anything larger (``/dev/zero``, a whole
log) is not one, and reading it whole could exhaust memory."""


def open_input(name: str, what: str = "") -> BinaryIO:
    """A file the user named, opened for reading without ever blocking on the open: a
    device (``/dev/zero``, a disk) is refused, a FIFO or socket with no writer reads as
    empty instead of waiting forever; ``<(cmd)``, a pipe with a writer, still streams."""
    try:
        mode = os.stat(name).st_mode
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            raise InputError("a device, not a file", path=name)
        if stat.S_ISDIR(mode):
            raise InputError("a directory, not a file", path=name)
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
        if not stat.S_ISREG(mode):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except RuntimeError:
        raise InputError("a symlink loop", path=name) from None
    except OSError as error:
        reason = "a symlink loop" if error.errno == errno.ELOOP else error.strerror or error
        raise InputError(f"cannot read{' ' + what if what else ''}: {reason}", path=name) from None


def read_input(name: str) -> bytes:
    """The bytes of a file the user named (``-``: stdin), at most ``MAX_INPUT_BYTES``."""
    if name == "-":
        return _bounded(sys.stdin.buffer, "<stdin>")
    with open_input(name) as handle:
        return _bounded(handle, name)


def _bounded(stream: BinaryIO, shown: str) -> bytes:
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            f"larger than {MAX_INPUT_BYTES >> 20} MiB: not a snapshot or a pasted report",
            path=shown,
        )
    return data


def read_snapshot(path: Path) -> Snapshot:
    """A recorded host directory (``bringup probe --record``) or a snapshot file: the JSON of
    ``bringup probe --json`` (the envelope) or a bare snapshot."""
    from bringup.model import SNAPSHOT_SCHEMA, Snapshot
    from bringup.report.envelope import ENVELOPE_SCHEMA

    if path.is_dir():
        from bringup.probe.replay import load_host

        return load_host(path)
    try:
        raw = msgspec.json.decode(read_input(str(path)))
    except msgspec.DecodeError as error:
        raise InputError(f"not JSON: {error}", path=str(path)) from None
    except RecursionError:
        raise InputError("not a snapshot: JSON nested too deeply to read", path=str(path)) from None
    hint = "write one with `bringup probe --json > FILE` or `bringup probe --record DIR`"
    if isinstance(raw, dict) and str(raw.get("schema", "")).startswith("bringup/"):
        if raw["schema"] != ENVELOPE_SCHEMA:
            raise InputError(
                f"an envelope of schema {raw['schema']!r}; this bringup reads {ENVELOPE_SCHEMA!r}",
                path=str(path),
                hint=hint,
            )
        raw = raw.get("data")
    try:
        snapshot = msgspec.convert(raw, type=Snapshot)
    except msgspec.ValidationError as error:
        raise InputError(f"not a snapshot: {error}", path=str(path), hint=hint) from None
    if snapshot.schema != SNAPSHOT_SCHEMA:
        raise InputError(
            f"a snapshot of schema {snapshot.schema}; this bringup reads {SNAPSHOT_SCHEMA}",
            path=str(path),
            hint=hint,
        )
    return snapshot
