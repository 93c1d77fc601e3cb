"""What ``bringup check`` and ``bringup solve`` share: the options that name the repos, the
host and the knowledge base, and reading a snapshot from a file or a recorded host."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click
import msgspec

from bringup.errors import InputError

if TYPE_CHECKING:
    from bringup.model import Component, Rule, Snapshot
    from bringup.scan import Finding
    from bringup.solve import Catalogue


@dataclass(frozen=True)
class StackInputs:
    """Everything a verdict is made from: the repos (and what the scan noticed), the host,
    and the knowledge base's rules and releases."""

    components: tuple[Component, ...]
    findings: tuple[Finding, ...]
    snapshot: Snapshot
    rules: tuple[Rule, ...]
    catalogue: Catalogue


def read_snapshot(path: Path) -> Snapshot:
    """A recorded host directory (``bringup probe --record``) or a snapshot file: the JSON of
    ``bringup probe --json`` (the envelope) or a bare snapshot."""
    from bringup.model import Snapshot

    if path.is_dir():
        from bringup.probe.replay import load_host

        return load_host(path)
    try:
        raw = msgspec.json.decode(path.read_bytes())
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", path=str(path)) from None
    except msgspec.DecodeError as error:
        raise InputError(f"not JSON: {error}", path=str(path)) from None
    if isinstance(raw, dict) and str(raw.get("schema", "")).startswith("bringup/"):
        raw = raw.get("data")
    try:
        return msgspec.convert(raw, type=Snapshot)
    except msgspec.ValidationError as error:
        raise InputError(
            f"not a snapshot: {error}",
            path=str(path),
            hint="write one with `bringup probe --json > FILE` or `bringup probe --record DIR`",
        ) from None


PATHS = click.argument("paths", nargs=-1, metavar="[PATH]...")
SNAPSHOT = click.option(
    "--snapshot",
    "snapshot",
    metavar="FILE|DIR",
    type=click.Path(exists=True, path_type=Path),
    help="Judge against this snapshot (bringup probe --json) or recorded host (bringup "
    "probe --record) instead of probing this machine.",
)
KB_DIR = click.option(
    "--kb",
    "kb_dir",
    type=click.Path(path_type=Path),
    help="Read this directory instead of the built-in knowledge base (as BRINGUP_KB_DIR).",
)
DRIVER = click.option(
    "--allow-driver-change",
    is_flag=True,
    help="Let the solver pick the driver too (one for the whole machine), as an upgrade would.",
)
JSON = click.option("--json", "as_json", is_flag=True, help="Print the JSON envelope.")
