"""Each repo step judged on this host: run, skip (the hardware is not here, with the reason)
or blocked (by what, with the action that unblocks it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bringup.model.plan import Action, StepStatus
from bringup.model.requirements import Component, Step
from bringup.model.resolution import Environment, HardwareBlock, Resolution
from bringup.plan.actions import driver_action, install_action, is_automatic
from bringup.plan.tiers import device_count
from bringup.solve.explain import describe_host, explain_conflict, format_spec
from bringup.subjects import display_name, scope_of
from bringup.versions import SpecifierSet

_DEVICE_WORDS = {"npu": ("NPU", "NPUs", "npu_count"), "gpu": ("GPU", "GPUs", "gpu_count")}


@dataclass(frozen=True)
class Judgement:
    status: StepStatus
    reason: str | None = None
    actions: tuple[Action, ...] = ()


@dataclass
class ComponentContext:
    """What every step of one repo shares: its environment, the host's blocks on it, the
    installs it waits for."""

    component: Component
    environment: Environment | None
    whole: list[HardwareBlock] = field(default_factory=list)
    device: list[HardwareBlock] = field(default_factory=list)
    driver: list[HardwareBlock] = field(default_factory=list)
    manual: list[Action] = field(default_factory=list)
    unplaced_reason: str | None = None
    unplaced_actions: tuple[Action, ...] = ()


def _block_reason(block: HardwareBlock) -> str:
    req = block.requirement
    return (
        f"needs {display_name(req.subject)} {format_spec(req.spec)}; "
        f"this machine has {describe_host(block.host)}"
    )


def context_for(
    component: Component, resolution: Resolution, *, arch: str, chip: str | None
) -> ComponentContext:
    env = resolution.environment_of(component.name)
    context = ComponentContext(component=component, environment=env)
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
        context.unplaced_reason = (
            "no environment on this machine holds it: " + explain_conflict(conflict)
            if conflict is not None
            else "no environment on this machine holds it"
        )
        actions: list[Action] = []
        if conflict is not None:
            for item in conflict.items:
                if item.kind == "host" and item.source.kind != "user":
                    rules = [i for i in conflict.items if i.then_subject == item.subject]
                    spec = rules[0].then_spec if rules and rules[0].then_spec else "that fits"
                    actions.append(
                        driver_action(item.subject, spec, rules[0].source if rules else None)
                    )
            if not actions:
                sources = ", ".join(
                    str(i.source) for i in conflict.items if i.kind == "requirement"
                )
                actions.append(
                    Action(
                        kind="resolve",
                        subject=",".join(conflict.subjects),
                        text=f"relax one of the requirements at {sources}",
                    )
                )
        context.unplaced_actions = tuple(actions)
    return context


def _uses_devices(step: Step, siblings: Sequence[Step]) -> bool:
    """A step that declares devices uses them; when no step of the repo declares any, its
    tests and runs are taken to be where the repo's device requirements apply."""
    if step.needs.devices > 0:
        return True
    return step.kind in ("test", "run") and not any(s.needs.devices > 0 for s in siblings)


def _device_shortfall(step: Step, resolution: Resolution) -> str | None:
    needs = step.needs
    if needs.devices <= 0:
        return None
    kinds = [needs.device_kind] if needs.device_kind else ["npu", "gpu"]
    counts = {k: device_count(resolution, _DEVICE_WORDS[k][2]) for k in kinds}
    known = [c for c in counts.values() if c is not None]
    have = max(known) if known else None
    one, many, subject = _DEVICE_WORDS[kinds[0]] if len(kinds) == 1 else ("device", "devices", "")
    word = one if needs.devices == 1 else many
    if have is None:
        value = resolution.host_value(subject) if subject else None
        why = f" ({value.status}: {value.reason})" if value is not None and value.reason else ""
        return f"needs {needs.devices} {word}; the {one} count here is unknown{why}"
    if have < needs.devices:
        return f"needs {needs.devices} {word}; this machine has {have}"
    if needs.chips:
        chip = resolution.host_value("chip")
        present = set(chip.values) if chip is not None and chip.status == "ok" else set()
        wanted = SpecifierSet(",".join(needs.chips), "name")
        if not any(wanted.contains(family) for family in present):
            has = ", ".join(sorted(present)) or "none"
            return f"needs {' or '.join(needs.chips)}; this machine has {has}"
    return None


def judge(step: Step, context: ComponentContext, resolution: Resolution) -> Judgement:
    """Skip for hardware, blocked for what can be fixed here, run otherwise; the first
    reason that applies is given (hardware before software, since no install fixes it)."""
    if context.whole:
        return Judgement("skip", _block_reason(context.whole[0]))
    if _uses_devices(step, context.component.steps):
        shortfall = _device_shortfall(step, resolution)
        if shortfall is not None:
            return Judgement("skip", shortfall)
        if context.device:
            return Judgement("skip", _block_reason(context.device[0]))
        if context.driver:
            block = context.driver[0]
            req = block.requirement
            return Judgement(
                "blocked",
                _block_reason(block),
                (driver_action(req.subject, format_spec(req.spec), req.source),),
            )
    if context.unplaced_reason is not None:
        return Judgement("blocked", context.unplaced_reason, context.unplaced_actions)
    uses_toolkit = step.needs.toolkit or step.needs.devices > 0 or step.needs.device_kind
    pending = [a for a in context.manual if uses_toolkit or scope_of(a.subject) != "toolkit"]
    if pending:
        waiting = ", ".join(f"{display_name(a.subject)} {a.version}" for a in pending if a.version)
        return Judgement("blocked", f"needs {waiting} installed", tuple(pending))
    return Judgement("run")
