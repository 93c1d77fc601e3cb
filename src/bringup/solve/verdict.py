"""One verdict per repo, from a resolution: runs here, runs here after some obstacles are
removed, needs other hardware, or blocked. Structured obstacles; prose is written later."""

from __future__ import annotations

from bringup.model.resolution import (
    Environment,
    Obstacle,
    ObstacleKind,
    Pin,
    Resolution,
    Verdict,
    VerdictStatus,
)
from bringup.model.source import Source
from bringup.solve.builddownloads import build_downloads
from bringup.solve.kinds import kind_of_subject
from bringup.solve.needs import missing_tools
from bringup.solve.otherkind import other_kind_only
from bringup.solve.partsonly import parts_only
from bringup.solve.prosenames import built_from, docs_only, left_by_hand
from bringup.solve.solverinput import SolverInput, rule_source
from bringup.solve.submodulecode import unfetched_code
from bringup.solve.unreadfiles import unread_files
from bringup.solve.unvouched import Uses, unchecked_obstacles
from bringup.subjects import display_name, scope_of


def _host_kind(subject: str, source: Source) -> ObstacleKind:
    """What kind of obstacle a host value in a repo's own conflict is; a value a what-if
    gives (a chosen subject fixed, or a driver held at a version) is part of the conflict
    itself: the question was whether the repo runs with it, so changing it is no way out."""
    if source.kind == "user":
        return "conflict"
    scope = scope_of(subject)
    if scope == "driver":
        return "driver"
    if scope == "hardware":
        return "hardware"
    if scope == "platform":
        return "platform"
    return "conflict"


def _installed_meets(uses: Uses, env: Environment, subject: str) -> bool:
    """Whether the driver the host has already meets every hard line this environment puts on
    it: its repos' own and its pins' rows. The driver is one for the machine, so another
    environment's change moves it here too (CANN 9.0.0 beside CANN 8.1.RC1 on driver 24.1.0,
    outsider26 #5); this one asks for no change of its own then."""
    problem = uses.problem
    installed = {c.id for c in problem.candidates.get(subject, ()) if c.installed is not None}
    if not installed:
        return False
    members = set(env.components)
    for req in problem.requirements:
        if req.subject != subject or not req.requirement.hard:
            continue
        if problem.components[req.component].name in members and not installed & req.allowed:
            return False
    for item in problem.rules:
        if item.then_subject != subject or item.soft:
            continue
        held = env.pin(item.subject)
        if held is None or uses.candidate_of.get((item.subject, held.version)) not in item.when:
            continue
        if not installed & item.then:
            return False
    return True


def _driver_change(uses: Uses, env: Environment, pin: Pin) -> Obstacle:
    """A driver the environment needs changed, as the bound its rows set (CANN 9.0.0 needs
    the Ascend driver >= 25.5.1, cann_hdk.toml): the change an admin makes, not the newest
    release the solver happened to pick (outsider23 D28: "to 26.1.0"), each row's release
    named in ``missing`` ("for CANN 9.0.0"); the pin itself where no row bounds it."""
    bounds: dict[str, Source] = {}
    needed_by: list[str] = []
    for item in uses.problem.rules:
        if item.then_subject != pin.subject or item.soft:
            continue
        held = env.pin(item.subject)
        if held is None or uses.candidate_of.get((item.subject, held.version)) not in item.when:
            continue
        bounds.setdefault(item.rule.then_spec, rule_source(item.rule))
        needed_by.append(f"for {display_name(item.subject)} {held.version}")
    if not bounds:
        return Obstacle(kind="driver", subject=pin.subject, detail=pin.version, source=pin.source)
    return Obstacle(
        kind="driver",
        subject=pin.subject,
        detail=",".join(bounds),
        source=next(iter(bounds.values())),
        missing=tuple(dict.fromkeys(needed_by)),
    )


