"""The words of a repo's verdict ("runs here after installing ...", "may run here,
unverified: ...", "needs other hardware: ...") and of the obstacles and host values it is
made of. Apart from ``wording``, which holds the words every renderer shares (counts,
specs, citations, conflicts), so that each stays one reader's size.
"""

from __future__ import annotations

import msgspec

from bringup.model.resolution import HardwareBlock, HostValue, Obstacle, Unverified, Verdict
from bringup.report.wording import cite, counted, format_spec, host_has, series, subject_spec
from bringup.subjects import display_name


def describe_host(value: HostValue) -> str:
    """What the machine has, in words: "0 <devices>", "no <device>", "no <Vendor> driver
    (...)", "<Vendor> driver unknown (timed_out: ...)"."""
    if value.status == "ok":
        return host_has(value.subject, ", ".join(value.values))
    if value.status == "absent":
        # the source cites where it was looked for; the reason would say it again
        reason = value.reason or ""
        return reason if reason.startswith("no ") else f"no {display_name(value.subject)}"
    reason = f": {value.reason}" if value.reason else ""
    return f"{display_name(value.subject)} unknown ({value.status}{reason})"


def explain_hardware(block: HardwareBlock, host: str = "this machine") -> str:
    """What a repo needs of the hardware and what ``host`` (this machine, the target) has."""
    req = block.requirement
    return (
        f"{block.component} needs {subject_spec(req.subject, req.spec)} "
        f"{cite(req.source, block.also)}; "
        f"{host} has {describe_host(block.host)} {cite(block.host.source)}"
    )


def explain_unverified(item: Unverified) -> str:
    who = f"{item.component} needs" if item.component else "needs"
    where = f" in environment {item.environment}" if item.environment is not None else ""
    return (
        f"{who} {subject_spec(item.subject, item.spec)}{where} {cite(item.source)}: "
        f"not checked here ({item.reason})"
    )


def from_index(obstacle: Obstacle) -> bool:
    """An install the package index resolves: no version, or a range rather than a pin."""
    return obstacle.kind == "install" and (not obstacle.detail or obstacle.detail[0] in "<>=!~")


def describe_obstacle(obstacle: Obstacle) -> str:
    """An obstacle in a few words: "<Toolkit> 8.0.0" (to install), "the <Vendor> driver
    (>= 24.1)" (to change), "<devices> >= 2" (needed from the machine)."""
    name = display_name(obstacle.subject)
    if obstacle.kind == "install" and obstacle.subject == "system_package":
        return f"{obstacle.detail} (a system package)"
    if obstacle.kind == "install":
        detail = obstacle.detail
        if from_index(obstacle):
            spec = f" {format_spec(detail)}" if detail else ""
            built = [m for m in obstacle.missing if m.startswith("built from ")]
            return f"{name}{spec} ({built[0] if built else 'from the package index'})"
        if obstacle.missing:
            return f"{name} {detail} (unverified: not in the knowledge base)"
        return f"{name} {detail}"
    if obstacle.kind == "driver":
        return f"the {name} ({format_spec(obstacle.detail)})"
    return subject_spec(obstacle.subject, obstacle.detail)


def _listed(obstacles: tuple[Obstacle, ...], kinds: tuple[str, ...]) -> list[str]:
    """The obstacles of some kinds in words, each once."""
    return list(dict.fromkeys(describe_obstacle(o) for o in obstacles if o.kind in kinds))


_INSTALLS_SAID = 8
"""Installs a verdict names before it counts the rest: InternVL's verdict named 181 pins of
its requirements file, 30 lines of "X == v (from the package index)" (outside tester 25,
D10); each is in the version table, ``--json`` and the next actions."""


def _installs(obstacles: tuple[Obstacle, ...]) -> list[str]:
    """The installs in words, each once; past ``_INSTALLS_SAID`` (and one more, never "+1
    more"), the toolkits and releases first, then a count of the rest."""
    said = _listed(obstacles, ("install",))
    if len(said) <= _INSTALLS_SAID + 1:
        return said
    ordered = sorted((o for o in obstacles if o.kind == "install"), key=from_index)
    said = list(dict.fromkeys(describe_obstacle(o) for o in ordered))
    return [*said[:_INSTALLS_SAID], f"{len(said) - _INSTALLS_SAID} more packages"]


def explain_verdict(verdict: Verdict) -> str:
    """The verdict line of a repo: runs here / runs here after ... / may run here, unverified:
    ... (as the screenful words it) / needs other hardware / blocked."""
    obstacles = verdict.obstacles
    doubts = {(o.subject, o.missing) for o in obstacles if o.kind == "unchecked"}
    # an install whose doubt says what it lacks is "unverified" once, in the doubt
    installs = _installs(
        tuple(
            msgspec.structs.replace(o, missing=())
            if o.kind == "install" and (o.subject, o.missing) in doubts
            else o
            for o in obstacles
            if o.subject != "submodule"
        )
    )
    drivers = _listed(obstacles, ("driver",))
    fetches = [o.detail for o in obstacles if o.kind == "install" and o.subject == "submodule"]
    after = []
    if fetches:  # a submodule not fetched that the repo's build reads (``solve.submodulecode``)
        after.append(f"fetching {counted(len(fetches), 'submodule')} ({', '.join(fetches)})")
    if installs:
        after.append("installing " + series(installs))
    if drivers:
        after.append("changing " + series(drivers))
    if verdict.status == "runs":
        return "runs here"
    if verdict.status == "runs_after":
        return "runs here after " + " and ".join(after)
    unfetched = unfetched_text(obstacles) if verdict.status == "unverified" else None
    if unfetched is not None:
        return unfetched
    if verdict.status == "unverified":
        head = "may run here" + (" after " + " and ".join(after) if after else "")
        return f"{head}, unverified: {unchecked_text(obstacles)}"
    if verdict.status == "needs_hardware":
        text = "needs other hardware: " + ", ".join(_listed(obstacles, ("hardware", "platform")))
        if after and not any(o.kind == "platform" for o in obstacles):
            text += "; what needs no device runs here after " + " and ".join(after)
        return text
    return "blocked: no environment on this machine satisfies " + "; ".join(
        _listed(obstacles, ("conflict",))
    )


def unfetched_text(obstacles: tuple[Obstacle, ...]) -> str | None:
    """The verdict of a repo whose code lies in submodules not fetched (every unchecked
    obstacle a submodule's, ``solve.submodulecode``), or None."""
    unchecked = [o for o in obstacles if o.kind == "unchecked"]
    if not unchecked or any(o.subject != "submodule" for o in unchecked):
        return None
    paths = list(dict.fromkeys(o.detail for o in unchecked))
    return (
        f"unknown until {counted(len(paths), 'submodule')} {'is' if len(paths) == 1 else 'are'} "
        f"fetched ({', '.join(paths)}): the checkout states nothing outside them"
    )


def unchecked_text(obstacles: tuple[Obstacle, ...]) -> str:
    """What the knowledge base cannot vouch for: each unchecked pin with what it says or
    lacks ("torch 1.11.0: no row in torch_cuda.toml says which Python ...")."""
    said = [
        f"{display_name(o.subject)} {o.detail}: {'; '.join(o.missing)}"
        for o in obstacles
        if o.kind == "unchecked"
    ]
    return "; ".join(dict.fromkeys(said))
