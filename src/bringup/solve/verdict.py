"""One verdict per repo, from a resolution: runs here, runs here after some obstacles are
removed, needs other hardware, or blocked. Structured obstacles; prose is written later."""

from __future__ import annotations

from bringup.model.resolution import (
    Obstacle,
    ObstacleKind,
    Resolution,
    Verdict,
    VerdictStatus,
)
from bringup.solve.problem import SolverInput
from bringup.subjects import scope_of


class _Uses:
    """What each repo asks for itself, and which candidate a pin is: computed once for all
    the verdicts (a stack of a hundred repos asks this a hundred times)."""

    def __init__(self, problem: SolverInput) -> None:
        self.problem = problem
        self.own: dict[str, set[str]] = {c.name: set() for c in problem.components}
        for r in problem.requirements:
            # a soft requirement (an optional extra) uses the subject only if something
            # else brings it
            if r.requirement.hard:
                self.own[problem.components[r.component].name].add(r.subject)
        self.candidate_of = {
            (c.subject, c.version): c.id for group in problem.candidates.values() for c in group
        }

    def subjects(self, component: str, resolution: Resolution) -> set[str]:
        """What a repo's environment holds because of it: its own requirements and, through
        the rules its pins trigger, what those need in turn."""
        used = set(self.own.get(component, ()))
        env = resolution.environment_of(component)
        if env is None:
            return used
        changed = True
        while changed:
            changed = False
            for rule in self.problem.rules:
                if rule.subject not in used or rule.then_subject in used:
                    continue
                pin = env.pin(rule.subject)
                if (
                    pin is not None
                    and self.candidate_of.get((pin.subject, pin.version)) in rule.when
                ):
                    used.add(rule.then_subject)
                    changed = True
        return used


def _host_kind(subject: str) -> ObstacleKind:
    """What kind of obstacle a host value in a repo's own conflict is; a chosen subject
    fixed by a what-if is part of the conflict itself."""
    scope = scope_of(subject)
    if scope == "driver":
        return "driver"
    if scope == "hardware":
        return "hardware"
    if scope == "platform":
        return "platform"
    return "conflict"


def _verdict(uses: _Uses, resolution: Resolution, name: str) -> Verdict:
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
    if unplaced is not None and unplaced.conflict is not None:
        for item in unplaced.conflict.items:
            if item.kind == "requirement":
                obstacles.append(
                    Obstacle(
                        kind="conflict", subject=item.subject, detail=item.spec, source=item.source
                    )
                )
            elif item.kind == "host":
                obstacles.append(
                    Obstacle(
                        kind=_host_kind(item.subject),
                        subject=item.subject,
                        detail=item.spec,
                        source=item.source,
                    )
                )
    if env is not None:
        for subject in sorted(uses.subjects(name, resolution)):
            pin = env.pin(subject)
            if pin is not None and not pin.installed:
                kind: ObstacleKind = "driver" if scope_of(subject) == "driver" else "install"
                obstacles.append(
                    Obstacle(
                        kind=kind,
                        subject=subject,
                        detail=pin.version,
                        source=pin.source,
                        missing=pin.missing,
                    )
                )
    for unverified in resolution.unverified:
        if unverified.component == name:
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


def verdicts(resolution: Resolution, problem: SolverInput) -> tuple[Verdict, ...]:
    """A verdict for every repo, in the order the repos were given."""
    uses = _Uses(problem)
    return tuple(_verdict(uses, resolution, name) for name in problem.names)
