"""The bring-up plan: the hardware tier, the order of the repos, and every step marked run,
skip (with the reason) or blocked (by what, and the next concrete action)."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.requirements import StepNeeds
from bringup.model.snapshot import Vendor
from bringup.model.source import Source

StepStatus = Literal["run", "skip", "blocked"]
ActionKind = Literal["install", "driver", "set_env", "hardware", "resolve"]
WorkKind = Literal["build", "test", "convert", "run", "install"]


class DeviceGroup(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Devices of one vendor (and chip family, when known) on the host."""

    vendor: Vendor
    count: int
    chips: tuple[str, ...] = ()


class Tier(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """0: no accelerator (CPU only); 1: one device; 2: several devices of one vendor, so
    communication can be tested. ``unknown`` names what could not be counted."""

    level: int
    devices: tuple[DeviceGroup, ...] = ()
    unknown: tuple[str, ...] = ()


class Action(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A next step for the user or for ``bringup up``: what to install at which version,
    which variable to set. ``argv`` is shown, never run by the planner; ``automatic`` marks
    what ``bringup up`` does itself (uv installs Python and packages)."""

    kind: ActionKind
    subject: str
    text: str
    version: Optional[str] = None
    argv: tuple[str, ...] = ()
    automatic: bool = False
    environment: Optional[int] = None
    source: Optional[Source] = None


class PlanStep(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One repo step in bring-up order with its verdict here. ``reason`` says why it is
    skipped or blocked ("needs 2 NPUs; this machine has 0"); ``actions`` what unblocks it."""

    order: int
    component: str
    name: str
    kind: WorkKind
    argv: tuple[str, ...]
    status: StepStatus
    source: Source
    needs: StepNeeds = StepNeeds()
    environment: Optional[int] = None
    reason: Optional[str] = None
    actions: tuple[Action, ...] = ()


class CanDo(msgspec.Struct, frozen=True, kw_only=True):
    """What can still be done at this tier, by kind of work (builds and tests that need no
    device, model conversion that needs only the toolkit, CPU reference checks)."""

    category: Literal["build", "test", "convert", "cpu_reference"]
    steps: tuple[str, ...]
    """``component:step`` of each."""


class Plan(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    tier: Tier
    order: tuple[str, ...]
    steps: tuple[PlanStep, ...] = ()
    actions: tuple[Action, ...] = ()
    can_do: tuple[CanDo, ...] = ()
    notes: tuple[str, ...] = ()

    def runnable(self) -> tuple[PlanStep, ...]:
        return tuple(step for step in self.steps if step.status == "run")
