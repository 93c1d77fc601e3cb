"""The screenful's next actions: the plan's actions grouped by the command that carries them
out together (every package uv installs into an environment, every submodule to fetch), the
first ``NEXT`` of them, and where a named target has no environment for a repo, which of
this machine's environments an action is for."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bringup.model.plan import Action, Design, Plan
from bringup.model.resolution import Resolution
from bringup.model.source import Source
from bringup.report.action_wording import action_text
from bringup.report.document import Items, Paragraph, Section, section
from bringup.report.matching_text import relative
from bringup.report.styled import Line
from bringup.report.wording import cite_first, counted, format_spec, subject_spec
from bringup.subjects import display_name

NEXT = 3
"""How many next actions the screenful names (grouped: one install line covers every
package uv installs into an environment)."""


def action_groups(actions: Sequence[Action], named: int = 3) -> list[tuple[str, list[Action]]]:
    """Actions of one kind that one command carries out together, in the plan's order:
    every package uv installs into an environment (the first ``named`` of them named, the
    rest counted), every submodule to fetch."""
    groups: dict[tuple[object, ...], list[Action]] = {}
    for action in actions:
        if action.automatic and action.kind == "install":
            key: tuple[object, ...] = ("uv", action.environment)
        elif action.kind == "submodule":
            key = ("submodule",)
        else:
            key = (id(action),)
        groups.setdefault(key, []).append(action)
    return [(_group_text(group, named), group) for group in groups.values()]


def _group_text(group: list[Action], named: int) -> str:
    first = group[0]
    if len(group) == 1:
        return action_text(first) + (" (uv can install this)" if first.automatic else "")
    if first.kind == "submodule":
        repos = ", ".join(dict.fromkeys(a.component or "" for a in group))
        return (
            f"fetch {len(group)} submodules (in {repos}): git submodule update --init "
            "(needs the network)"
        )
    names = [f"{display_name(a.subject)} {a.version or ''}".strip() for a in group]
    if len(names) <= named + 1:  # never "+1 more"
        named = len(names)
    shown = ", ".join(names[:named]) + (
        f" +{len(names) - named} more" if len(names) > named else ""
    )
    # where a package comes from beside the user's index, said whether or not it is named
    indexes = "".join(f"; {display_name(a.subject)} from {a.index}" for a in group if a.index)
    return (
        f"install {len(group)} packages into environment {first.environment} with uv: {shown}"
        + indexes
    )


def elsewhere_environments(resolution: Resolution, design: Design) -> dict[int, str]:
    """This machine's environments that hold only repos the named target cannot run (they
    have no environment there), each with those repos: an action for one must not read as
    one for the target's environment of that number (outsider22b #12)."""
    away = {e.component for e in design.elsewhere}
    return {
        env.index: ", ".join(env.components)
        for env in resolution.environments
        if away and env.components and set(env.components) <= away
    }


def target_driver_changes(design: Design) -> list[str]:
    """What the named target's design changes on that host, first of the next actions: its
    driver, to the bound the knowledge base's rows set for the toolkit planned there
    ("change the Ascend driver on the target from 25.0.rc1.1 to a version >= 25.5.1, for
    CANN 9.0.0"), which this machine's actions never say (outsider23 D28)."""
    if design.target.kind not in ("snapshot", "report"):
        return []  # a chip and count names no driver to change
    had = {h.subject: h.values for h in design.resolution.host}
    found: dict[tuple[str, str], list[str]] = {}
    for verdict in design.resolution.verdicts:
        for obstacle in verdict.obstacles:
            if obstacle.kind == "driver":
                found.setdefault((obstacle.subject, obstacle.detail), []).extend(obstacle.missing)
    lines = []
    for (subject, spec), needs in found.items():
        now = had.get(subject, ())
        since = f" from {', '.join(now)}" if now else ""
        why = f", {', '.join(dict.fromkeys(needs))}" if needs else ""
        lines.append(
            f"on the target: change the {display_name(subject)}{since} to a version "
            f"{format_spec(spec)}{why} (as root)"
        )
    return lines


def _relative_to(roots: dict[str, str], component: str, source: Source) -> str:
    return relative(source, roots.get(component, ""))


def hardware_elsewhere(resolution: Resolution, roots: dict[str, str]) -> list[str]:
    """One line for the repos that need other hardware: no action on this machine meets that
    need, said plainly, with where to run them instead (outsider12 #11: marlin's "compute
    capability >= 8.0" was the verdict, and its next actions only installed packages). One
    repo's need is named; several repos' are in their verdicts."""
    needing = []
    for verdict in resolution.verdicts:
        blocks = [b for b in resolution.hardware if b.component == verdict.component]
        if verdict.status == "needs_hardware" and blocks:
            needing.append((verdict.component, min(blocks, key=lambda b: b.scope != "all")))
    if len(needing) > 1:
        names = ", ".join(name for name, _ in needing)
        return [
            f"{names} need other hardware (their verdicts say what): no action on this machine "
            "gives it; run them on a machine that has it (--target plans for one)"
        ]
    lines = []
    for name, block in needing:
        req = block.requirement
        shown = partial(_relative_to, roots, name)
        where = cite_first((req.source, *block.also), shown)
        lines.append(
            f"{name}: no action on this machine gives it {subject_spec(req.subject, req.spec)} "
            f"({where}); run it on a machine that has it (--target plans for one)"
        )
    return lines


def next_actions(
    plan: Plan,
    elsewhere: dict[int, str] | None = None,
    target: Sequence[str] = (),
    none_here: Sequence[str] = (),
) -> Section | None:
    """The first actions, then each blocker no action removes (``hardware_elsewhere``)."""
    groups = action_groups(plan.actions)
    if not groups and not target and not none_here:
        return None
    away = elsewhere or {}

    def said(text: str, group: list[Action]) -> str:
        repos = away.get(group[0].environment or 0)
        return f"{text} (on this machine only: {repos}, not on the target)" if repos else text

    lines = [Line(text) for text in target]
    lines += [Line(said(text, group)) for text, group in groups[: max(NEXT - len(lines), 1)]]
    lines += [Line(text) for text in none_here]
    rest = sum(len(group) for _, group in groups[max(NEXT - len(target), 1) :])
    more = Paragraph(Line(f"+{counted(rest, 'more action')} (--details)", "dim")) if rest else None
    return section("Next actions", Items(tuple(lines), ordered=True), more)