def _verdict(uses: Uses, resolution: Resolution, name: str) -> Verdict:
    obstacles: list[Obstacle] = []
    for block in resolution.hardware:
        if block.component == name:
            obstacles.append(
                Obstacle(
                    kind=block.kind,
                    subject=block.requirement.subject,
                    detail=block.requirement.spec,
                    source=block.requirement.source,
                )
            )
    unplaced = next((u for u in resolution.unplaced if u.component == name), None)
    env = resolution.environment_of(name)
    # every reason it is out (each --what-if's own), each member once
    items = dict.fromkeys(i for c in unplaced.reasons for i in c.items) if unplaced else {}
    if items:
        for item in items:
            if item.kind == "requirement":
                obstacles.append(
                    Obstacle(
                        kind="conflict", subject=item.subject, detail=item.spec, source=item.source
                    )
                )
            elif item.kind == "host":
                obstacles.append(
                    Obstacle(
                        kind=_host_kind(item.subject, item.source),
                        subject=item.subject,
                        detail=item.spec,
                        source=item.source,
                    )
                )
    # a design places a repo whose own lines contradict each other without them: it runs
    # there only once they are resolved, as check's verdict and solve's exit both say
    aside = [c for c in resolution.set_aside if name in c.components]
    obstacles += [
        Obstacle(kind="conflict", subject=item.subject, detail=item.spec, source=item.source)
        for conflict in aside
        for item in conflict.items
        if item.kind == "requirement"
    ]
    if env is not None:
        for subject in sorted(uses.subjects(name, resolution)):
            pin = env.pin(subject)
            if pin is not None and not pin.installed:
                kind: ObstacleKind = "driver" if scope_of(subject) == "driver" else "install"
                none = _none_of_its_kind(uses.problem, subject)
                if none is not None:
                    obstacles.append(none)
                    continue
                if kind == "driver":
                    if not _installed_meets(uses, env, subject):
                        obstacles.append(_driver_change(uses, env, pin))
                    continue
                obstacles.append(
                    Obstacle(
                        kind=kind,
                        subject=subject,
                        detail=pin.version,
                        source=pin.source,
                        missing=pin.missing or _built(resolution, name, subject),
                    )
                )
    own = [c for c in uses.problem.components if c.name == name]
    obstacles += [o for c in own for o in unread_files(c)]
    obstacles += missing_tools(resolution, name)
    if env is not None:
        obstacles += unchecked_obstacles(uses, resolution, name)
    obstacles += [o for c in own for o in unfetched_code(c)]
    obstacles += [o for c in own for o in parts_only(c)]
    obstacles += [o for c in own for o in build_downloads(c)]
    for unverified in resolution.unverified:
        # a name read from prose is solved as any other: only up leaves it to the user
        if unverified.component == name and not left_by_hand(unverified.reason):
            obstacles.append(
                Obstacle(
                    kind="unverified",
                    subject=unverified.subject,
                    detail=unverified.spec,
                    source=unverified.source,
                )
            )
    kinds = {o.kind for o in obstacles}
    status: VerdictStatus
    if kinds & {"hardware", "platform"}:
        status = "needs_hardware"
    elif unplaced is not None:
        status = "runs_after" if "driver" in kinds else "blocked"
    elif any(not docs_only(c) for c in aside):
        status = "blocked"
    elif "unchecked" in kinds:
        status = "unverified"
    elif kinds & {"install", "driver"}:
        status = "runs_after"
    else:
        status = "runs"
    return Verdict(
        component=name,
        status=status,
        obstacles=tuple(obstacles),
        environment=env.index if env is not None else None,
    )


def _built(resolution: Resolution, name: str, subject: str) -> tuple[str, ...]:
    """Where the guide of repo ``name`` builds ``subject`` from (``built from https://…``),
    when up leaves it to the user for that (``prosenames.BUILT_REASON``); else nothing."""
    return tuple(
        built
        for u in resolution.unverified
        if u.component == name and u.subject == subject and (built := built_from(u.reason))
    )[:1]


def _none_of_its_kind(problem: SolverInput, subject: str) -> Obstacle | None:
    """A pin of one device backend's toolkit (CUDA, brought by flash-attn's row) on a host
    that has another backend's devices and none of this one's: the devices are what it
    needs, and installing the toolkit is no way forward here."""
    kind = kind_of_subject(subject)
    count = other_kind_only(problem.host, kind) if kind is not None else None
    if count is None:
        return None
    return Obstacle(kind="hardware", subject=count.subject, detail=">=1", source=count.source)


def verdicts(resolution: Resolution, problem: SolverInput) -> tuple[Verdict, ...]:
    """A verdict for every repo, in the order the repos were given."""
    uses = Uses(problem)
    return tuple(_verdict(uses, resolution, name) for name in problem.names)
