"""The design layer of a verdict: the environments for the target and, as typed reasons,
why repos in different environments cannot share one. Pure: a target and the resolution
solved for it in, a ``Design`` out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.model.plan import Apart, Design, HostKind, KindNeed, Reason, Target
from bringup.model.resolution import Conflict, Fit, Resolution
from bringup.model.source import Source

if TYPE_CHECKING:
    from bringup.model import Component, Requirement, Rule
    from bringup.solve import Catalogue, HostFacts


def asked() -> Target:
    """The target when none is named: the hardware the repos ask for."""
    from bringup.solve.target import ASKED

    return Target(kind="asked", name=ASKED, source=Source(kind="derived", ref=ASKED))


NOT_LINUX = {"windows": "Windows", "macos": "macOS"}
"""The OS ids a report may name (``host.os.id``) that are not Linux: no environment bringup
plans (venvs with Linux wheels, CANN's and CUDA's Linux installers) is for such a host."""


def unsupported_os(host: HostFacts) -> Reason | None:
    """Why no repo can be planned for ``host``: it runs an OS bringup does not plan for
    (``need``: Linux; ``have``: the host's OS, with its source). None for a Linux host and
    for one whose OS is unknown."""
    have = host.fixed.get("os")
    if have is None or have.status != "ok" or not set(have.values) & set(NOT_LINUX):
        return None
    return Reason(kind="platform", subject="os", need="linux", have=have)


def unsupported_needs(components: Sequence[Component], reason: Reason) -> tuple[KindNeed, ...]:
    """Every repo, none of which can run on a host of an unsupported OS (``reason``)."""
    return tuple(KindNeed(component=c.name, reason=reason) for c in components)


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


def design(
    target: Target,
    resolution: Resolution,
    *,
    hosts: tuple[HostKind, ...] = (),
    elsewhere: tuple[KindNeed, ...] = (),
    other_kinds: tuple[KindNeed, ...] = (),
) -> Design:
    """The environments for ``target`` with one reason per two repos that cannot share."""
    apart = []
    for conflict in resolution.apart:
        pair = (conflict.components[0], conflict.components[-1])
        apart.append(Apart(components=pair, reason=apart_reason(conflict)))
    return Design(
        target=target,
        resolution=resolution,
        apart=tuple(apart),
        hosts=hosts,
        elsewhere=elsewhere,
        other_kinds=other_kinds,
    )


def kind_reason(requirement: Requirement, kind: str) -> Reason:
    """A repo needs devices of ``kind``: the line (``subject spec``) that says so."""
    return Reason(
        kind="device_kind",
        subject=requirement.subject,
        need=kind,
        sources=(requirement.source, *requirement.also_at),
    )


def design_stack(
    components: Sequence[Component],
    target: Target,
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    *,
    allow_driver_change: bool = False,
    explain: bool = True,
    prefer: frozenset[str] = frozenset(),
    arch_left_out: Sequence[Rule] = (),
) -> Design:
    """Solve ``components`` for the target's ``host`` with every repo taking part, and say
    why repos in different environments cannot share one. ``rules``: the knowledge base's
    rows for the target's chips. Repos that need different kinds of device are designed for
    different hosts, one solve per kind of host; with a target, those that need a kind it
    does not have are left out of its environments (``Design.elsewhere``). ``prefer``: the
    kinds of device this machine has, for a repo that supports several (``host_groups``).
    ``arch_left_out``: the rows the target's architecture left out of ``rules``."""
    from bringup.solve import SolveOptions, solve_host
    from bringup.solve.kinds import (
        HostGroup,
        device_kind,
        for_host,
        host_groups,
        kinds_absent,
        kinds_needed,
        rules_for_host,
        set_apart,
    )

    options = SolveOptions(
        allow_driver_change=allow_driver_change,
        explain=explain,
        design=True,
        arch_left_out=tuple(arch_left_out),
    )
    refused = unsupported_os(host)
    if refused is not None:
        return design(target, Resolution(), elsewhere=unsupported_needs(components, refused))

    def solved_for(groups: Sequence[HostGroup]) -> tuple[Resolution, list[tuple[int, ...]]]:
        solved = [
            solve_host(
                [for_host(c, group.kind) for c in group.components],
                host,
                rules_for_host(rules, group.kind),
                catalogue,
                options,
            )
            for group in groups
        ]
        return joined(solved)

    # a report or snapshot that counts none of a kind: the repos that need only it are apart
    absent = kinds_absent(host) if target.kind in ("report", "snapshot") else frozenset()
    placed, away = set_apart(components, absent)
    groups, apart = host_groups(placed, target_kinds(host), prefer)
    resolution, numbers = solved_for(groups)
    unfit = hardware_unfit(resolution) if target.kind != "asked" else ()
    if unfit:
        gone = {need.component for need in unfit}
        groups, apart = host_groups(
            [c for c in placed if c.name not in gone], target_kinds(host), prefer
        )
        resolution, numbers = solved_for(groups)
    apart = [*away, *apart]
    hosts = tuple(
        HostKind(
            kind=device_kind(group.kind),
            backend=group.kind,
            components=tuple(c.name for c in group.components),
            environments=envs,
            needs=tuple(
                KindNeed(component=name, reason=kind_reason(line, device_kind(group.kind)))
                for name, line in group.only
            ),
        )
        for group, envs in zip(groups, numbers)
        if group.kind
    )
    # a repo that supports several kinds, placed on one kind's host: its other kinds' lines
    # are not solved there, and the design says so (a manifest's `cuda >= 12.1` included)
    other_kinds = tuple(
        KindNeed(component=c.name, reason=kind_reason(line, device_kind(kind)))
        for group in groups
        if group.kind
        for c in group.components
        for kind, line in kinds_needed(c).items()
        if kind != group.kind
    )
    return design(
        target,
        resolution,
        hosts=hosts,
        elsewhere=(*needs_elsewhere(apart), *unfit),
        other_kinds=other_kinds,
    )


def hardware_unfit(resolution: Resolution) -> tuple[KindNeed, ...]:
    """The repos a named target's hardware fails a hard need of (PaddleMIX's chip 910B on an
    A3 host of 910_93 chips), each with its first such need and what the target has: they
    cannot run there, so they get no environment on it (a plan that placed them would
    contradict the line that says so)."""
    found: dict[str, KindNeed] = {}
    for block in resolution.hardware:
        req = block.requirement
        if block.kind != "hardware" or not req.hard or block.component in found:
            continue
        reason = Reason(
            kind="hardware",
            subject=req.subject,
            need=req.spec,
            have=block.host,
            sources=(req.source, *block.also),
        )
        found[block.component] = KindNeed(component=block.component, reason=reason)
    return tuple(found.values())


def needs_elsewhere(
    apart: Sequence[tuple[Component, str, Requirement]],
) -> tuple[KindNeed, ...]:
    """The repos ``host_groups`` set apart from a target, each with the line that says which
    kind of device it needs."""
    from bringup.solve.kinds import device_kind

    return tuple(
        KindNeed(component=c.name, reason=kind_reason(line, device_kind(kind)))
        for c, kind, line in apart
    )


def target_kinds(host: HostFacts) -> frozenset[str]:
    """The device backends of the target's vendors (none when it has no devices, or none
    named)."""
    from bringup import backends

    found = (backends.by_vendor(vendor) for vendor in host.vendors)
    return frozenset(b.name for b in found if b is not None and b.devices is not None)


def joined(solved: Sequence[Resolution]) -> tuple[Resolution, list[tuple[int, ...]]]:
    """The resolutions of several hosts as one, their environments numbered on in order;
    with the environment numbers of each. One resolution is returned as it is; none (every
    repo needs a kind of device the target lacks) is an empty one."""
    if not solved:
        return Resolution(), []
    if len(solved) == 1:
        return solved[0], [tuple(env.index for env in solved[0].environments)]
    out = solved[0]
    numbers = [tuple(env.index for env in out.environments)]
    for part in solved[1:]:
        shifted = renumbered(part, len(out.environments))
        numbers.append(tuple(env.index for env in shifted.environments))
        out = _concatenated(out, shifted)
    return out, numbers


def renumbered(resolution: Resolution, offset: int) -> Resolution:
    """``resolution`` with every environment number moved up by ``offset``."""
    if not offset:
        return resolution
    from msgspec.structs import replace

    def move(n: int | None) -> int | None:
        return None if n is None else n + offset

    return replace(
        resolution,
        environments=tuple(
            replace(e, index=e.index + offset, design=tuple(d + offset for d in e.design))
            for e in resolution.environments
        ),
        checks=tuple(replace(c, environment=move(c.environment)) for c in resolution.checks),
        unverified=tuple(
            replace(u, environment=move(u.environment)) for u in resolution.unverified
        ),
        caveats=tuple(replace(u, environment=move(u.environment)) for u in resolution.caveats),
        verdicts=tuple(replace(v, environment=move(v.environment)) for v in resolution.verdicts),
        fits=tuple(
            replace(
                f,
                environment=f.environment + offset,
                others=tuple(o + offset for o in f.others),
            )
            for f in resolution.fits
        ),
    )


_SIDE_BY_SIDE = (
    "environments",
    "conflicts",
    "unplaced",
    "hardware",
    "unverified",
    "checks",
    "caveats",
    "verdicts",
    "findings",
    "set_aside",
    "apart",
    "fits",
)
"""The fields of a resolution that hold one entry per repo, environment or conflict: two
hosts' resolutions hold both hosts' entries."""


def _concatenated(first: Resolution, second: Resolution) -> Resolution:
    """Two hosts' resolutions side by side (the host facts are the same target's)."""
    from msgspec.structs import replace

    both = {name: getattr(first, name) + getattr(second, name) for name in _SIDE_BY_SIDE}
    return replace(first, **both, optimal=first.optimal and second.optimal)
