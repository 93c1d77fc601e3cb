"""The plan, pure: (repos, resolution, snapshot) -> tier, bring-up order, every step marked
run / skip / blocked, and the next actions in the order to take them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import msgspec

from bringup import backends, subjects
from bringup.model import keys
from bringup.model.plan import Action, CanDo, Plan, PlanStep
from bringup.model.requirements import Component, Step, StepNeeds
from bringup.model.resolution import Check, Resolution
from bringup.model.snapshot import Snapshot
from bringup.plan.actions import (
    activation_action,
    by_hand,
    driver_action,
    install_action,
    need_action,
)
from bringup.plan.covered import covered_installs
from bringup.plan.decide import Decision, context_for, decide
from bringup.plan.downloads import downloads_here
from bringup.plan.interpreters import environment_python, interpreter_note
from bringup.plan.itself import CheckoutTop
from bringup.plan.order import bringup_order, prepares_first
from bringup.plan.steptools import tool_actions
from bringup.plan.tiers import device_count, tier_of
from bringup.solve.prosenames import left_to_user

__all__ = ["plan"]

_CATEGORY: dict[str, Literal["build", "test", "convert", "cpu_reference"]] = {
    "build": "build",
    "install": "build",
    "test": "test",
    "convert": "convert",
    "run": "cpu_reference",
}


def _host_text(resolution: Resolution, subject: str) -> str | None:
    value = resolution.host_value(subject)
    return value.values[0] if value is not None and value.status == "ok" and value.values else None


def plan(
    components: Sequence[Component],
    resolution: Resolution,
    snapshot: Snapshot | None = None,
    *,
    tops: Mapping[str, CheckoutTop] | None = None,
) -> Plan:
    """Steps in bring-up order with their verdict here; ``snapshot`` (when given) adds the
    toolkit environment variables the shell still lacks; ``tops`` what each repo's checkout
    holds at its top (its distribution's name, for a guide's install of the project itself).
    """
    order, notes = bringup_order(components)
    by_name = {c.name: c for c in components}
    arch = _host_text(resolution, "arch") or "<arch>"
    chip = _host_text(resolution, "chip")
    steps: list[PlanStep] = []
    for name in order:
        component = by_name[name]
        top = (tops or {}).get(name, CheckoutTop())
        context = context_for(
            component, resolution, arch=arch, chip=chip, distribution=top.distribution
        )
        ordered = prepares_first(component.steps, lambda s: s.kind)
        decided = [decide(step, context, resolution) for step in ordered]
        covered = covered_installs(
            ordered, [d.status == "run" for d in decided], first=len(steps) + 1
        )
        decisions = [
            Decision("skip", covered[i]) if i in covered else d for i, d in enumerate(decided)
        ]
        for step, decision in zip(ordered, decisions):
            said = interpreter_note(step.argv, context.environment, len(steps) + 1, step.source)
            notes += (said,) if said is not None else ()
            # only when there are any: an empty tuple() built from a generator is not the
            # () singleton on 3.9, and msgspec 0.20's omit_defaults then writes "notes": []
            if step.notes:
                notes += tuple(f"step {len(steps) + 1} ({step.source}) {n}" for n in step.notes)
            steps.append(
                PlanStep(
                    order=len(steps) + 1,
                    component=name,
                    name=step.name,
                    kind=step.kind,
                    argv=environment_python(step.argv, context.environment),
                    status=decision.status,
                    source=step.source,
                    needs=_with_downloads(step, component),
                    environment=context.environment.index if context.environment else None,
                    reason=decision.reason,
                    actions=decision.actions,
                    notes=step.notes,
                )
            )
    return Plan(
        tier=tier_of(resolution),
        order=order,
        steps=tuple(steps),
        actions=_next_actions(steps, resolution, snapshot, arch=arch, chip=chip),
        can_do=_can_do(steps),
        notes=notes,
    )


def _next_actions(
    steps: Sequence[PlanStep],
    resolution: Resolution,
    snapshot: Snapshot | None,
    *,
    arch: str,
    chip: str | None,
) -> tuple[Action, ...]:
    """Installs per environment (what the user must do first, then what ``bringup up``
    does), then driver changes, variables to set and conflicts to resolve; no repeats."""
    found: list[Action] = []
    for env in resolution.environments:
        if _for_other_hardware(env.index, resolution):
            continue
        prose = left_to_user(resolution, env.index)
        pending = [
            by_hand(p, env.index)
            if p.subject in prose
            else install_action(p, env.index, arch=arch, chip=chip)
            for p in env.pins
            if not p.installed and p.origin != "host" and subjects.scope_of(p.subject) != "driver"
        ]
        found += _driver_changes(resolution, env.index)
        found += [a for a in pending if not a.automatic]
        found += [a for a in pending if a.automatic]
        found += tool_actions(steps, env.index, {p.subject for p in env.pins})
    found += [a for s in steps for a in s.actions if a.kind == "driver"]
    found += _set_env_actions(resolution, snapshot)
    found += _need_actions(resolution, snapshot)
    found += [a for s in steps for a in s.actions if a.kind == "resolve"]
    unique: list[Action] = []
    seen: set[Action] = set()
    for action in found:
        key = msgspec.structs.replace(action, source=None)  # the same action, cited twice
        if key not in seen:
            seen.add(key)
            unique.append(action)
    return tuple(unique)


def _for_other_hardware(environment: int, resolution: Resolution) -> bool:
    """Whether an environment is for another kind of host: this machine has accelerators, and
    each of the environment's repos needs devices of a kind it has none of (on an NPU-only
    host, "install CUDA 13.2.1" was the next action for two CUDA repos whose tests need a GPU:
    outsider10 #16). Its installs are for the host the repos ask for, not next actions here;
    a machine with no accelerator still gets them, for the builds that need no device."""
    if not any(g.count > 0 for g in tier_of(resolution).devices):
        return False  # a machine with no accelerator builds what needs none (tier 0)
    verdicts = [v for v in resolution.verdicts if v.environment == environment]
    return bool(verdicts) and all(
        any(o.kind == "hardware" and _none_here(resolution, o.subject) for o in v.obstacles)
        for v in verdicts
    )


def _none_here(resolution: Resolution, subject: str) -> bool:
    """Whether ``subject`` belongs to a device backend this machine has no device of."""
    owner = backends.owner_of(subjects.canonical_subject(subject))
    if owner is None or owner.devices is None:
        return False
    return device_count(resolution, owner.devices.count_subject) == 0


def _driver_changes(resolution: Resolution, environment: int) -> list[Action]:
    """The drivers an environment's verdicts change, to the bound their rows set: a driver
    is the host's, changed once as root, never installed into one environment."""
    return [
        driver_action(o.subject, o.detail, o.source)
        for v in resolution.verdicts
        if v.environment == environment
        for o in v.obstacles
        if o.kind == "driver"
    ]


