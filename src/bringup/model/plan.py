"""The bring-up plan: the hardware tier, the order of the repos, and every step marked run,
skip (with the reason) or blocked (by what, and the next concrete action). Reasons and
actions are data; their sentences are written by ``bringup.report.wording``."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.requirements import StepKind, StepNeeds
from bringup.model.resolution import Conflict, HostValue, Resolution
from bringup.model.snapshot import Vendor
from bringup.model.source import Source

StepStatus = Literal["run", "skip", "blocked"]
ActionKind = Literal[
    "install", "driver", "set_env", "hardware", "resolve", "submodule", "system_package"
]
ReasonKind = Literal[
    "hardware",
    "platform",
    "driver",
    "devices",
    "chip",
    "conflict",
    "install",
    "device_kind",
    "publish",
    "input",
    "missing",
    "system",
    "route",
    "itself",
    "checkout",
    "covered",
]


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
    """A next step for the user or for ``bringup up``, as data.

    - ``install``: ``subject`` at ``version`` into ``environment``; ``from_index``: the
      version is a specifier the package index resolves; ``files``: the vendor package files
      to get (the toolkit first, then what goes on the device host).
    - ``driver``: change the host's ``subject`` to a version within ``version`` (a spec).
    - ``set_env``: run the toolkit's activation ``script`` in the shell (it sets
      ``variables``); an environment, not a command, so ``argv`` stays empty.
    - ``resolve``: relax one of the requirements at ``sources`` (check the one line there is).
    - ``submodule``: fetch the submodule at ``subject`` in ``component`` (``argv``).
    - ``system_package``: install the tool ``subject`` from the distribution ``packages``
      (``debian:cmake``, ``openeuler:cmake``; none when no table knows it), as root.
    - ``set_env`` without a ``script``: set the variable ``subject`` that ``component``'s
      build reads (at ``source``).

    ``argv`` is a command an argv runner can run as it is, shown and never run by the
    planner; ``automatic`` marks what ``bringup up`` does itself (uv installs Python and
    packages); ``index``: the package index an install comes from beside the user's (torch's
    CUDA build from PyTorch's own index, ``run.torchindex``)."""

    kind: ActionKind
    subject: str
    version: Optional[str] = None
    argv: tuple[str, ...] = ()
    automatic: bool = False
    from_index: bool = False
    environment: Optional[int] = None
    files: tuple[str, ...] = ()
    script: Optional[str] = None
    variables: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    source: Optional[Source] = None
    component: Optional[str] = None
    packages: tuple[str, ...] = ()
    index: Optional[str] = None


