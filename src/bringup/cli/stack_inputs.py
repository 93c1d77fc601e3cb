"""What ``bringup check`` and ``bringup solve`` share beyond ``cli.options``: the repos to
read, letting the driver change, and the inputs a verdict is made from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

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


PATHS = click.argument("paths", nargs=-1, metavar="[PATH]...")
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
