"""``bringup scan`` for people: per repo what it needs and the steps found, each with the file
and line that says it, then the findings; as a document (``bringup.report.document``) drawn
as terminal text, Markdown or HTML. On a terminal too narrow for a table (a pipe, a log: 80
columns) each item is a block, prose wrapped under a hanging indent and never inside a
``file:line``, a range or a flag."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model import Component, Requirement, Source, Step
from bringup.report.document import (
    Compact,
    Document,
    Items,
    Paragraph,
    Section,
    Table,
    section,
    text,
)
from bringup.report.styled import Line
from bringup.report.wording import counted
from bringup.scan import Stack


def describe_needs(step: Step) -> str:
    """What a step needs, in words: nothing, the toolkit, or devices (chips in brackets),
    with "+ network" when it downloads, "+ your input" when its command holds words to fill
    in and "+ missing X" when it runs a file the repo lacks."""
    needs = step.needs
    if needs.devices:
        said = f"{needs.devices} {needs.device_kind or 'device'}"
        if needs.chips:
            said += " [" + ",".join(needs.chips) + "]"
    elif needs.toolkit:
        said = f"toolkit ({needs.device_kind})" if needs.device_kind else "toolkit"
    else:
        said = "nothing"
    said += " + network" if needs.network else ""
    said += f" + your input ({', '.join(needs.inputs)})" if needs.inputs else ""
    return said + (f" + missing {', '.join(needs.missing)}" if needs.missing else "")


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


def _requirements(component: Component) -> Section:
    """A table of subject, spec, hard, confidence, source and the words as written; as
    blocks: ``subject  spec  [soft, medium confidence]  file:line``, then the words."""
    rows = []
    compact = []
    for requirement in component.requirements:
        spec = requirement.spec or "(unversioned)"
        cited = _cited(requirement, component)
        written = _written(requirement)
        rows.append(
            (
                Line(requirement.subject),
                Line(spec),
                Line("yes" if requirement.hard else "soft"),
                Line(requirement.confidence),
                Line(cited, "dim"),
                Line(written),
            )
        )
        flags = [] if requirement.hard else ["soft"]
        if requirement.confidence != "high":
            flags.append(f"{requirement.confidence} confidence")
        facts = text(spec, (f"[{', '.join(flags)}]" if flags else "", "yellow"), (cited, "dim"))
        compact.append(Compact(facts, (Line(written, "italic"),) if written else ()))
    titles = ("subject", "spec", "hard", "conf", "source", "as written")
    return section("needs", Table(titles, tuple(rows), compact=tuple(compact)))


def _steps(component: Component) -> Section:
    """A table of kind, needs, directory, source and command; as blocks: ``kind
    file:line  needs ...``, then the whole command."""
    rows = []
    compact = []
    for step in component.steps:
        needs = describe_needs(step)
        source = short(step.source, component)
        command = " ".join(step.argv)
        cells = (step.kind, needs, step.cwd)
        rows.append((*map(Line, cells), Line(source, "dim"), Line(command, "code")))
        where = f"in {step.cwd}" if step.cwd not in ("", ".") else ""
        facts = text((source, "dim"), f"needs {needs}", where)
        compact.append(Compact(facts, (Line(command or step.name, "code"),)))
    titles = ("kind", "needs", "cwd", "source", "step")
    return section("steps", Table(titles, tuple(rows), compact=tuple(compact)))


def _component(stack: Stack, component: Component) -> Section:
    """A repo: what it depends on, needs and runs, its other scopes and its findings."""
    depends = ", ".join(component.depends_on)
    scopes = [
        Paragraph(
            text(
                (f"also, for {scope.name}:", "dim"),
                f" {counted(len(scope.requirements), 'requirement')}, "
                f"{counted(len(scope.steps), 'step')}",
            )
        )
        for scope in component.scopes
    ]
    findings = [
        Paragraph(
            text(
                (f"{finding.kind}:", "yellow"),
                f" {finding.message} ",
                (f"[{', '.join(short(s, component) for s in finding.sources)}]", "dim"),
            )
        )
        for finding in stack.findings
        if finding.component == component.name
    ]
    return section(
        f"{component.name} ({component.role})",
        Paragraph(Line(f"-> depends on {depends}")) if depends else None,
        _requirements(component) if component.requirements else None,
        _steps(component) if component.steps else None,
        *scopes,
        *findings,
        detail=component.path,
    )


def scan_document(stack: Stack, messages: Sequence[str]) -> Document:
    """Every repo of ``stack``, then the messages of ``--write`` and the counts."""
    document = Document(Line())
    document.add(*(_component(stack, component) for component in stack.components))
    requirements = sum(len(c.requirements) for c in stack.components)
    steps = sum(len(c.steps) for c in stack.components)
    summary = (
        f"{counted(len(stack.components), 'repo')}, {counted(requirements, 'requirement')}, "
        f"{counted(steps, 'step')}, {counted(len(stack.findings), 'finding')}; "
        f"{counted(stack.files_read, 'file')} read of {stack.files_seen}"
    )
    document.add(Items(tuple(Line(line) for line in (*messages, summary))))
    return document