class Reason(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Why a step is skipped or blocked, as data.

    - ``hardware`` / ``platform`` / ``driver``: the repo needs ``subject`` within ``need``
      (its spec, from ``sources``); the host has ``have``.
    - ``devices``: the step needs ``need`` devices (``subject``: ``npu_count``,
      ``gpu_count``, or empty for any kind); ``have`` is the count the host reported, None
      or not ``ok`` when it could not tell.
    - ``chip``: the step needs one of the chip families in ``need`` (comma-separated);
      ``have`` is the host's ``chip``.
    - ``conflict``: no environment on this host holds the repo; ``conflict`` is the minimal
      set of requirements and rules (None when the solve was not asked to explain).
    - ``install``: the step waits for the installs in its ``actions``.
    - ``device_kind``: the repo needs devices of kind ``need`` (a ``device_kind``): its line on
      ``subject`` at ``sources`` is that kind's backend's; ``have``: None.
    - ``input``: the step's command holds words for the user to fill in (``need``, comma
      separated; ``sources``: the step's line); ``up`` never runs it as written.
    - ``missing``: the step runs files the checkout lacks (``need``, comma separated, from
      its folder ``subject``).
    - ``publish``: the step's own recipe publishes, deploys or pushes: ``need`` is that
      command, ``sources`` the step's line and the command's; ``up`` lists it, never runs it.
    - ``system``: the step installs outside every environment (``need``: where, as
      ``bringup.plan.systemwide`` says); ``up`` lists it and never runs it.
    - ``route``: the step installs ``subject`` within ``need``, which the environment's pin
      (``have``: its version, at its source) is not: another guide's route (``plan.routes``);
      ``up`` lists it and never runs it.
    - ``itself``: the step installs the project ``subject`` itself from ``need`` (the package
      index, or its repository's URL), another copy than the checkout (``plan.itself``);
      ``up`` lists it and never runs it.
    - ``checkout``: the step builds the checkout, whose build asks git for its version, and
      the tree has no ``.git`` (``need``: the scan's words; ``sources``: the line that asks);
      a git clone of the repo builds, this copy does not.
    - ``covered``: another install of the repo's folder does all this one does, with more
      extras or as a repeat (``plan.covered``): ``need`` is its command, ``subject`` its
      number in the plan, ``sources`` its line; ``up`` runs that one only."""

    kind: ReasonKind
    subject: str = ""
    need: str = ""
    have: Optional[HostValue] = None
    sources: tuple[Source, ...] = ()
    conflict: Optional[Conflict] = None


class PlanStep(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One repo step in bring-up order with its verdict here. ``reason`` says why it is
    skipped or blocked (2 devices needed, 0 here); ``actions`` what unblocks it."""

    order: int
    component: str
    name: str
    kind: StepKind
    argv: tuple[str, ...]
    status: StepStatus
    source: Source
    needs: StepNeeds = StepNeeds()
    environment: Optional[int] = None
    reason: Optional[Reason] = None
    actions: tuple[Action, ...] = ()
    notes: tuple[str, ...] = ()
    """``Step.notes``: what bringup says beside the command."""


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


TargetKind = Literal["asked", "devices", "snapshot", "report"]


class Target(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The host the environments are designed for: ``asked`` (none named: the hardware the
    repos ask for, of which nothing is known, so hardware splits and drops no repo),
    ``devices`` (``--target 910B:8``), ``snapshot`` (a recorded host or ``bringup probe
    --json``) or ``report`` (a pasted report read as ``bringup probe --from`` reads it)."""

    kind: TargetKind
    name: str
    source: Source


class Apart(msgspec.Struct, frozen=True, kw_only=True):
    """Two repos that cannot share an environment on the target, and why (a ``conflict``
    reason: the minimal set of requirements, rules and host values, with their sources)."""

    components: tuple[str, str]
    reason: Reason


class KindNeed(msgspec.Struct, frozen=True, kw_only=True):
    """A repo that needs devices of one kind only, and why (``reason``: a ``device_kind``
    reason: the line that says so, with its source)."""

    component: str
    reason: Reason


class HostKind(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One kind of host the stack needs (``kind``: what its devices are called, the
    backend's ``device_kind``; ``backend``: whose devices, the backend's name): the repos
    placed on it, its environments, and ``needs``: the repos that need this kind only (the
    others support several kinds, or need no device)."""

    kind: str
    backend: str
    components: tuple[str, ...]
    environments: tuple[int, ...] = ()
    needs: tuple[KindNeed, ...] = ()


class Design(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The environments designed for ``target`` from the repos' software requirements, every
    repo taking part (``resolution``: solved on the target's host facts); ``apart``: why each
    two repos in different environments cannot share one. This machine's verdicts are a
    separate layer (``CheckResult.resolution`` and ``plan``): over this design when no target
    is named (numbered alike), else over the design for the hardware the repos ask for, so
    that ``--target`` never changes them (numbered as that design).

    ``hosts``: the kinds of host the environments are for, when the repos need devices of
    some kind (two entries: repos for one kind of device's host and for another's never share one);
    ``elsewhere``: repos that need another kind of device than the target has; they cannot
    run on it and are left out of its environments; ``other_kinds``: repos placed on a host
    of one kind that also support another, each with its line on that other kind (``need``),
    which does not apply on this host: a stated line is never dropped unsaid."""

    target: Target
    resolution: Resolution
    apart: tuple[Apart, ...] = ()
    hosts: tuple[HostKind, ...] = ()
    elsewhere: tuple[KindNeed, ...] = ()
    other_kinds: tuple[KindNeed, ...] = ()
