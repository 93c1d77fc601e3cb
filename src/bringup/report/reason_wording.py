"""The words of the plan's reasons: why a step waits, is blocked or needs devices (``reason_text``),
with the device and host words a backend names; apart from ``wording``'s solver sentences because
a reason is the planner's structure, read by check, up and the step runner alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup import backends
from bringup.model.plan import Action, PlanStep, Reason
from bringup.model.source import Source
from bringup.plan.stepneeds import REWRITES
from bringup.report.verdict_wording import describe_host
from bringup.report.wording import explain_conflict, format_spec, missing_folder
from bringup.scan.cmaketests import TESTS_OFF
from bringup.scan.containerimage import IMAGE_INPUT
from bringup.scan.guidecreated import CREATED
from bringup.subjects import display_name


def device_word(subject: str) -> tuple[str, str]:
    """One device and several, as the backend whose devices ``subject`` counts (or tells the
    kind of: ``chip``) names them (its vocabulary's first device word); any kind: "device"."""
    if not subject:
        return "device", "devices"
    for item, devices in backends.with_devices():
        if (
            subject in (devices.count_subject, devices.kind_subject)
            and item.vocabulary.device_words
        ):
            one = item.vocabulary.device_words[0]
            return one, f"{one}s"
    return display_name(subject), ""


def _devices_text(reason: Reason) -> str:
    """``needs 1 GPU (unit_test.py:15); this machine has 0``: with the line that asks for
    the devices when a file the step runs says it (``StepNeeds.device_at``)."""
    one, many = device_word(reason.subject)
    word = one if reason.need == "1" else many or one
    where = f" ({reason.sources[0]})" if reason.sources else ""
    have = reason.have
    if have is None or have.status != "ok" or not have.values or not have.values[0].isdigit():
        why = f" ({have.status}: {have.reason})" if have is not None and have.reason else ""
        return f"needs {reason.need} {word}{where}; the {one} count here is unknown{why}"
    return f"needs {reason.need} {word}{where}; this machine has {have.values[0]}"


def host_word(subject: str) -> str:
    """The device word of the backend that owns ``subject`` (its kernels install where its
    devices are)."""
    owner = backends.owner_of(subject)
    words = owner.vocabulary.device_words if owner is not None else ()
    return words[0] if words else "device"


def _beside_step(sources: Sequence[Source]) -> str:
    """Where a step's recipe line is, said from the step's own file: ``at line 14`` in it,
    else the path from its folder (``at scripts/release.sh:3``)."""
    if len(sources) < 2:
        return ""
    step, line = sources[0], sources[-1]
    if line.ref == step.ref:
        return f" at line {line.line}"
    folder, text = step.ref.rpartition("/")[0], str(line)
    return f" at {text[len(folder) + 1 :] if folder and text.startswith(folder + '/') else text}"


def reason_text(reason: Reason, actions: Sequence[Action] = ()) -> str:
    """Why a step is skipped or blocked, in one sentence; ``actions`` are the step's (an
    ``install`` reason waits for them)."""
    if reason.kind == "devices":
        return _devices_text(reason)
    if reason.kind == "chip":
        have = reason.have
        present = sorted(have.values) if have is not None and have.status == "ok" else []
        wanted = " or ".join(reason.need.split(","))
        return f"needs {wanted}; this machine has {', '.join(present) or 'none'}"
    if reason.kind == "conflict":
        head = "no environment on this machine holds it"
        return head + (f": {explain_conflict(reason.conflict)}" if reason.conflict else "")
    if reason.kind == "install":
        waiting = ", ".join(f"{display_name(a.subject)} {a.version}" for a in actions if a.version)
        return f"needs {waiting} installed"
    if reason.kind == "publish":
        beside = _beside_step(reason.sources)
        return f"publishes or deploys ({reason.need}{beside}): up never runs it"
    if reason.kind == "input" and CREATED in reason.need:
        return f"needs your input: {reason.need} first (up does not run it as written)"
    if reason.kind == "input" and reason.need.startswith(REWRITES):
        return f"{reason.need}: up does not run it after them (run it on its own)"
    if reason.kind == "input" and reason.need.startswith(IMAGE_INPUT):
        return f"needs the {reason.need} first: up does not build it"
    if reason.kind == "input" and TESTS_OFF in reason.need:
        return f"runs no tests unless configured with {reason.need}; up does not run it as written"
    if reason.kind == "input":
        return f"needs your input: fill in {reason.need} first (up does not run it as written)"
    if reason.kind == "system":
        return f"installs outside the environment, into {reason.need}: up never runs it"
    if reason.kind == "route" and reason.need.startswith("-") and reason.have is not None:
        where = _at_line(reason)
        return (
            f"its guide builds with {reason.need}{where} for the environment's"
            f" {display_name(reason.subject)}: another route, up does not run it"
        )
    if reason.kind == "route" and reason.need.startswith("-"):
        return f"builds for another platform ({reason.need}): another route, up does not run it"
    if reason.kind == "itself":
        return (
            f"installs {reason.subject} itself from {reason.need}, not this checkout:"
            " another route, up does not run it"
        )
    if reason.kind == "covered":
        return (
            f"covered by step {reason.subject} ({reason.need}), which installs the same folder"
            " with the same or more extras: up runs that one only"
        )
    if reason.kind == "checkout":
        where = f" ({reason.sources[0]})" if reason.sources else ""
        return f"cannot build this copy{where}: {reason.need}; up does not run it"
    if reason.kind == "route":
        held = f" {reason.have.values[0]}" if reason.have is not None and reason.have.values else ""
        where = _at_line(reason)
        return (
            f"its guide installs {display_name(reason.subject)} {format_spec(reason.need)}{where};"
            f" the environment holds{held}: another guide's route, up does not run it"
        )
    if reason.kind == "missing" and reason.need.endswith(".whl"):
        return f"installs {reason.need}, a file to download first (the repo does not have it)"
    if reason.kind == "missing" and missing_folder(reason.need):
        where = "" if reason.subject in ("", ".") else f" in {reason.subject}"
        return (
            f"installs the folder {reason.need}, which the checkout does not have{where} (one"
            " the guide's reader made or cloned elsewhere: up runs in the checkout)"
        )
    if reason.kind == "missing":
        where = "" if reason.subject in ("", ".") else f" in {reason.subject}"
        # a requirements list (``localpaths``) is installed from, not run
        verb = "installs from" if reason.need.endswith(".txt") else "runs"
        return f"{verb} {reason.need}, which the repo does not have{where}"
    host = describe_host(reason.have) if reason.have is not None else "nothing known"
    return (
        f"needs {display_name(reason.subject)} {format_spec(reason.need)}; this machine has {host}"
    )


def _at_line(reason: Reason) -> str:
    """`` (line N)`` of the guide line a route's reason cites first, or nothing."""
    line = reason.sources[0].line if reason.sources else None
    return f" (line {line})" if line else ""


class OnceSaid:
    """The reasons of one listing of steps, each conflict said once: the first step it
    blocks carries its sentence, each later one names that step, as one conflict of nine
    sources repeated for eight steps made ~900 characters a line (outsider16 D7)."""

    def __init__(self) -> None:
        self._first: dict[bytes, int] = {}

    def __call__(self, step: PlanStep) -> Optional[str]:
        reason = step.reason
        if reason is None:
            return None
        if reason.kind == "conflict" and reason.conflict is not None:
            first = self._first.setdefault(msgspec.json.encode(reason.conflict), step.order)
            if first != step.order:
                return f"no environment on this machine holds it: the conflict said at step {first}"
        return reason_text(reason, step.actions)
