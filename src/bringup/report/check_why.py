"""The screenful's conflicts: why the target needs the environments it does (each conflict
between repos, each other kind of host), then what else keeps a repo from running; each
conflict as its smallest set, one line per member with its first source."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

import msgspec

from bringup.model.plan import Design
from bringup.model.resolution import Conflict, ConflictItem, Resolution
from bringup.model.source import Source
from bringup.report.document import Items, Section, section
from bringup.report.matching_text import relative
from bringup.report.styled import Line
from bringup.report.wording import (
    cite_first,
    conflict_members,
    distinct_conflicts,
    index_listing,
    no_such_release,
    number_word,
    subject_spec,
)
from bringup.subjects import display_name, scope_of


def numbered_conflicts(resolution: Resolution, design: Design) -> list[Conflict]:
    """The conflicts that split the target's environments, the lines of a repo that cannot
    all hold there (set aside), then what keeps a repo from running on this machine; each
    once. When the target needs several environments, every conflict between repos comes
    first: they are said together as the reasons (``_conflicts``)."""
    found = [a.reason.conflict for a in design.apart if a.reason.conflict is not None]
    found += list(design.resolution.set_aside)
    found += [c for u in resolution.unplaced for c in u.reasons]
    found += list(resolution.conflicts)
    unique = distinct_conflicts(found)
    return sorted(unique, key=lambda c: not splits_target(c, design)) if design.apart else unique


ConflictRole = Literal["split", "split_here", "blocked", "set_aside"]
"""What a numbered conflict does: ``split``, it is why the target needs the environments it
does (the repos are kept apart, each in its own); ``split_here``, it keeps repos apart in
this machine's plan only; ``blocked``, one repo's own lines that no environment here
satisfies; ``set_aside``, one repo's own lines that cannot all hold on the target, left out
of its plan until resolved."""


class Numbered(NamedTuple):
    """A conflict as the report numbers it, with what it does and its heading."""

    number: int
    conflict: Conflict
    role: ConflictRole
    heading: str
    here: bool
    """Its host values are this machine's (else the target's)."""


def numbered(resolution: Resolution, design: Design) -> list[Numbered]:
    """Every conflict the report says, numbered as the screenful numbers them: the one list
    both the text and ``--json`` take theirs from."""
    count = len(design.resolution.environments)
    stuck = {msgspec.json.encode(c) for u in resolution.unplaced for c in u.reasons}
    here = stuck | {msgspec.json.encode(c) for c in resolution.conflicts}
    aside = {msgspec.json.encode(c) for c in design.resolution.set_aside}
    found = []
    for n, conflict in enumerate(numbered_conflicts(resolution, design), start=1):
        key = msgspec.json.encode(conflict)
        reason = bool(design.apart) and splits_target(conflict, design)
        envs = count if reason or conflict.kind != "between" else 1
        # a conflict keeps its repos apart; the count is the sum of every split, the other
        # kinds of host among them (outsider23 D27: each of six said "-> three environments")
        envs = 0 if envs > 2 or len(design.hosts) > 1 else envs
        role: ConflictRole = (
            "split"
            if reason
            else "blocked"
            if key in stuck
            else "set_aside"
            if key in aside
            else "split_here"
            if conflict.kind == "between"
            else "blocked"
        )
        head = _conflict_head(conflict, envs, key in stuck)
        found.append(Numbered(n, conflict, role, head, key in here))
    return found


def splits_target(conflict: Conflict, design: Design) -> bool:
    """A conflict between repos of the target's plan: one with a repo the target cannot run
    (OpenRLHF beside InternEvo on a 910B) splits only this machine's plan."""
    away = {e.component for e in design.elsewhere}
    return conflict.kind == "between" and not set(conflict.components) & away


