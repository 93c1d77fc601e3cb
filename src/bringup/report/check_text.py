"""``bringup check`` for people: the report as a document (the screenful of
``check_summary`` by default, everything or one repo's part of it from ``check_details``),
drawn as terminal text, Markdown or HTML. The words shared with the JSON envelope's data
(``check_json``) are here."""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

import msgspec

from bringup.model import Component, Snapshot, keys
from bringup.model.plan import Design, HostKind, KindNeed, Plan, PlanStep, Reason
from bringup.model.resolution import Conflict, ConflictItem, HostValue, Resolution, Verdict
from bringup.plan.isolation import NO_BUILD_ISOLATION
from bringup.report.commandline import shown_step
from bringup.report.document import Document, Paragraph
from bringup.report.styled import Line
from bringup.report.verdict_wording import describe_host, explain_hardware, explain_verdict
from bringup.report.wording import (
    cite,
    cite_first,
    counted,
    describe_item,
    format_spec,
    subject_spec,
)
from bringup.scan.workspace import CLONE
from bringup.subjects import display_name, scheme_for
from bringup.versions import SpecifierSet, is_version

if TYPE_CHECKING:
    from bringup.workflow import CheckResult

ALL = ""
"""``--details`` without a repo: every repo's details."""

CATEGORY = {
    "build": "builds that need no device",
    "test": "tests that need no device",
    "convert": "model conversion with the toolkit only",
    "cpu_reference": "CPU reference runs",
}


def tier_text(plan: Plan) -> str:
    tier = plan.tier
    if not tier.devices:
        unknown = f" (could not count: {', '.join(tier.unknown)})" if tier.unknown else ""
        return f"no accelerator: tier 0{unknown}"
    groups = ", ".join(
        f"{g.count} x {g.vendor}" + (f" {'/'.join(g.chips)}" if g.chips else "")
        for g in tier.devices
    )
    return f"{groups}: tier {tier.level}"


_TARGET = {
    "asked": "{}",
    "devices": "--target {}",
    "snapshot": "the host in {}",
    "report": "the host in {}",
}
_SAID_REASONS = 4


def target_phrase(design: Design) -> str:
    """``planned for --target 910B:8``: the host the environments are designed for, as
    named (a name may hold colons: ``910B:8``, a path)."""
    return "planned for " + _TARGET[design.target.kind].format(design.target.name)


def planned_for(design: Design) -> str:
    """``planned for --target 910B:8: two environments``."""
    count = len(design.resolution.environments)
    return f"{target_phrase(design)}: {counted(count, 'environment', spelled=True)}"


def hosts_sentence(design: Design) -> str:
    """``planned for two kinds of host: <KIND> (a, b) and <KIND> (c)``; empty for one kind."""
    if len(design.hosts) < 2:
        return ""
    kinds = [f"{h.kind.upper()} ({', '.join(h.components)})" for h in design.hosts]
    both = f"{', '.join(kinds[:-1])} and {kinds[-1]}"
    return f"planned for {counted(len(kinds), 'kind', spelled=True)} of host: {both}"


def os_named(reason: Reason) -> str:
    """The OS a ``platform`` reason's host runs, as its maker writes it (``Windows``)."""
    from bringup.plan.design import NOT_LINUX

    have = reason.have
    names = [NOT_LINUX.get(v, v) for v in have.values] if have is not None else []
    return " and ".join(names) or "another OS"


def unsupported_sentence(reason: Reason) -> str:
    """``the target runs Windows (report.txt:9); bringup plans for Linux hosts only``."""
    where = f" ({cite_first((reason.have.source,))})" if reason.have is not None else ""
    return (
        f"the target runs {os_named(reason)}{where}; bringup plans for Linux hosts only: "
        "no repo is planned for it"
    )


