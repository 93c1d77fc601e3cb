"""The design layer of a verdict: the environments for the target and, as typed reasons,
why repos in different environments cannot share one. Pure: a target and the resolution
solved for it in, a ``Design`` out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.model.plan import Apart, Design, Reason, Target
from bringup.model.resolution import Conflict, Fit, Resolution
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


def placed_sentence(fit: Fit, resolution: Resolution) -> str:
    """Why a repo that fits several environments is in its own, by the rule the solver
    follows: most required subjects in common, then most repos, then the preferred pins."""
    from bringup.subjects import display_name

    env = resolution.environment_of(fit.component)
    mates = [c for c in (env.components if env is not None else ()) if c != fit.component]
    numbers = _and([str(n) for n in sorted((fit.environment, *fit.others))])
    head = f"{fit.component} fits environments {numbers}; placed in {fit.environment}"
    head += f" with {', '.join(mates)}" if mates else ""
    best_there = max(fit.shared_there)
    if len(fit.shared) > best_there:
        names = ", ".join(display_name(s) for s in fit.shared)
        where = fit.others[fit.shared_there.index(best_there)]
        return (
            f"{head} because it requires {_count(len(fit.shared), 'subject')} they require too "
            f"({names}) against {best_there} in environment {where}"
        )
    most = max(r for r, n in zip(fit.repos_there, fit.shared_there) if n == best_there)
    if fit.repos > most:
        return (
            f"{head} because it has as many required subjects in common with either "
            f"({best_there}) and environment {fit.environment} has more repos "
            f"({fit.repos} against {most})"
        )
    return (
        f"{head}: it has as much in common with either and they hold as many repos; "
        "the preferred pins decided"
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


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
