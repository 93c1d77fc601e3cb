"""What-if: re-solve with changed host facts and say which repos change verdict.

``--what-if ascend_driver=24.1.0`` answers "what does this upgrade break (or fix)?";
``--what-if python=3.11`` fixes Python for every environment, as a site policy would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bringup.model.requirements import Component
from bringup.model.resolution import Resolution, VerdictChange, WhatIf
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.solve.catalogue import Catalogue
from bringup.solve.host import HostFacts, host_facts
from bringup.solve.resolve import SolveOptions, solve_facts


def compare(before: Resolution, after: Resolution) -> tuple[VerdictChange, ...]:
    """Repos whose status or obstacles differ between two resolutions, in repo order."""
    changed = []
    for verdict in before.verdicts:
        other = after.verdict(verdict.component)
        if other is None:
            continue
        if other.status != verdict.status or set(other.obstacles) != set(verdict.obstacles):
            changed.append(VerdictChange(component=verdict.component, before=verdict, after=other))
    return tuple(changed)


def what_if(
    components: Sequence[Component],
    snapshot: Snapshot | HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    changes: Sequence[tuple[str, str]],
    *,
    options: SolveOptions | None = None,
    before: Resolution | None = None,
) -> WhatIf:
    """Solve under ``changes`` and compare with ``before`` (solved here when not given). The
    host is a snapshot, or the facts of a ``--target``."""
    options = options if options is not None else SolveOptions()
    host = snapshot if isinstance(snapshot, HostFacts) else host_facts(snapshot)
    base = (
        before if before is not None else solve_facts(components, host, rules, catalogue, options)
    )
    changed = replace(options, what_if=tuple(changes))
    after = solve_facts(components, host, rules, catalogue, changed)
    return WhatIf(
        changes=tuple(changes),
        resolution=after,
        changed=compare(base, after),
        environments_before=len(base.environments),
        environments_after=len(after.environments),
    )