def elsewhere_sentence(elsewhere: KindNeed) -> str:
    """``flash-attention cannot run on the target (needs a <KIND>: setup.py:102)``."""
    if elsewhere.reason.kind == "platform":
        have = elsewhere.reason.have
        where = f": {cite_first((have.source,))}" if have is not None else ""
        named = os_named(elsewhere.reason)
        return f"{elsewhere.component} cannot run on the target (it runs {named}{where})"
    if elsewhere.reason.kind == "hardware":
        return _lacking_sentence(elsewhere)
    kind = elsewhere.reason.need.upper()
    article = "an" if kind[:1] in "AEFHILMNORSX" else "a"
    where = cite_first(elsewhere.reason.sources)
    return f"{elsewhere.component} cannot run on the target (needs {article} {kind}: {where})"


def _lacking_sentence(elsewhere: KindNeed) -> str:
    """``PaddleMIX cannot run on the target (needs chip 910B: README_EN.md:154; the target has
    chip 910_93: report.txt:14)``."""
    reason = elsewhere.reason
    need = subject_spec(reason.subject, reason.need)
    have = reason.have
    has = f"; the target has {describe_host(have)} {cite(have.source)}" if have is not None else ""
    where = cite_first(reason.sources)
    return f"{elsewhere.component} cannot run on the target (needs {need}: {where}{has})"


def other_kind_sentence(design: Design, other: KindNeed) -> str:
    """``train-adapter also supports GPUs (cuda: b1b.toml:9); on its NPU host those lines
    are left out``: a stated line the host's solve does not take, said, not dropped."""
    host = next((h.kind for h in design.hosts if other.component in h.components), "")
    where = cite_first(other.reason.sources)
    on = f"on its {host.upper()} host" if host else "on this host"
    return (
        f"{other.component} also supports {other.reason.need.upper()}s "
        f"({display_name(other.reason.subject)}: {where}); {on} those lines are left out"
    )


def target_lacks(design: Design) -> list[str]:
    """What a named target's hardware cannot give a repo planned for it (fewer devices than
    its lines need, another chip): one sentence each. The hardware the repos ask for lacks
    nothing."""
    if design.target.kind == "asked":
        return []
    lacks = [explain_hardware(block, "the target") for block in design.resolution.hardware]
    return lacks + _devices_unknown(design)


def count_unsaid(host: HostKind, have: Mapping[str, HostValue]) -> Optional[HostValue]:
    """The target's device count for ``host``'s kind when its report does not say how many
    it has and lists none of them (a collect_env that says "CUDA available: False" and names
    no GPU); None when it says, or lists devices of the kind (a table cut off after three
    NPUs has at least those three). The one rule both the sentence under the design and the
    ``on the target`` column follow (outsider16 D13: the text said "planned for it
    unverified" where the column said plain ``environment``)."""
    count, listed = _count_unknown(host, have)
    return None if listed else count


def _count_unknown(
    host: HostKind, have: Mapping[str, HostValue]
) -> tuple[Optional[HostValue], bool]:
    """The target's device count for ``host``'s kind where its report does not say it (else
    None), and whether the report lists devices of the kind."""
    from bringup import backends

    devices = backends.backend(host.backend).devices
    if devices is None:
        return None, False
    count = have.get(devices.count_subject)
    named = have.get(devices.kind_subject)
    listed = named is not None and named.known and bool(named.values)
    return (count if count is not None and not count.known else None), listed


def _devices_unknown(design: Design) -> list[str]:
    """A named target whose report does not say how many devices of a kind it has: the repos
    that need that kind are planned for it unverified where it lists none of them (a
    collect_env of a host with no GPU says nothing of NPUs), and for those it lists where it
    lists some (a table cut off: outsider26's "not 1"); said either way, not left to read as
    "can run there", in the words the ``on the target`` column's status keeps."""
    have = {value.subject: value for value in design.resolution.host}
    said = []
    for host in design.hosts:
        count, listed = _count_unknown(host, have)
        if not host.needs or count is None:
            continue
        names = ", ".join(need.component for need in host.needs)
        why = f": {count.reason}" if count.reason else ""
        verb = "needs" if len(host.needs) == 1 else "need"
        kind = host.kind.upper()
        planned = "those it lists" if listed else "it unverified"
        said.append(
            f"the target's {kind} count is unknown{why}; {names} {verb} {kind}s: "
            f"planned for {planned}"
        )
    return said