def why_sections(design: Design, conflicts: list[Numbered], roots: dict[str, str]) -> list[Section]:
    """Each conflict as its minimal set, one line per member with its first source; a
    member already said in an earlier conflict is named by that conflict's number. When the
    target needs several environments, the conflicts between repos are why; one repo's own
    lines that cannot all hold (set aside, or blocking it here) are no reason for another
    environment and are said under their own heading, numbered on."""
    if not conflicts:
        return []
    said: dict[tuple[object, ...], int] = {}
    count = len(design.resolution.environments)
    why: list[Section] = []
    apart_here: list[Section] = []
    other: list[Section] = []
    for n, conflict, role, head, here in conflicts:
        # a host value in a conflict of the design is the target's, not this machine's
        host = "this machine" if here else "the target"
        lines = []
        for item in conflict_members(conflict):
            if isinstance(item, str):
                lines.append(Line(item))
                continue
            key = (item.kind, item.component, item.subject, item.spec, item.source)
            if key in said:
                who = f"{item.component}'s" if item.component else "the"
                need = f"{who} {display_name(item.subject)} need "
                lines.append(Line(need).append(f"(as in {said[key]})", "dim"))
                continue
            said[key] = n
            lines.append(_member(item, roots, host))
        into = why if role == "split" else apart_here if role == "split_here" else other
        into.append(section(f"{n}. {head}", Items(tuple(lines))))
    if why:
        why += _kind_splits(design, len(conflicts) + 1, roots)
    titled = [(f"Why {number_word(count)} environments", why)]
    # repos apart on this machine only (its plan is designed for the hardware the repos ask
    # for, not for the target): no reason for the target's split, nor a block
    titled.append(("Kept apart on this machine only", apart_here))
    titled.append(("What else blocks a repo" if design.apart else "Conflicts", other))
    return [section(title, *blocks) for title, blocks in titled if blocks]


def _kind_splits(design: Design, first: int, roots: dict[str, str]) -> list[Section]:
    """Each kind of host after the first as its own reason: its repos need that kind only
    (AutoAWQ a GPU, beside NPU repos), so its environments are apart from the others', for
    another kind of host, whatever their software, numbered on from ``first``."""
    found = []
    for n, host in enumerate(design.hosts[1:], start=first):
        needs = {need.component: need for need in host.needs}
        lines = []
        for name in host.components:
            if name in needs and name in roots:
                where = cite_first(needs[name].reason.sources, _within(roots[name]))
                lines.append(Line(f"{name} needs {host.kind.upper()}s ({where})"))
        repos = ", ".join(host.components)
        mine = "its own environment" if len(host.environments) < 2 else "their own environments"
        head = f"{repos} on a {host.kind.upper()} host -> {mine}, for another kind of host"
        found.append(section(f"{n}. {head}", Items(tuple(lines))))
    return found


def _within(root: str) -> Callable[[Source], str]:
    """A source as cited beside a repo's own lines: relative to its root."""
    return lambda source: relative(source, root)


def _conflict_head(conflict: Conflict, environments: int, here: bool) -> str:
    """What a conflict costs: more environments; or, for one repo's own lines, that they
    are set aside from the plan and (``here``) that the repo cannot run on this machine."""
    subjects = " and ".join(dict.fromkeys(display_name(s) for s in conflict.subjects[:2]))
    if conflict.kind == "alone":
        repo = conflict.components[0] if conflict.components else "this repo"
        cost = "it cannot run here" if here else "set aside from the plan"
        drivers = [
            i.subject
            for i in conflict.items
            if i.kind == "host" and scope_of(i.subject) == "driver" and i.source.kind != "user"
        ]
        if here and drivers:
            # the verdict beside it says "runs here after changing the driver": the same answer
            cost = f"it runs here only after changing the {display_name(drivers[0])}"
        why = no_such_release(conflict) or f"no {subjects} satisfies all of {repo}'s lines"
        return f"{why} -> {cost}"
    repos = list(dict.fromkeys(conflict.components))
    # named, so two conflicts on one subject (CUDA 11.3 against 11.8, then against 12.1) do
    # not read as one heading said twice
    these = " and ".join((", ".join(repos[:-1]), repos[-1])) if 1 < len(repos) < 4 else "these"
    tail = f" -> {number_word(environments)} environments" if environments > 1 else ""
    tail = " -> separate environments" if environments == 0 else tail
    return f"no single {subjects} for {these}{tail}"


def _member(item: ConflictItem, roots: dict[str, str], host: str) -> Line:
    def shown(source: Source) -> str:
        return (
            relative(source, roots.get(item.component or "", "")) if item.component else str(source)
        )

    where = cite_first((item.source, *item.also), shown)
    if item.kind == "requirement":
        text = f"{item.component} needs {subject_spec(item.subject, item.spec)}"
    elif item.kind == "rule":
        then = subject_spec(item.then_subject or "", item.then_spec or "")
        text = f"{subject_spec(item.subject, item.spec)} needs {then}"
    elif item.kind == "index":
        text = index_listing(item)
    else:
        text = f"{host} has {display_name(item.subject)} {item.spec}"
    return Line(text + " ").append(f"({where})", "dim")
