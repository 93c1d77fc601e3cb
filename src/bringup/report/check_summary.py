"""The screenful ``bringup check`` prints by default: one line per repo (its verdict and the
one reason that decides it, with its first source), the environments as a table (their repos
and the pins that set them apart), each conflict as its minimal set, what this machine can do
now (steps counted by what stops them), the next three actions. Each requirement is said
once; every other fact is in ``--details`` and ``--json``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bringup.model import Component
from bringup.model.plan import Design, Plan, PlanStep, Reason
from bringup.model.resolution import Conflict, Environment, Resolution, Verdict
from bringup.report.check_actions import (
    elsewhere_environments,
    next_actions,
    target_driver_changes,
)
from bringup.report.check_text import (
    elsewhere_sentence,
    hosts_sentence,
    os_named,
    other_kind_sentence,
    target_lacks,
    target_phrase,
    unsupported_sentence,
)
from bringup.report.check_why import numbered_conflicts, why_sections
from bringup.report.document import Document, Items, Paragraph, Section, Table, section
from bringup.report.matching_text import pin_cell, relative
from bringup.report.styled import Line
from bringup.report.wording import (
    cite_first,
    counted,
    describe_obstacle,
    device_word,
    explain_verdict,
    format_spec,
    from_index,
    missing_folder,
    number_word,
    subject_spec,
    unfetched_text,
)
from bringup.solve.prosenames import docs_only
from bringup.subjects import display_name, display_order, scope_of

_KINDS = {
    "build": ("build", "builds"),
    "test": ("test", "tests"),
    "install": ("install", "installs"),
    "run": ("run", "runs"),
    "convert": ("conversion", "conversions"),
}

VERDICT_STYLE = {"runs": "green", "runs_after": "cyan", "unverified": "yellow"}
_KEY_SCOPES = ("host", "toolkit", "python_package")
"""Pins that set an environment apart even when only one environment holds them: the
interpreter, vendor toolkits and the frameworks the catalogue knows (not build tools)."""


def summary(
    document: Document,
    *,
    components: Sequence[Component],
    resolution: Resolution,
    plan: Plan,
    design: Design,
    findings: int,
) -> None:
    """Fill ``document`` with the screenful."""
    roots = {c.name: c.path for c in components}
    conflicts = numbered_conflicts(resolution, design)
    document.add(
        _verdicts(resolution, plan, roots, conflicts, design),
        _environments(resolution, design),
        *why_sections(resolution, design, conflicts, roots),
        _machine(plan, conflicts),
        next_actions(
            plan, elsewhere_environments(resolution, design), target_driver_changes(design)
        ),
        _more(resolution, findings),
    )


def _verdicts(
    resolution: Resolution,
    plan: Plan,
    roots: dict[str, str],
    conflicts: list[Conflict],
    design: Design | None = None,
) -> Table:
    """One line per repo on this machine; with a named target (``--target 910B:8``) a column
    first says where the repo stands there, so the line on this machine is not read as the
    answer for the target."""
    rows: list[tuple[Line, ...]] = []
    targeted = design is not None and design.target.kind != "asked"
    for verdict in resolution.verdicts:
        name = verdict.component
        style = VERDICT_STYLE.get(verdict.status, "red")
        reason = _deciding_reason(verdict, resolution, roots.get(name, name))
        skipped = _skip_groups([s for s in plan.steps if s.component == name])
        if skipped and verdict.status in ("runs", "runs_after", "unverified"):
            reason += "; " + "; ".join(skipped)
        numbers = [str(n) for n, c in enumerate(conflicts, 1) if name in c.components]
        if numbers:
            reason += f"; conflict {', '.join(numbers)}"
        if design is not None and targeted:
            aside = [
                str(n)
                for n, c in enumerate(conflicts, 1)
                if name in c.components and c in design.resolution.set_aside and not docs_only(c)
            ]
            rows.append((Line(name, style), Line(_on_target(name, design, aside)), Line(reason)))
        else:
            rows.append((Line(name, style), Line(reason)))
    if targeted:
        return Table(("repo", "on the target", "on this machine"), tuple(rows))
    return Table(("repo", "verdict"), tuple(rows))


def _on_target(name: str, design: Design, aside: list[str]) -> str:
    """Where a repo stands on the named target: the environment planned for it there, the
    device it needs that the target lacks, or the conflicts (numbered ``aside``) whose lines
    the design set aside to place it, which keep it from running there as planned until they
    are resolved (its environment is still the one the design lists: outsider26 #6)."""
    need = next((e for e in design.elsewhere if e.component == name), None)
    if need is not None and need.reason.kind == "platform":
        return f"cannot run (the target runs {os_named(need.reason)})"
    if need is not None and need.reason.kind == "hardware":
        return f"cannot run (needs {subject_spec(need.reason.subject, need.reason.need)})"
    if need is not None:
        return f"cannot run (needs {_article(need.reason.need.upper())} {need.reason.need.upper()})"
    env = design.resolution.environment_of(name)
    if aside:  # its own lines that cannot all hold, left out to plan the rest of it
        planned = f"environment {env.index} " if env is not None else ""
        return f"{planned}once conflict {', '.join(aside)} is resolved"
    if env is None:
        return "no environment"
    verdict = next((v for v in design.resolution.verdicts if v.component == name), None)
    drivers = [o for o in verdict.obstacles if o.kind == "driver"] if verdict else []
    if not drivers:
        return f"environment {env.index}"
    # the target's driver is one of the changes its design asks for, as this machine's
    # verdict says of its own ("runs here after changing the Ascend driver")
    driver = drivers[0]
    had = next((h for h in design.resolution.host if h.subject == driver.subject), None)
    now = f" {', '.join(had.values)}" if had is not None and had.values else ""
    return (
        f"environment {env.index} after changing the {display_name(driver.subject)}{now}"
        f" to {format_spec(driver.detail)}"
    )


def _deciding_reason(verdict: Verdict, resolution: Resolution, root: str) -> str:
    """The verdict and the one thing that decides it, with its first source."""
    if verdict.status == "runs":
        return "runs here"
    if verdict.status == "needs_hardware":
        blocks = [b for b in resolution.hardware if b.component == verdict.component]
        if blocks:
            block = min(blocks, key=lambda b: (b.scope != "all", blocks.index(b)))
            req = block.requirement
            where = cite_first((req.source, *block.also), lambda s: relative(s, root))
            more = f"; {counted(len(blocks) - 1, 'more need')}" if len(blocks) > 1 else ""
            return f"needs other hardware: {subject_spec(req.subject, req.spec)} ({where}){more}"
        # a toolkit of devices the host has none of (CUDA on an NPU host): the devices
        devices = [o for o in verdict.obstacles if o.kind == "hardware"]
        if devices:
            return f"needs other hardware: {describe_obstacle(devices[0])} (none here)"
    obstacles = [o for o in verdict.obstacles if o.kind in ("driver", "install")]
    if verdict.status == "runs_after" and obstacles:
        first = min(obstacles, key=lambda o: (o.kind != "driver", from_index(o)))
        verb = "changing" if first.kind == "driver" else "installing"
        more = f" +{len(obstacles) - 1} more" if len(obstacles) > 1 else ""
        return f"runs here after {verb} {describe_obstacle(first)}{more}"
    unfetched = unfetched_text(verdict.obstacles) if verdict.status == "unverified" else None
    if unfetched is not None:
        return unfetched
    if verdict.status == "unverified":
        unchecked = [o for o in verdict.obstacles if o.kind == "unchecked"]
        first = unchecked[0]
        more = f" +{len(unchecked) - 1} more" if len(unchecked) > 1 else ""
        return (
            f"may run here, unverified: {describe_obstacle(first)} "
            f"({first.missing[0] if first.missing else 'not in the knowledge base'}){more}"
        )
    if verdict.status == "blocked":  # the conflict that blocks it is listed under its number
        return "blocked: no environment on this machine holds it"
    return explain_verdict(verdict)


def _skip_groups(steps: Sequence[PlanStep]) -> list[str]:
    """Skipped steps counted by what they need: ``3 steps need a device``, ``1 step needs
    arch aarch64``."""
    counts: Counter[str] = Counter()
    for step in steps:
        if step.status == "skip" and step.reason is not None:
            counts[_need(step.reason)] += 1
    return [
        f"{counted(n, 'step')} need{'s' if n == 1 else ''} {what}" for what, n in counts.items()
    ]


def _need(reason: Reason) -> str:
    """What a skipped step needs: a device of some kind (whatever its count or chip), or a
    host value."""
    if reason.kind == "publish":
        return "you to run it, if at all: it publishes or deploys (up never runs it)"
    if reason.kind == "input":
        return "your input (a path or name to fill in)"
    if reason.kind == "missing" and reason.need.endswith(".whl"):
        return "a file you must download (a wheel the repo does not have)"
    if reason.kind == "missing" and missing_folder(reason.need):
        return "a folder the checkout does not have"
    if reason.kind == "missing":
        return "a script the repo does not have"
    if reason.kind == "system":
        return "your consent to install outside the environment (up never runs it)"
    if reason.kind == "route" and reason.need.startswith("-"):
        return "a build for another platform (another route, up skips it)"
    if reason.kind == "route":
        return "a version the environment does not hold (another guide's route, up skips it)"
    one, many = device_word(reason.subject)
    have = _device_count(reason)
    if have:  # some, too few: "needs an NPU" on a host with one sends the reader to its driver
        return f"{reason.need} {many or 'devices'} (this machine has {have})"
    if reason.kind in ("devices", "chip") or many:
        return f"{_article(one)} {one}"
    return subject_spec(reason.subject, reason.need)


def _device_count(reason: Reason) -> int:
    """How many devices the host has where a ``devices`` reason says too few; 0 otherwise."""
    have = reason.have
    if reason.kind != "devices" or have is None or have.status != "ok" or not have.values:
        return 0
    count = have.values[0]
    return int(count) if count.isdigit() else 0


def _article(word: str) -> str:
    """``an <ACRONYM>`` read letter by letter (an "en", an "ef"...), ``a device``."""
    vowels = "AEFHILMNORSX" if word.isupper() else "aeiou"
    return "an" if word[:1] in vowels else "a"


def _environments(resolution: Resolution, design: Design) -> Section | None:
    """The target's environments: their repos and the pins that set them apart; beside
    them, where this machine's differ, this machine's pins (numbered alike; a design
    environment merged into another here says which)."""
    envs = design.resolution.environments
    refused = [e.reason for e in design.elsewhere if e.reason.kind == "platform"]
    elsewhere = [Paragraph(Line(unsupported_sentence(r), "red")) for r in refused[:1]]
    elsewhere += [
        Paragraph(Line(elsewhere_sentence(e)))
        for e in design.elsewhere
        if e.reason.kind != "platform"
    ]
    elsewhere += [Paragraph(Line(lacks, "red")) for lacks in target_lacks(design)]
    elsewhere += [Paragraph(Line(other_kind_sentence(design, o))) for o in design.other_kinds]
    only_here = _only_here(resolution, design)
    elsewhere += [Paragraph(Line(line)) for line in only_here]
    more = f", and {number_word(len(only_here))} on this machine only" if only_here else ""
    if not envs:
        # every repo needs a kind of device the target lacks: say so, not nothing
        title = f"No environments, {target_phrase(design)}{more}"
        return section(title, *elsewhere) if elsewhere else None
    # a design environment merged here into another (Environment.design) shows that one's
    here = {n: env for env in resolution.environments for n in env.design or (env.index,)}
    planned = _telling(envs)
    local = _telling(resolution.environments)
    rows = []
    differ = False  # a version this machine prefers, not an environment missing or merged here
    for env in envs:
        pins = _pins(env, planned, here=False)
        mine = here.get(env.index)
        shown = _pins(mine, local) if mine is not None else "no environment here"
        if mine is not None and mine.index != env.index:
            shown = f"merged into environment {mine.index}: {shown}"
        elif mine is not None:
            differ = differ or shown.replace(" +", "") != pins
        rows.append(
            (
                Line(f"environment {env.index}"),
                Line(", ".join(env.components)),
                Line(pins),
                Line("" if shown == pins else shown, "" if mine is not None else "red"),
            )
        )
    count = len(envs)
    title = counted(count, "environment", spelled=True).capitalize()
    target = target_phrase(design)
    pins_title = "pins that differ" if count > 1 else "pins"
    table = Table(("", "repos", pins_title, "here"), tuple(rows))
    cells = [cell.plain for row in rows for cell in row[2:]]
    marked = any(c.endswith(" +") or " +," in c for c in cells)
    legend = Paragraph(Line("+ = not installed yet: the plan installs it", "dim"))
    hosts = [Paragraph(Line(hosts_sentence(design)))] if design.hosts[1:] else []
    why = Paragraph(
        Line(
            f"here = this machine's plan where it differs: it takes what is installed first; "
            f"the pins, {target}, take the Python a repo names, else the newest each row allows",
            "dim",
        )
    )
    return section(
        f"{title}, {target}{more}",
        *hosts,
        *elsewhere,
        table,
        legend if marked else None,
        why if differ else None,
    )


def _only_here(resolution: Resolution, design: Design) -> list[str]:
    """This machine's environments for repos that cannot run on the target, one line each:
    the next actions name them, so the header counts them too (outside tester 25, D9: "One
    environment, planned for --target A100:8" above "install CANN 9.1.0 for environment 2")."""
    away = elsewhere_environments(resolution, design)
    local = _telling(resolution.environments)
    lines = []
    for env in (e for e in resolution.environments if e.index in away):
        pins = _pins(env, local)
        line = f"environment {env.index}, on this machine only (not on the target): "
        lines.append(line + ", ".join(env.components) + (f"; {pins}" if pins else ""))
    return lines


def _pins(env: Environment, subjects: Sequence[str], *, here: bool = True) -> str:
    """The pins of ``subjects`` in ``env``; ``+`` (the plan installs it) only on this
    machine's (``here``): a target's pins are all to be installed there, not by this plan."""
    cells = ((s, pin_cell(env, s)) for s in subjects if env.pin(s))
    return ", ".join(
        f"{display_name(s)} {cell if here else cell.removesuffix(' +')}" for s, cell in cells
    )


def _telling(envs: Sequence[Environment]) -> list[str]:
    """The pins that tell the environments apart: those that differ between them (the
    package index's ranges aside; a pin only some hold is not a difference), and the
    interpreter, toolkits and frameworks."""
    subjects = sorted({p.subject for env in envs for p in env.pins}, key=display_order)
    shown = []
    for subject in subjects:
        pins = [env.pin(subject) for env in envs]
        chosen = [p for p in pins if p is not None and p.origin != "index"]
        if not chosen:
            continue
        if scope_of(subject) in _KEY_SCOPES or len({p.version for p in chosen}) > 1:
            shown.append(subject)
    return shown


def _machine(plan: Plan, conflicts: list[Conflict]) -> Section:
    """The steps counted by what they wait for: run now, after the installs, other hardware,
    a conflict."""
    run = [s for s in plan.steps if s.status == "run"]
    kinds = Counter(s.kind for s in run)
    what = ", ".join(f"{n} {_KINDS[kind][n != 1]}" for kind, n in kinds.most_common())
    lines = [
        Line(
            f"{counted(len(run), 'step')} run{'s' if len(run) == 1 else ''} here now"
            + (f" ({what})" if what else ""),
            "green",
        )
    ]
    waiting = [
        s for s in plan.steps if s.status == "blocked" and s.reason and s.reason.kind == "install"
    ]
    if waiting:
        lines.append(Line(f"{len(waiting)} more after the installs under Next actions", "cyan"))
    skipped = _skip_groups(plan.steps)
    lines += [Line(group, "yellow") for group in skipped]
    stuck = [
        s for s in plan.steps if s.status == "blocked" and s.reason and s.reason.kind == "conflict"
    ]
    if stuck:
        repos = ", ".join(dict.fromkeys(s.component for s in stuck))
        lines.append(Line(f"{len(stuck)} blocked by a conflict ({repos})", "red"))
    # the order's own notes (a dependency cycle, a dependency not in the stack): an order
    # that cannot exist as written is said here, not only under --details (outsider23b D5)
    lines += [Line(note, "yellow") for note in plan.notes]
    title = f"What this machine can do now ({counted(len(plan.steps), 'step')})"
    return section(title, Items(tuple(lines)))


def _more(resolution: Resolution, findings: int) -> Paragraph:
    parts = [
        "--details for every requirement, source and step",
        "--details REPO for one repo",
        "--json for all of it as data",
    ]
    later = len(resolution.unverified) + len(resolution.caveats)
    if later:
        parts.append(f"{counted(later, 'thing')} not checked here")
    if findings:
        parts.append(f"the scan noted {counted(findings, 'more thing')} (bringup scan)")
    return Paragraph(Line("More: " + "; ".join(parts), "dim"))