def design_line(design: Design) -> str:
    """The host the environments were designed for, how many, and the lines that keep repos
    apart (one per repo and subject, with its first source; the rest are in ``--json``)."""
    text = planned_for(design)
    items: dict[tuple[str, str], ConflictItem] = {}
    for apart in design.apart:
        for item in apart.reason.conflict.items if apart.reason.conflict else ():
            if item.kind == "requirement":
                items.setdefault((item.component or "", item.subject), item)
    said = [
        describe_item(msgspec.structs.replace(item, also=()))
        for item in list(items.values())[:_SAID_REASONS]
    ]
    more = f" and {len(items) - _SAID_REASONS} more" if len(items) > _SAID_REASONS else ""
    return text + (f", because {', '.join(said)}{more}" if said else "")


def verdict_line(verdict: Verdict, plan: Plan) -> str:
    """The repo's verdict, with the steps this machine skips counted by what each needs, in
    the words of the row's ``skipped`` (a step that waits for a path to fill in is no device
    step: outsider10 D18, mindpose's eval step counted as "2 device steps")."""
    from bringup.report.check_rows import skip_groups

    text = explain_verdict(verdict)
    skipped = [s for s in plan.steps if s.component == verdict.component and s.status == "skip"]
    if skipped and verdict.status in ("runs", "runs_after", "unverified"):
        text += "".join(f"; {group}" for group in skip_groups(skipped))
    if verdict.environment is not None:
        text += f" [environment {verdict.environment}]"
    return text


def python_notes(resolution: Resolution, snapshot: Snapshot) -> list[tuple[str, str]]:
    """Repos whose environment cannot use the default python3, and what it uses instead:
    (repo, sentence)."""
    default = snapshot.value(keys.PYTHON_DEFAULT)
    if not isinstance(default, str) or not is_version(default, "pep440"):
        return []
    notes = []
    noted: set[str] = set()
    for check in resolution.checks:
        if check.subject != "python" or not check.hard or check.environment is None:
            continue
        if check.component in noted:
            continue
        if SpecifierSet(check.spec, scheme_for("python")).contains(default):
            continue
        env = next(e for e in resolution.environments if e.index == check.environment)
        pin = env.pin("python")
        if pin is None:
            continue
        where = f" ({pin.source})" if pin.installed else " (to install)"
        noted.add(check.component)
        notes.append(
            (
                check.component,
                f"{check.component} needs Python {format_spec(check.spec)} ({check.source}): the "
                f"default python3 is {default}; environment {env.index} uses Python "
                f"{pin.version}{where}",
            )
        )
    return notes


def after_installs(step: PlanStep, plan: Plan) -> bool:
    """Whether a step ``up`` runs builds without pip's build isolation while its environment
    still has packages to install: it builds with what the environment holds (cubvh's ``pip
    install . --no-build-isolation`` imports torch, which environment 1 installs first), so it
    runs after those installs, not now (outsider17 D10)."""
    return (
        step.status == "run"
        and NO_BUILD_ISOLATION in step.argv
        and any(a.kind == "install" and a.environment == step.environment for a in plan.actions)
    )


def step_numbers(plan: Plan, names: Sequence[str]) -> str:
    """``steps 1, 5, 6 now; 8, 9 after the installs below`` for a group of plan steps."""
    wanted = set(names)
    steps = [s for s in plan.steps if f"{s.component}:{s.name}" in wanted]
    now = [str(s.order) for s in steps if s.status == "run" and not after_installs(s, plan)]
    later = [str(s.order) for s in steps if s.status == "blocked" or after_installs(s, plan)]
    parts = []
    if now:
        parts.append(f"{', '.join(now)} now")
    if later:
        parts.append(f"{', '.join(later)} after the actions below")
    return ("step " if len(steps) == 1 else "steps ") + "; ".join(parts)


