"""What a repository needs (requirements), what it does (steps), and the repo itself."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.facts import Fact
from bringup.model.source import Confidence, Source

Role = Literal["ops", "comm", "inference", "training", "toolchain", "samples", "other"]
StepKind = Literal["build", "test", "run", "convert", "install"]
DeviceKind = str
"""What a backend calls its devices (``npu``, ``gpu``): ``Backend.device_kind``."""


class Requirement(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """``subject`` names what is required: a host or toolkit component (``cann``, ``python``,
    ``gcc``, ``cmake``, ``glibc``, ``cxx_standard``, ``cuda``, ``ascend_driver``,
    ``nvidia_driver``), a device fact (``npu_count``, ``gpu_count``, ``chip``,
    ``compute_capability``) or a Python distribution (``pypi:torch``). ``spec`` is a specifier
    in the subject's version scheme (``>=7.0,<8``); empty means the requirement was stated with
    no version at all, which is a finding in its own right. ``text`` keeps the words as found."""

    subject: str
    spec: str
    component: str
    source: Source
    confidence: Confidence = "high"
    hard: bool = True
    text: Optional[str] = None

    @property
    def unversioned(self) -> bool:
        return not self.spec.strip()


class StepNeeds(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What a step needs to run: nothing, the toolkit only, or N devices (of some chips)."""

    devices: int = 0
    device_kind: Optional[DeviceKind] = None
    chips: tuple[str, ...] = ()
    toolkit: bool = False
    network: bool = False


class Step(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A build or test command of a repo. ``argv`` is a list, never a shell string; it runs
    only with the user's consent."""

    name: str
    kind: StepKind
    argv: tuple[str, ...]
    source: Source
    cwd: str = "."
    needs: StepNeeds = StepNeeds()


class Component(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A repository in the stack. ``findings`` hold what the scan noticed that is not a
    requirement: unreadable files, contradictions, unversioned mentions."""

    name: str
    path: str
    role: Role = "other"
    requirements: tuple[Requirement, ...] = ()
    steps: tuple[Step, ...] = ()
    depends_on: tuple[str, ...] = ()
    trusted: bool = False
    findings: tuple[Fact, ...] = ()
