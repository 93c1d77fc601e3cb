"""``bringup scan`` for people: per repo what it needs and the steps found, each with the file
and line that says it, then the findings. Tables when the console has room for every cell;
otherwise (a pipe, a log: 80 columns) one block per item, prose wrapped under a hanging
indent and never inside a ``file:line``, a range or a flag."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.model import Component, Requirement, Source, Step
from bringup.report.layout import Unit, fits, flow, print_lines, table_lines
from bringup.scan import Stack

if TYPE_CHECKING:
    from bringup.report.console import Writer

_LABEL = 16
"""The widest subject or step kind the blocks align on; a longer one pushes its line."""


def describe_needs(step: Step) -> str:
    """What a step needs, in words: nothing, the toolkit, or devices (chips in brackets),
    with "+ network" when it downloads."""
    needs = step.needs
    if needs.devices:
        text = f"{needs.devices} {needs.device_kind or 'device'}"
        if needs.chips:
            text += " [" + ",".join(needs.chips) + "]"
    elif needs.toolkit:
        text = f"toolkit ({needs.device_kind})" if needs.device_kind else "toolkit"
    else:
        text = "nothing"
    return text + (" + network" if needs.network else "")


def short(source: Source, component: Component) -> str:
    """A citation relative to the repo, which the heading names."""
    text = str(source)
    prefix = component.path.rstrip("/") + "/"
    return text[len(prefix) :] if text.startswith(prefix) else text


def _cited(requirement: Requirement, component: Component) -> str:
    """Where a requirement is stated: its source, then the places it is repeated at and, for
    a support list, where its other values were read."""
    more = (*requirement.also_at, *(a.source for a in requirement.any_of))
    places = dict.fromkeys(short(s, component) for s in (requirement.source, *more))
    first, *rest = places
    return f"{first} (also {', '.join(rest)})" if rest else first


def _written(requirement: Requirement) -> str:
    return " ".join((requirement.text or "").split())


def _requirements(console: Writer, component: Component) -> None:
    """A table of subject, spec, hard, confidence, source and the words as written; or a
    block each: ``subject  spec  [soft, medium confidence]  file:line``, then the words."""
    requirements = component.requirements
    rows = [
        (
            r.subject,
            r.spec or "(unversioned)",
            "yes" if r.hard else "soft",
            r.confidence,
            _cited(r, component),
            _written(r),
        )
        for r in requirements
    ]
    titles = ("subject", "spec", "hard", "conf", "source", "as written")
    if fits([titles, *rows], console.width, 2):
        styles = ("", "", "", "", "dim", "")
        print_lines(console, table_lines(titles, rows, 2, styles))
        return
    console.print("  [bold]needs[/bold]")
    label = min(_LABEL, max(len(r.subject) for r in requirements))
    lead = 4 + label + 2
    for requirement, row in zip(requirements, rows):
        flags = [] if requirement.hard else ["soft"]
        if requirement.confidence != "high":
            flags.append(f"{requirement.confidence} confidence")
        units = [Unit(row[1]), Unit(f"[{', '.join(flags)}]" if flags else "", "yellow")]
        units.append(Unit(row[4], "dim"))
        head = f"    {requirement.subject.ljust(label)}  "
        print_lines(console, flow(units, console.width, lead, head=head))
        if row[5]:
            print_lines(console, flow([Unit(row[5], "italic", prose=True)], console.width, lead))


def _steps(console: Writer, component: Component) -> None:
    """A table of kind, needs, directory, source and command; or a block each: ``kind
    file:line  needs ...``, then the whole command."""
    steps = component.steps
    rows = [
        (s.kind, describe_needs(s), s.cwd, short(s.source, component), " ".join(s.argv))
        for s in steps
    ]
    titles = ("kind", "needs", "cwd", "source", "step")
    if fits([titles, *rows], console.width, 2):
        print_lines(console, table_lines(titles, rows, 2, ("", "", "", "dim", "")))
        return
    console.print("  [bold]steps[/bold]")
    label = min(_LABEL, max(len(s.kind) for s in steps))
    lead = 4 + label + 2
    for step, row in zip(steps, rows):
        units = [Unit(row[3], "dim"), Unit(f"needs {row[1]}")]
        if step.cwd not in ("", "."):
            units.append(Unit(f"in {step.cwd}"))
        head = f"    {step.kind.ljust(label)}  "
        print_lines(console, flow(units, console.width, lead, head=head))
        print_lines(console, flow([Unit(row[4] or step.name)], console.width, lead))


def render_stack(console: Writer, stack: Stack, messages: Sequence[str]) -> None:
    """Every repo of ``stack``, the messages of ``--write``, and the counts."""
    width = console.width
    for component in stack.components:
        units = [Unit(f"{component.name} ({component.role})", "bold"), Unit(component.path)]
        if component.depends_on:
            units.append(Unit(f"-> depends on {', '.join(component.depends_on)}"))
        print_lines(console, flow(units, width, 2, head="", sep=" "))
        if component.requirements:
            _requirements(console, component)
        if component.steps:
            _steps(console, component)
        for scope in component.scopes:
            what = f"{len(scope.requirements)} requirements, {len(scope.steps)} steps"
            line = [Unit(f"also, for {scope.name}:", "dim"), Unit(what, prose=True)]
            print_lines(console, flow(line, width, 4, head="  ", sep=" "))
        for finding in (f for f in stack.findings if f.component == component.name):
            where = ", ".join(short(source, component) for source in finding.sources)
            found = [Unit(f"{finding.kind}:", "yellow"), Unit(finding.message, prose=True)]
            found.append(Unit(f"[{where}]", "dim"))
            print_lines(console, flow(found, width, 4, head="  ", sep=" "))
        console.print()
    for message in messages:
        print_lines(console, flow([Unit(message, prose=True)], width, 2, head=""))
    requirements = sum(len(c.requirements) for c in stack.components)
    steps = sum(len(c.steps) for c in stack.components)
    summary = (
        f"{len(stack.components)} repos, {requirements} requirements, {steps} steps, "
        f"{len(stack.findings)} findings; {stack.files_read} files read of {stack.files_seen}"
    )
    print_lines(console, flow([Unit(summary, prose=True)], width, 2, head=""))