def step_text(step: PlanStep) -> str:
    """The command in full (the scan shortens long ones in a step's name), or the step's
    own name when it says more than its command. A command the plan changed from the words
    it cites (``pip install ./cmake_example`` run as ``pip install --no-build-isolation .``,
    ``plan.isolation``, ``scan.ownfolder``) is shown as it runs, the cited words after it."""
    name = step.name
    if not step.argv:
        return name
    if name.endswith("...") and shlex.join(step.argv).startswith(name[:-3]):
        return shown_step(step.argv, "check --json")
    if _changed(name, step.argv):
        return f"{shown_step(step.argv, 'check --json')} (as written: {name})"
    return name


def _changed(name: str, argv: tuple[str, ...]) -> bool:
    """Whether ``name`` is the command ``argv`` runs, written otherwise."""
    try:
        words = shlex.split(name)
    except ValueError:
        return False
    return bool(words) and words[0] == argv[0] and tuple(words) != argv


def result_document(result: CheckResult, details: Optional[str] = None) -> Document:
    """``check_document`` of a whole ``bringup check`` answer, as every caller has it."""
    return check_document(
        components=result.inputs.components,
        findings=result.inputs.findings,
        snapshot=result.inputs.snapshot,
        resolution=result.resolution,
        plan=result.plan,
        design=result.design,
        details=details,
    )


def check_document(
    *,
    components: Sequence[Component],
    findings: Sequence[Any],
    snapshot: Snapshot,
    resolution: Resolution,
    plan: Plan,
    design: Design,
    details: Optional[str] = None,
) -> Document:
    """The report: the screenful (``details`` None), everything (``ALL``) or one repo's
    details (its name), after the host the environments are designed for."""
    from bringup.report.check_details import details as add_details
    from bringup.report.check_summary import summary

    document = Document(_title(components, snapshot, resolution, plan, details))
    clones = _clones(findings)
    if clones is not None:
        document.add(clones)
    if details is None:
        summary(
            document,
            components=components,
            resolution=resolution,
            plan=plan,
            design=design,
            findings=len(findings),
        )
    else:
        said = design_line(design) if details == ALL else planned_for(design)
        document.add(Paragraph(Line(said)))
        for apart in design.elsewhere:
            if details in (ALL, apart.component):
                document.add(Paragraph(Line(elsewhere_sentence(apart))))
        for block, sentence in zip(design.resolution.hardware, target_lacks(design)):
            if details in (ALL, block.component):
                document.add(Paragraph(Line(sentence, "red")))
        add_details(
            document,
            components=components,
            snapshot=snapshot,
            resolution=resolution,
            plan=plan,
            design=design,
            findings=len(findings),
            only=None if details == ALL else details,
        )
    return document


def _clones(findings: Sequence[Any]) -> Optional[Paragraph]:
    """The repos found as clones of their own inside a directory given (``scan.workspace``),
    said at the top: the directory was not read as one repo."""
    notes = [f for f in findings if f.kind == "note" and f.subject == CLONE]
    if not notes:
        return None
    names = ", ".join(f.component or "" for f in notes)
    within = os.path.dirname(os.path.dirname(notes[0].sources[0].ref or "")) or "."
    return Paragraph(
        Line(
            f"{names}: clones of their own inside {within} (each has its own .git), "
            "checked as separate repos"
        )
    )


def _title(
    components: Sequence[Component],
    snapshot: Snapshot,
    resolution: Resolution,
    plan: Plan,
    details: Optional[str],
) -> Line:
    host = ", ".join(
        str(v)
        for v in (snapshot.value(keys.ARCH), snapshot.value(keys.OS_PRETTY_NAME))
        if v is not None
    )
    origin = {"live": "this machine", "replay": "a recorded host", "report": "a pasted report"}
    which = f" ({details}'s details)" if details not in (None, ALL) else ""
    return Line("bringup check", "bold").append(
        f"{which}: {counted(len(components), 'repo')} on {origin[snapshot.origin]}"
        f"{f' ({host})' if host else ''}; "
        f"{tier_text(plan)}"
    )


def set_aside_text(conflict: Conflict) -> str:
    """A repo's lines that cannot all hold on the target, in one sentence."""
    head = "; ".join(describe_item(item) for item in conflict.items)
    return head + ": cannot all hold on the target, left out of the split"
