"""``bringup scan`` for people: per repo what it needs and the steps found, each with the file
and line that says it, then the findings; as a document (``bringup.report.document``) drawn
as terminal text, Markdown or HTML. On a terminal too narrow for a table (a pipe, a log: 80
columns) each item is a block, prose wrapped under a hanging indent and never inside a
``file:line``, a range or a flag."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bringup import backends
from bringup.model import Component, Requirement, Scope, Source, Step
from bringup.plan.order import cycle_note, dependency_cycles
from bringup.plan.stepneeds import repo_devices
from bringup.report.commandline import shown_step
from bringup.report.document import (
    Block,
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
from bringup.report.wording import counted, subject_spec
from bringup.scan import Stack
from bringup.subjects import display_name


def describe_needs(step: Step, component: Component | None = None) -> str:
    """What a step needs, in words: nothing, the toolkit, devices (chips in brackets) or,
    where the plan takes them (``plan.stepneeds``), the device requirements of ``component``,
    with "+ network" when it downloads, "+ your input" when its command holds words to fill
    in and "+ missing X" when it runs a file the repo lacks."""
    needs = step.needs
    taken = repo_devices(step, component) if component is not None else ()
    word, toolkit = _kind_words(needs.device_kind)
    if needs.devices:
        said = f"{needs.devices} {word}{'' if needs.devices == 1 else 's'}"
        if needs.chips:
            said += " [" + ",".join(needs.chips) + "]"
        said += f" ({needs.device_at})" if needs.device_at is not None else ""
    elif taken:
        first, *rest = dict.fromkeys(subject_spec(r.subject, r.spec) for r in taken)
        said = f"the repo's device ({first}{f' +{len(rest)} more' if rest else ''})"
    elif needs.toolkit:
        # the toolkit alone, named, and no device: "toolkit (npu)" read as needing an NPU
        # (outsider20 D5: the Ascend C sample's CPU mode, ``run.sh -r cpu``)
        named = f"toolkit {toolkit}" if toolkit else "toolkit"
        said = f"{named} (no {word})" if needs.device_kind else named
    else:
        said = "nothing"
    said += f" (its tests mock the device: {needs.mocked_at})" if needs.mocked_at else ""
    said += " + network" if needs.network else ""
    said += f" + your input ({', '.join(needs.inputs)})" if needs.inputs else ""
    return said + (f" + missing {', '.join(needs.missing)}" if needs.missing else "")


def _kind_words(kind: str | None) -> tuple[str, str]:
    """What the backend of device kind ``kind`` calls one device, and its toolkit's name
    (``NPU``, ``CANN``); the kind itself and "" for one no backend has."""
    for backend in backends.registered():
        if kind is not None and backend.device_kind == kind:
            vocabulary = backend.vocabulary
            word = vocabulary.device_words[0] if vocabulary.device_words else kind
            subject = vocabulary.toolkit_subject
            return word, display_name(subject) if subject else ""
    return kind or "device", ""


def short(source: Source, component: Component) -> str:
    """A citation relative to the repo, which the heading names."""
    text = str(source)
    prefix = component.path.rstrip("/") + "/"
    return text[len(prefix) :] if text.startswith(prefix) else text


_ALSO = 3
"""Repeats of a requirement the short view cites before "+N more": a line repeated through
a 200 MB README was 16,384 citations and 606 KB of ``scan`` output (outsider o2 D3)."""


def _cited(requirement: Requirement, component: Component, details: bool) -> str:
    """Where a requirement is stated: its source, then the places it is repeated at and, for
    a support list, where its other values were read; unless ``details``, the first few."""
    more = (*requirement.also_at, *(a.source for a in requirement.any_of))
    places = dict.fromkeys(short(s, component) for s in (requirement.source, *more))
    first, *rest = places
    if not rest:
        return first
    if details or len(rest) <= _ALSO + 1:  # "+1 more" would be as long as the one
        return f"{first} (also {', '.join(rest)})"
    return f"{first} (also {', '.join(rest[:_ALSO])} +{len(rest) - _ALSO} more)"


_WRITTEN = 160
"""Characters of a requirement's words as written that the short view prints, whole words,
before "+N more words": a paragraph of one repeated line was 2,000 repeats of it."""


def _written(requirement: Requirement, details: bool) -> str:
    words = (requirement.text or "").split()
    written = " ".join(words)
    if details or len(written) <= _WRITTEN:
        return written
    kept = written[: _WRITTEN + 1].rsplit(" ", 1)[0].split()
    return f"{' '.join(kept)} +{len(words) - len(kept)} more words"


_LISTED = 12
"""Packages of one kind (``conda:``, ``pypi:``) read from one file that the summary lists one
by one; a file listing more (a conda export of 227 pins, GroundingDINO@856dde2
environment.yaml) is one line there, and ``--details`` lists them."""


def _listing(requirement: Requirement) -> tuple[str, str]:
    """The kind of package and the file a requirement was read from: a run of these is a
    package listing. A subject without a kind (cuda, python, torch) is never one."""
    kind, colon, _ = requirement.subject.partition(":")
    return (kind, requirement.source.ref) if colon else ("", "")


def _listings(component: Component) -> dict[tuple[str, str], list[Requirement]]:
    """The package listings of ``component`` longer than the summary lists."""
    runs: dict[tuple[str, str], list[Requirement]] = {}
    for requirement in component.requirements:
        runs.setdefault(_listing(requirement), []).append(requirement)
    return {key: run for key, run in runs.items() if key[0] and len(run) > _LISTED}


def _listing_row(run: Sequence[Requirement], component: Component) -> tuple[str, ...]:
    """One line for a long package listing: ``conda:*  227 packages  file:8-245  addict,
    aiohttp, aiosignal +224 more``."""
    kind, _ = _listing(run[0])
    lines = sorted(r.source.line for r in run if r.source.line is not None)
    where = short(run[0].source, component).rsplit(":", 1)[0] if lines else ""
    cited = f"{where}:{lines[0]}-{lines[-1]}" if lines else short(run[0].source, component)
    shown = [r.subject.partition(":")[2] for r in run[:3]]
    named = ", ".join(shown) + f" +{len(run) - len(shown)} more (--details lists them)"
    return f"{kind}:*", f"{len(run)} packages", cited, named


def _requirements(component: Component, details: bool) -> Section:
    """A table of subject, spec, hard, confidence, source and the words as written; as
    blocks: ``subject  spec  [soft, medium confidence]  file:line``, then the words. Unless
    ``details``, a long package listing is one line."""
    rows = []
    compact = []
    listings = {} if details else _listings(component)
    for requirement in component.requirements:
        run = listings.get(_listing(requirement))
        if run is not None:
            if requirement is run[0]:
                subject, count, cited, named = _listing_row(run, component)
                cells = (Line(subject), Line(count), Line(), Line(), Line(cited, "dim"))
                rows.append((*cells, Line(named)))
                facts = text(count, (cited, "dim"))
                compact.append(Compact(facts, (Line(named, "italic"),), label=Line(subject)))
            continue
        spec = _preferring(requirement) if requirement.spec else _unversioned(requirement)
        cited = _cited(requirement, component, details)
        written = _written(requirement, details)
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
    table = Table(titles, tuple(rows), compact=tuple(compact), always_compact=True)
    return section("needs", table)


_FOLDERS = 5
"""pytest runs of test folders (steps no file states, ``steps_found.pytest_steps``) the short
view lists before one line for the rest: vllm-ascend's 70 folders were most of its 470 lines
of ``scan`` (outsider23 D15)."""


def _folder_runs(component: Component) -> list[Step]:
    """The pytest runs of test folders past the first few, which the short view counts."""
    found = [s for s in component.steps if s.source.line is None and s.argv[2:3] == ("pytest",)]
    return found[_FOLDERS:] if len(found) > _FOLDERS + 1 else []


def _steps(component: Component, details: bool) -> Section:
    """A table of kind, needs, directory, source and command; as blocks: ``kind
    file:line  needs ...``, then the whole command. Unless ``details``, pytest runs of test
    folders past the first few are one line."""
    rows = []
    compact = []
    folded = [] if details else _folder_runs(component)
    for step in component.steps:
        if step in folded:
            continue
        needs = describe_needs(step, component)
        source = short(step.source, component)
        command = shown_step(step.argv, "scan --json")
        cells = (step.kind, needs, step.cwd)
        rows.append((*map(Line, cells), Line(source, "dim"), Line(command, "code")))
        where = f"in {step.cwd}" if step.cwd not in ("", ".") else ""
        facts = text((source, "dim"), f"needs {needs}", where)
        compact.append(Compact(facts, (Line(command or step.name, "code"),)))
    if folded:
        said = f"{len(folded)} more pytest runs of test folders (--details lists them)"
        rows.append((Line("test"), Line(), Line(), Line(), Line(said)))
        compact.append(Compact(text(), (Line(said, "italic"),)))
    titles = ("kind", "needs", "cwd", "source", "step")
    table = Table(titles, tuple(rows), compact=tuple(compact), always_compact=True)
    return section("steps", table)


SCOPE_WIDTH = 60
"""The most characters of a scope's name a header shows: a sub-project 120 directories down
printed 1,500 characters on one line (outsider23b D19); ``--json`` keeps the whole name."""


def elided(name: str, width: int = SCOPE_WIDTH) -> str:
    """``name`` (a path in the repo) within ``width``: its first directory and as many of its
    last parts as fit, ``…`` between (``level1/…/level119/level120``)."""
    if len(name) <= width:
        return name
    parts = name.split("/")
    kept: list[str] = []
    room = width - len(parts[0]) - len("/…/")
    for part in reversed(parts[1:]):
        if kept and len(part) + 1 > room:
            break
        kept.insert(0, part)
        room -= len(part) + 1
    shown = "/".join([parts[0], "…", *kept]) if len(parts) > 1 else name
    return shown if len(shown) <= width else shown[: width - 1] + "…"


def _scope(component: Component, scope: Scope, details: bool) -> Block:
    """A sub-project or feature of the repo: one counting line, or with ``details`` its own
    needs and steps under that line, as ``--help`` promises (the line alone hid a README's
    build step filed there, outsider8 #19)."""
    said = text(
        (f"also, for {elided(scope.name)}:", "dim"),
        f" {counted(len(scope.requirements), 'requirement')}, {counted(len(scope.steps), 'step')}",
    )
    if not details:
        return Paragraph(said)
    own = msgspec.structs.replace(component, requirements=scope.requirements, steps=scope.steps)
    return section(
        said,
        _requirements(own, details) if scope.requirements else None,
        _steps(own, details) if scope.steps else None,
    )


def _component(stack: Stack, component: Component, details: bool) -> Section:
    """A repo: what it depends on, needs and runs, its other scopes and its findings."""
    depends = ", ".join(component.depends_on)
    scopes = [_scope(component, scope, details) for scope in component.scopes]
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
        _requirements(component, details) if component.requirements else None,
        _steps(component, details) if component.steps else None,
        *scopes,
        *findings,
        detail=component.path,
    )


