"""Each repo step decided on this host: run, skip (the hardware is not here, with the reason)
or blocked (by what, with the action that unblocks it). Reasons are data (``Reason``); the
words are ``bringup.report.wording``'s."""

from __future__ import annotations

from dataclasses import dataclass, field

from bringup import backends
from bringup.model.plan import Action, Reason, StepStatus
from bringup.model.requirements import Component, Step
from bringup.model.resolution import Environment, HardwareBlock, HostValue, Resolution
from bringup.plan.actions import driver_action, install_action, is_automatic
from bringup.plan.gitcheckout import needs_checkout
from bringup.plan.itself import installs_itself
from bringup.plan.routes import other_route
from bringup.plan.stepneeds import as_written, rewritten, uses_devices
from bringup.plan.tiers import device_count
from bringup.plan.wheelarch import other_arch
from bringup.subjects import scope_of
from bringup.versions import SpecifierSet


@dataclass(frozen=True)
class Decision:
    """A step's status here, why (when not run), and what unblocks it."""

    status: StepStatus
    reason: Reason | None = None
    actions: tuple[Action, ...] = ()


@dataclass
class ComponentContext:
    """What every step of one repo shares: its environment, the host's blocks on it, the
    installs it waits for."""

    component: Component
    environment: Environment | None
    distribution: str = ""
    """The distribution the checkout's ``pyproject.toml`` names (``itself.CheckoutTop``)."""
    whole: list[HardwareBlock] = field(default_factory=list)
    device: list[HardwareBlock] = field(default_factory=list)
    driver: list[HardwareBlock] = field(default_factory=list)
    manual: list[Action] = field(default_factory=list)
    unplaced_reason: Reason | None = None
    unplaced_actions: tuple[Action, ...] = ()


def _block_reason(block: HardwareBlock) -> Reason:
    req = block.requirement
    return Reason(
        kind=block.kind, subject=req.subject, need=req.spec, have=block.host, sources=(req.source,)
    )


def context_for(
    component: Component,
    resolution: Resolution,
    *,
    arch: str,
    chip: str | None,
    distribution: str = "",
) -> ComponentContext:
    env = resolution.environment_of(component.name)
    context = ComponentContext(component=component, environment=env, distribution=distribution)
    for block in resolution.hardware:
        if block.component != component.name:
            continue
        if block.scope == "all":
            context.whole.append(block)
        elif block.kind == "driver":
            context.driver.append(block)
        else:
            context.device.append(block)
    verdict = resolution.verdict(component.name)
    if env is not None and verdict is not None:
        for obstacle in verdict.obstacles:
            pin = env.pin(obstacle.subject)
            if obstacle.kind == "install" and pin is not None and not is_automatic(pin.subject):
                context.manual.append(install_action(pin, env.index, arch=arch, chip=chip))
    unplaced = next((u for u in resolution.unplaced if u.component == component.name), None)
    if unplaced is not None:
        conflict = unplaced.conflict
        context.unplaced_reason = Reason(kind="conflict", conflict=conflict)
        actions: list[Action] = []
        if conflict is not None:
            for item in conflict.items:
                if item.kind == "host" and item.source.kind != "user":
                    rules = [i for i in conflict.items if i.then_subject == item.subject]
                    spec = rules[0].then_spec if rules and rules[0].then_spec else None
                    actions.append(
                        driver_action(item.subject, spec, rules[0].source if rules else None)
                    )
            if not actions:
                sources = tuple(i.source for i in conflict.items if i.kind == "requirement")
                actions.append(
                    Action(kind="resolve", subject=",".join(conflict.subjects), sources=sources)
                )
        context.unplaced_actions = tuple(actions)
    return context


def _device_shortfall(step: Step, resolution: Resolution) -> Reason | None:
    """Too few devices here (or a count the host could not tell), or none of the chip
    families the step names."""
    needs = step.needs
    if needs.devices <= 0:
        return None
    subjects = [
        devices.count_subject
        for item, devices in backends.with_devices()
        if needs.device_kind in (None, "", item.device_kind)
    ]
    subject = (backends.count_subject(needs.device_kind) or "") if needs.device_kind else ""
    counted = [
        (count, value)
        for count, value in (
            (device_count(resolution, s), resolution.host_value(s)) for s in subjects
        )
        if count is not None and value is not None
    ]
    need = str(needs.devices)
    said = (needs.device_at,) if needs.device_at is not None else ()
    if not counted:
        unknown = resolution.host_value(subject) if subject else None
        return Reason(kind="devices", subject=subject, need=need, have=unknown, sources=said)
    have, value = max(counted, key=lambda pair: pair[0])
    if have < needs.devices:
        return Reason(
            kind="devices",
            subject=subject,
            need=need,
            have=_counted(value, subject, have),
            sources=said,
        )
    if needs.chips:
        chip = resolution.host_value("chip")
        present = set(chip.values) if chip is not None and chip.status == "ok" else set()
        wanted = SpecifierSet(",".join(needs.chips), "name")
        if not any(wanted.contains(family) for family in present):
            return Reason(kind="chip", subject="chip", need=",".join(needs.chips), have=chip)
    return None


def _counted(value: HostValue, subject: str, count: int) -> HostValue:
    """The count as the reason states it: under the subject asked for (empty: any kind)."""
    return HostValue(subject=subject, source=value.source, values=(str(count),))


def _for_toolkit(action: Action, context: ComponentContext) -> bool:
    """Whether ``action`` installs what only the toolkit's steps wait for: the toolkit, or a
    host tool the repo never names, which the toolkit's rows pin (nvcc's GCC: a pip install,
    an import or a CPU build runs with the host's own compiler)."""
    scope = scope_of(action.subject)
    if scope == "toolkit":
        return True
    stated = {r.subject for r in context.component.requirements}
    return scope == "system_tool" and action.subject not in stated


def decide(step: Step, context: ComponentContext, resolution: Resolution) -> Decision:
    """Skip for wheels of another architecture than the host's, for what no machine runs as
    written (a missing script, a path to fill in), for an install of a version the
    environment does not hold (another guide's route) or for hardware, blocked for what can
    be fixed here, run otherwise; the first reason that applies is given (hardware before
    software, since no install fixes it)."""
    elsewhere = other_arch(step, resolution)
    if elsewhere is not None:
        return Decision("skip", elsewhere)
    written = (
        as_written(step)
        or rewritten(step, context.component.steps)
        or other_route(step, context.environment, context.component.steps)
        or installs_itself(step, context.component, context.distribution)
        or needs_checkout(step, context.component)
    )
    if written is not None:
        return Decision("skip", written)
    if context.whole:
        return Decision("skip", _block_reason(context.whole[0]))
    if uses_devices(step, context.component.steps):
        shortfall = _device_shortfall(step, resolution)
        if shortfall is not None:
            return Decision("skip", shortfall)
        if context.device:
            return Decision("skip", _block_reason(context.device[0]))
        if context.driver:
            block = context.driver[0]
            req = block.requirement
            return Decision(
                "blocked",
                _block_reason(block),
                (driver_action(req.subject, req.spec, req.source),),
            )
    if context.unplaced_reason is not None:
        return Decision("blocked", context.unplaced_reason, context.unplaced_actions)
    uses_toolkit = step.needs.toolkit or step.needs.devices > 0 or step.needs.device_kind
    pending = [a for a in context.manual if uses_toolkit or not _for_toolkit(a, context)]
    if pending:
        return Decision("blocked", Reason(kind="install"), tuple(pending))
    return Decision("run")