def _with_downloads(step: Step, component: Component) -> StepNeeds:
    """A build or install step that makes one of the repo's downloads (``network``
    requirements: FetchContent, a setup.py that clones; ``downloads``) needs the network."""
    downloads = downloads_here(step, component)
    return msgspec.structs.replace(step.needs, network=True) if downloads else step.needs


def _need_actions(resolution: Resolution, snapshot: Snapshot | None) -> list[Action]:
    """Submodules to fetch, system packages to install, variables to set; a variable the
    probed shell has (``ASCEND_HOME_PATH``) or a tool the probe found (make at /usr/bin/make,
    outsider11 #7) is not asked for."""
    env_set = _variables_set(snapshot)
    found = [
        need_action(check, env_set=env_set)
        for check in resolution.checks
        if check.status == "needed" and check.hard and not _tool_found(check, snapshot)
    ]
    return [action for action in found if action is not None]


def _tool_found(check: Check, snapshot: Snapshot | None) -> bool:
    """Whether ``check`` asks for a system tool whose version the probe read here."""
    key = keys.TOOLCHAIN.get(check.spec) if check.subject == "system_package" else None
    fact = snapshot.fact(key) if snapshot is not None and key else None
    return fact is not None and fact.ok


def _variables_set(snapshot: Snapshot | None) -> frozenset[str]:
    """The environment variables the probed shell has, as each backend records them
    (``<signature_namespace>env.NAME``)."""
    if snapshot is None:
        return frozenset()
    prefixes = tuple(f"{b.signature_namespace}env." for b in backends.registered())
    return frozenset(
        fact.key[len(prefix) :]
        for fact in snapshot.facts
        for prefix in prefixes
        if fact.ok and fact.key.startswith(prefix)
    )


def _set_env_actions(resolution: Resolution, snapshot: Snapshot | None) -> list[Action]:
    """Each backend's activation script (its ``ActivationRule``'s script) for each environment whose
    toolkit is installed, when the probed shell lacks the first variable it sets."""
    if snapshot is None:
        return []
    actions = []
    for item in backends.registered():
        toolkit = item.vocabulary.toolkit_subject
        probe = item.activation("/")
        if toolkit is None or probe.script is None or not probe.variables:
            continue
        marker = snapshot.fact(f"{item.signature_namespace}env.{next(iter(probe.variables))}")
        if marker is not None and marker.ok:
            continue
        described = subjects.subject(toolkit)
        kinds = described.toolkit_kinds if described is not None else ()
        paths = {t.version: t.path for t in snapshot.toolkits if t.kind in kinds}
        for env in resolution.environments:
            pin = env.pin(toolkit)
            if pin is not None and pin.installed and pin.version in paths:
                actions.append(activation_action(item, paths[pin.version], env.index))
    return actions


def _can_do(steps: Sequence[PlanStep]) -> tuple[CanDo, ...]:
    """Work this hardware allows, now or after the listed installs: every step not skipped
    for hardware, by kind."""
    groups: dict[str, list[str]] = {}
    for step in steps:
        if step.status != "skip":
            groups.setdefault(_CATEGORY[step.kind], []).append(f"{step.component}:{step.name}")
    return tuple(
        CanDo(category=category, steps=tuple(groups[category]))
        for category in ("build", "test", "convert", "cpu_reference")
        if category in groups
    )