def scan_document(stack: Stack, messages: Sequence[str], details: bool = False) -> Document:
    """Every repo of ``stack``, then the messages of ``--write`` and the counts; unless
    ``details``, each long package listing in one line and where to read it whole."""
    document = Document(Line())
    document.add(*(_component(stack, component, details) for component in stack.components))
    document.add(
        *(
            Paragraph(text((f"{f.kind}:", "yellow"), f" {f.message} ", (f"[{source}]", "dim")))
            for f in stack.findings
            if f.component is None
            for source in f.sources[:1]
        )
    )
    # an order that cannot exist as written is said in the default view (outsider23b D5)
    document.add(
        *(
            Paragraph(text(("note:", "yellow"), f" {cycle_note(cycle)}"))
            for cycle in dependency_cycles(stack.components)
        )
    )
    folded = sum(len(run) for c in stack.components for run in _listings(c).values())
    more = (
        f"More: --details lists the {counted(folded, 'package')} of the long listings above; "
        "--json all of it as data"
        if folded and not details
        else ""
    )
    requirements = sum(len(c.requirements) for c in stack.components)
    steps = sum(len(c.steps) for c in stack.components)
    summary = (
        f"{counted(len(stack.components), 'repo')}, {counted(requirements, 'requirement')}, "
        f"{counted(steps, 'step')}, {counted(len(stack.findings), 'finding')}; "
        f"{counted(stack.files_read, 'file')} read of {stack.files_seen}"
    )
    document.add(Items(tuple(Line(line) for line in (*messages, summary, more) if line)))
    return document


def _preferring(requirement: Requirement) -> str:
    """A versioned need, with the releases within it the repo shows in use (``prefers``: the
    solver takes them first): MIndSpeed's ``>=3.10`` beside the guide's cp310 wheels."""
    shown = ", ".join(dict.fromkeys(a.value for a in requirement.prefers))
    return f"{requirement.spec} (in use: {shown})" if shown else requirement.spec


def _unversioned(requirement: Requirement) -> str:
    """An unversioned need, with the releases the repo shows it in use at (``prefers``: the
    solver takes them): torch_npu was "(unversioned)" though the install guide it cites installs
    torch_npu-2.7.1rc1 (lvhaojieming/MIndSpeed@faadbe7 docs/zh/pytorch/training/
    install_guide.md:66, outsider 20 D11)."""
    shown = ", ".join(dict.fromkeys(a.value for a in requirement.prefers))
    return f"(unversioned; in use: {shown})" if shown else "(unversioned)"
