"""The design layer of a verdict: the environments for the target and, as typed reasons,
why repos in different environments cannot share one. Pure: a target and the resolution
solved for it in, a ``Design`` out."""

from __future__ import annotations

from bringup.model.plan import Apart, Design, Reason, Target
from bringup.model.resolution import Conflict, Resolution


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
