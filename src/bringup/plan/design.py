"""The design layer of a verdict: the environments for the target and, as typed reasons,
why repos in different environments cannot share one. Pure: a target and the resolution
solved for it in, a ``Design`` out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.model.plan import Apart, Design, Reason, Target
from bringup.model.resolution import Conflict, Resolution
from bringup.model.source import Source

if TYPE_CHECKING:
    from bringup.model import Component, Rule
    from bringup.solve import Catalogue, HostFacts


def asked() -> Target:
    """The target when none is named: the hardware the repos ask for."""
    from bringup.solve.target import ASKED

    return Target(kind="asked", name=ASKED, source=Source(kind="derived", ref=ASKED))


def apart_reason(conflict: Conflict) -> Reason:
    """A conflict between two repos as a plan reason: its subjects, what each item asks
    (``need``: ``component: subject spec`` per requirement) and every item's source."""
    needs = [
        f"{item.component}: {item.subject} {item.spec}".strip()
        for item in conflict.items
        if item.kind == "requirement"
    ]
    return Reason(
        kind="conflict",
        subject=",".join(conflict.subjects),
        need="; ".join(needs),
        sources=tuple(dict.fromkeys(item.source for item in conflict.items)),
        conflict=conflict,
    )


def design(target: Target, resolution: Resolution) -> Design:
    """The environments for ``target`` with one reason per two repos that cannot share."""
    apart = []
    for conflict in resolution.apart:
        pair = (conflict.components[0], conflict.components[-1])
        apart.append(Apart(components=pair, reason=apart_reason(conflict)))
    return Design(target=target, resolution=resolution, apart=tuple(apart))


def design_stack(
    components: Sequence[Component],
    target: Target,
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    *,
    allow_driver_change: bool = False,
    explain: bool = True,
) -> Design:
    """Solve ``components`` for the target's ``host`` with every repo taking part, and say
    why repos in different environments cannot share one. ``rules``: the knowledge base's
    rows for the target's chips."""
    from bringup.solve import SolveOptions, solve_host

    options = SolveOptions(allow_driver_change=allow_driver_change, explain=explain, design=True)
    return design(target, solve_host(components, host, rules, catalogue, options))
