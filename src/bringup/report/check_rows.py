"""One row of ``bringup check``'s table per repo, as data: where it stands on a named target
(a status code and the words the ``on the target`` column prints), the one reason that
decides its verdict on this machine, the steps skipped here, the repos it is kept apart from
and the conflicts that hold it. The screenful prints these rows; ``--json`` carries them
field for field, so every fact of the table is in both."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal, Optional

import msgspec

from bringup import backends
from bringup.model.plan import Design, Plan, PlanStep, Reason
from bringup.model.resolution import Resolution, Verdict
from bringup.plan.stepneeds import REWRITES
from bringup.report.check_text import count_unsaid, os_named
from bringup.report.check_why import Numbered
from bringup.report.matching_text import relative
from bringup.report.reason_wording import device_word
from bringup.report.verdict_wording import (
    describe_obstacle,
    explain_verdict,
    from_index,
    unfetched_text,
)
from bringup.report.wording import (
    cite_first,
    counted,
    format_spec,
    missing_folder,
    subject_spec,
    vendor_named,
)
from bringup.scan.cmaketests import TESTS_OFF
from bringup.scan.containerimage import IMAGE_INPUT
from bringup.scan.guidecreated import CREATED
from bringup.solve.nodevice import RUNS_ONLY_ON
from bringup.solve.prosenames import docs_only
from bringup.subjects import display_name

TargetStatus = Literal[
    "environment",
    "environment_unverified",
    "environment_after_driver_change",
    "environment_once_resolved",
    "once_resolved",
    "cannot_run",
    "no_environment",
]
"""Where a repo stands on a named target (``--json``'s ``on_target.status``), in the words
of the ``on the target`` column: ``environment`` (*environment 1*), ``environment_unverified``
(*environment 1, unverified: needs compute capability >= 8.9 (...)*: the target's devices
are of a kind the knowledge base cannot name, or how many it has is not said), ``environment_after_
driver_change`` (*environment 1 after changing the Ascend driver 23.0.3 to >= 25.5.1*),
``environment_once_resolved`` (*environment 1 once conflict 1 is resolved*: its own lines
set aside to plan the rest of it), ``once_resolved`` (the same, with no environment),
``cannot_run`` (*cannot run (needs a GPU)*) and ``no_environment``."""


class DriverChange(msgspec.Struct, frozen=True, kw_only=True):
    """The driver a target must change for its environment: from ``have`` to ``need``."""

    subject: str
    have: str
    need: str


class OnTarget(msgspec.Struct, frozen=True, kw_only=True):
    """A repo's cell in the ``on the target`` column: its status, the words printed, the
    environment planned for it there, the conflicts numbered in the report whose lines
    were set aside, and the driver change its environment there needs."""

    status: TargetStatus
    text: str
    environment: Optional[int] = None
    conflicts: tuple[int, ...] = ()
    driver: Optional[DriverChange] = None


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """A repo's row: ``reason`` decides its verdict here (with its first source),
    ``skipped`` counts the steps skipped here by what they need, ``apart_from`` and
    ``splits`` are the repos it is kept apart from and the numbered conflicts that do it
    (environment splits), ``conflicts`` the numbered conflicts of its own lines; ``here``
    is the ``on this machine`` cell those make."""

    component: str
    on_target: Optional[OnTarget]
    reason: str
    skipped: tuple[str, ...] = ()
    apart_from: tuple[str, ...] = ()
    splits: tuple[int, ...] = ()
    conflicts: tuple[int, ...] = ()

    @property
    def here(self) -> str:
        text = self.reason
        if self.skipped:
            text += "; " + "; ".join(self.skipped)
        if self.splits:
            numbers = ", ".join(map(str, self.splits))
            text += f"; kept apart from {', '.join(self.apart_from)} ({numbers})"
        if self.conflicts:
            text += f"; conflict {', '.join(map(str, self.conflicts))}"
        return text


def rows(
    resolution: Resolution,
    plan: Plan,
    roots: dict[str, str],
    conflicts: Sequence[Numbered],
    design: Optional[Design] = None,
) -> list[Row]:
    """One row per repo on this machine; with a named target (``--target 910B:8``), where
    it stands there too, so the line on this machine is not read as the answer for it."""
    targeted = design is not None and design.target.kind != "asked"
    found = []
    for verdict in resolution.verdicts:
        name = verdict.component
        reason = deciding_reason(verdict, resolution, roots.get(name, name))
        skipped: list[str] = []
        if verdict.status in ("runs", "runs_after", "unverified"):
            skipped = skip_groups([s for s in plan.steps if s.component == name])
        mine = [c for c in conflicts if name in c.conflict.components]
        splits = [c for c in mine if c.role in ("split", "split_here")]
        others = [o for c in splits for o in c.conflict.components if o != name]
        on = None
        if design is not None and targeted:
            aside = [
                c.number
                for c in mine
                if c.conflict in design.resolution.set_aside and not docs_only(c.conflict)
            ]
            on = on_target(name, design, aside)
        found.append(
            Row(
                component=name,
                on_target=on,
                reason=reason,
                skipped=tuple(skipped),
                apart_from=tuple(dict.fromkeys(others)),
                splits=tuple(c.number for c in splits),
                conflicts=tuple(c.number for c in mine if c not in splits),
            )
        )
    return found


def on_target(name: str, design: Design, aside: Sequence[int]) -> OnTarget:
    """Where a repo stands on the named target: the environment planned for it there, the
    device it needs that the target lacks, or the conflicts (numbered ``aside``) whose lines
    the design set aside to place it, which keep it from running there as planned until they
    are resolved (its environment is still the one the design lists: outsider26 #6)."""
    need = next((e for e in design.elsewhere if e.component == name), None)
    if need is not None:
        if need.reason.kind == "platform":
            why = f"the target runs {os_named(need.reason)}"
        elif need.reason.kind == "hardware":
            why = f"needs {subject_spec(need.reason.subject, need.reason.need)}"
        else:
            kind = need.reason.need.upper()
            why = f"needs {article(kind)} {kind}"
        return OnTarget(status="cannot_run", text=f"cannot run ({why})")
    env = design.resolution.environment_of(name)
    index = env.index if env is not None else None
    if aside:  # its own lines that cannot all hold, left out to plan the rest of it
        planned = f"environment {index} " if index is not None else ""
        return OnTarget(
            status="environment_once_resolved" if index is not None else "once_resolved",
            text=f"{planned}once conflict {', '.join(map(str, aside))} is resolved",
            environment=index,
            conflicts=tuple(aside),
        )
    if index is None:
        return OnTarget(status="no_environment", text="no environment")
    verdict = next((v for v in design.resolution.verdicts if v.component == name), None)
    drivers = [o for o in verdict.obstacles if o.kind == "driver"] if verdict else []
    if not drivers:
        unknown = unverified_on_target(name, design)
        return OnTarget(
            status="environment_unverified" if unknown else "environment",
            text=f"environment {index}{unknown}",
            environment=index,
        )
    # the target's driver is one of the changes its design asks for, as this machine's
    # verdict says of its own ("runs here after changing the Ascend driver")
    driver = drivers[0]
    had = next((h for h in design.resolution.host if h.subject == driver.subject), None)
    values = ", ".join(had.values) if had is not None and had.values else ""
    now = f" {values}" if values else ""
    change = f"changing the {display_name(driver.subject)}{now} to {format_spec(driver.detail)}"
    # a driver change for devices nobody can name is no advice: whether any toolkit serves
    # them is unknown (a GTX 460 told to move to driver >= 580, outsider15 D4)
    unknown = _device_unknown(verdict, design)
    return OnTarget(
        status="environment_unverified" if unknown else "environment_after_driver_change",
        text=f"environment {index}{unknown}; it would also need {change}"
        if unknown
        else f"environment {index} after {change}",
        environment=index,
        driver=DriverChange(subject=driver.subject, have=values, need=driver.detail),
    )


def unverified_on_target(name: str, design: Design) -> str:
    """``, unverified: ...`` when the named target cannot be said to have the devices repo
    ``name`` needs (``_device_unknown``, ``_count_unknown``), else ``""``: what makes its row
    ``environment_unverified``, and ``check`` exit 1, as an unverified verdict here does. A row
    that changes the target's driver says that change instead (and exits 1 without
    ``--allow-driver-change``)."""
    verdict = next((v for v in design.resolution.verdicts if v.component == name), None)
    if verdict is not None and any(o.kind == "driver" for o in verdict.obstacles):
        return ""
    return (
        _device_unknown(verdict, design)
        or _count_unknown(name, design)
        or _release_unknown(name, design)
        or _pin_unknown(verdict)
    )


def _release_unknown(name: str, design: Design) -> str:
    """``, unverified: ...`` when repo ``name``'s environment on the target pins a release
    the knowledge base does not list (CANN 9.2.0 on a target whose driver no row checks it
    against): unknown is not "fits", so the row says what the user must check and the
    nearest row that is known, with its source (outsider14 D5)."""
    env = design.resolution.environment_of(name)
    for pin in env.pins if env is not None else ():
        if pin.origin == "unverified" and pin.missing:
            release = f"{display_name(pin.subject)} {pin.version}"
            return f", unverified: {release} is not in the knowledge base ({pin.missing[0]})"
    return ""


def _pin_unknown(verdict: Optional[Verdict]) -> str:
    """``, unverified: ...`` when a pin of the repo's environment there is one the knowledge
    base cannot vouch for: not in it (torch 1.7.1 beside the CUDA 12.9 planned for a V100,
    NVlabs/stylegan2-ada-pytorch README.md:65-66: plain "environment 1", outsider15 D3), or
    one whose rows do not say what it needs (``solve.verdict``'s unchecked pins)."""
    for obstacle in verdict.obstacles if verdict is not None else ():
        if obstacle.missing and obstacle.kind in ("install", "unchecked"):
            name = f"{display_name(obstacle.subject)} {obstacle.detail}"
            return f", unverified: {name}: {obstacle.missing[0]}"
    return ""


def _count_unknown(name: str, design: Design) -> str:
    """``, unverified: ...`` when the repo needs devices of one kind and the target's report
    names none of them and does not say how many it has (a collect_env that says "CUDA
    available: False" and names no GPU: outsider13 D7, lmdeploy#2585's report, was
    "environment 1", exit 0, under a line saying "planned for it unverified")."""
    have = {value.subject: value for value in design.resolution.host}
    for host in design.hosts:
        if not any(need.component == name for need in host.needs):
            continue
        count = count_unsaid(host, have)
        if count is not None:
            why = f" ({count.reason})" if count.reason else ""
            return f", unverified: its {host.kind.upper()} count is unknown{why}"
    return ""


def _device_unknown(verdict: Optional[Verdict], design: Design) -> str:
    """``, unverified: ...`` when the target lists devices of a kind the repo's environment
    asks a kind of, but not which kind they are (a pasted nvidia-smi naming a GPU the
    knowledge base does not list): unknown is not "fits" (outsider8 #1)."""
    kinds = {devices.kind_subject for _backend, devices in backends.with_devices()}
    for obstacle in verdict.obstacles if verdict is not None else ():
        if obstacle.kind != "unverified" or obstacle.subject not in kinds:
            continue
        had = next((h for h in design.resolution.host if h.subject == obstacle.subject), None)
        if had is not None and had.status == "unknown" and had.source.kind != "derived":
            need = subject_spec(obstacle.subject, obstacle.detail)
            return f", unverified: needs {need} ({had.reason}: {had.source})"
    return ""


def deciding_reason(verdict: Verdict, resolution: Resolution, root: str) -> str:
    """The verdict and the one thing that decides it, with its first source."""
    if verdict.status == "runs":
        return "runs here"
    if verdict.status == "needs_hardware":
        blocks = [b for b in resolution.hardware if b.component == verdict.component]
        if blocks:
            block = min(blocks, key=lambda b: (b.scope != "all", blocks.index(b)))
            req = block.requirement
            where = cite_first((req.source, *block.also), lambda s: relative(s, root))
            if len(blocks) == 1 and req.text == RUNS_ONLY_ON:
                return _builds_here(verdict, req.subject, where)
            more = f"; {counted(len(blocks) - 1, 'more need')}" if len(blocks) > 1 else ""
            need = subject_spec(req.subject, req.spec)
            return f"needs other hardware: {need} ({where}){more}"
        # a toolkit of devices the host has none of (CUDA on an NPU host): the devices
        devices = [o for o in verdict.obstacles if o.kind == "hardware"]
        if devices:
            return f"needs other hardware: {describe_obstacle(devices[0])} (none here)"
    obstacles = [o for o in verdict.obstacles if o.kind in ("driver", "install")]
    if verdict.status == "runs_after" and obstacles:
        # a submodule to fetch first: the build reads it, and no install makes up for it
        first = min(
            obstacles,
            key=lambda o: (o.kind != "driver", o.subject != "submodule", from_index(o)),
        )
        verb = "changing" if first.kind == "driver" else "installing"
        verb = "fetching" if first.subject == "submodule" else verb
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


def _builds_here(verdict: Verdict, devices: str, where: str) -> str:
    """A repo whose built code runs on one kind of device alone, on a host with none: it builds
    here (after what it needs installed) and runs elsewhere, both said (outsider13 D4)."""
    installs = [o for o in verdict.obstacles if o.kind in ("driver", "install")]
    after = ""
    if installs:
        first = min(installs, key=lambda o: (o.kind != "driver", from_index(o)))
        verb = "changing" if first.kind == "driver" else "installing"
        more = f" +{len(installs) - 1} more" if len(installs) > 1 else ""
        after = f" after {verb} {describe_obstacle(first)}{more}"
    return f"builds here{after}; runs only on {vendor_named(devices)} (none here; {where})"


def skip_groups(steps: Sequence[PlanStep]) -> list[str]:
    """Skipped steps counted by what they need: ``3 steps need a device``, ``1 step needs
    arch aarch64``; installs another covers (``plan.covered``) need nothing, counted apart."""
    counts: Counter[str] = Counter()
    covered = 0
    for step in steps:
        if step.status == "skip" and step.reason is not None and step.reason.kind == "covered":
            covered += 1
        elif step.status == "skip" and step.reason is not None:
            counts[_need(step.reason)] += 1
    found = [
        f"{counted(n, 'step')} need{'s' if n == 1 else ''} {what}" for what, n in counts.items()
    ]
    return found + (
        [f"{counted(covered, 'install')} covered by another of the same folder"] if covered else []
    )


def _need(reason: Reason) -> str:
    """What a skipped step needs: a device of some kind (whatever its count or chip), or a
    host value."""
    if reason.kind == "publish":
        return "you to run it, if at all: it publishes or deploys (up never runs it)"
    if reason.kind == "input" and CREATED in reason.need:
        return "your input (a file its guide has you create)"
    if reason.kind == "input" and reason.need.startswith(REWRITES):
        return "your input (a script that would undo the build before it)"
    if reason.kind == "input" and reason.need.startswith(IMAGE_INPUT):
        return "your input (a container image to build first)"
    if reason.kind == "input" and TESTS_OFF in reason.need:
        return "your input (a configure option that builds the tests)"
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
    if reason.kind == "itself":
        return "the released or upstream project, not this checkout (another route, up skips it)"
    if reason.kind == "checkout":
        return "a git clone of the repo (its build asks git for its version; this copy has no .git)"
    one, many = device_word(reason.subject)
    have = _device_count(reason)
    if have:  # some, too few: "needs an NPU" on a host with one sends the reader to its driver
        return f"{reason.need} {many or 'devices'} (this machine has {have})"
    if reason.kind in ("devices", "chip") or many:
        return f"{article(one)} {one}"
    return subject_spec(reason.subject, reason.need)


def _device_count(reason: Reason) -> int:
    """How many devices the host has where a ``devices`` reason says too few; 0 otherwise."""
    have = reason.have
    if reason.kind != "devices" or have is None or have.status != "ok" or not have.values:
        return 0
    count = have.values[0]
    return int(count) if count.isascii() and count.isdigit() else 0


def article(word: str) -> str:
    """``an <ACRONYM>`` read letter by letter (an "en", an "ef"...), ``a device``."""
    vowels = "AEFHILMNORSX" if word.isupper() else "aeiou"
    return "an" if word[:1] in vowels else "a"
