"""Requirements on what installing software cannot change (chip, device count, arch, glibc,
the driver) judged against the host, before any solving: a repo that needs a 910B is
reported as such instead of making every environment unsatisfiable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

import msgspec

from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import (
    BlockKind,
    Check,
    CheckStatus,
    HardwareBlock,
    HostValue,
    Unverified,
)
from bringup.model.source import Source
from bringup.subjects import NEEDS, block_scope, canonical_subject, scheme_for, scope_of
from bringup.versions import SpecifierSet


@dataclass(frozen=True)
class Stated:
    """One thing a repo requires, however many of its files say it: the first statement
    stands for it and ``also`` cites the others (README, CMakeLists.txt, README.zh-CN.md)."""

    component: Component
    subject: str
    spec: SpecifierSet
    requirement: Requirement
    also: tuple[Source, ...] = ()
    preference: bool = False
    """A release the requirement ``prefers`` that yields to a release this machine has
    (``_with_preferred``: any subject's but Python's, whose named interpreter keeps a soft
    line's weight), not a line of its own."""

    def check(self, status: CheckStatus, pin: Optional[str] = None) -> Check:
        return Check(
            component=self.component.name,
            subject=self.subject,
            spec=self.requirement.spec,
            source=self.requirement.source,
            status=status,
            pin=pin,
            environment=None,
            hard=self.requirement.hard,
            also=self.also,
        )


def group_statements(
    component: Component, invalid: list[tuple[Requirement, str, ValueError]]
) -> list[Stated]:
    """The component's requirements with repeats merged (same subject, spec and hardness);
    specs that do not parse go to ``invalid`` with their subject. Needs that are not
    versions (``solve.needs``) are checked apart."""
    groups: dict[tuple[str, str, bool, bool], list[Requirement]] = {}
    specs: dict[tuple[str, str, bool, bool], SpecifierSet] = {}
    for given in component.requirements:
        for req, preference in _with_preferred(given):
            if req.subject in NEEDS:
                continue
            subject = canonical_subject(req.subject)
            key = (subject, req.spec.strip(), req.hard, preference)
            if key in specs:
                groups[key].append(req)
                continue
            try:
                specs[key] = SpecifierSet(req.spec, scheme_for(subject))
            except ValueError as error:
                invalid.append((req, subject, error))
                continue
            groups[key] = [req]
    return [
        Stated(
            component=component,
            subject=key[0],
            spec=specs[key],
            requirement=reqs[0],
            also=_also(reqs),
            preference=key[3],
        )
        for key, reqs in groups.items()
    ]


def _with_preferred(req: Requirement) -> list[tuple[Requirement, bool]]:
    """``req`` and each release it ``prefers`` as a soft requirement of its own: a
    recommendation the solver follows where nothing else decides, so an environment's Python
    is the one the repo creates its interpreter with for its pins (``strictest``), not the
    newest its floor admits, nor the one installed. Another subject's is a release the repo
    shows in use, marked a preference (``encoding.lp``: not over a release this machine has):
    "tested with CUDA 10.2" pinned CUDA 10.2 and GCC 8.1 beside an installed CUDA 13.0
    (KinglittleQ/torch-batch-svd@c0a96119 README.md:42,44, outsider19 D13)."""
    preferred = [
        msgspec.structs.replace(
            req, spec=p.value, source=p.source, hard=False, text=None, prefers=(), also_at=()
        )
        for p in req.prefers
    ]
    yields = canonical_subject(req.subject) != "python"
    return [(req, False), *((p, yields) for p in preferred)]


def _also(reqs: list[Requirement]) -> tuple[Source, ...]:
    """The places other than the first that state a requirement: its repeats (separate or
    merged by the scan) and, for a united support list, where each alternative was read."""
    places = [r.source for r in reqs[1:]]
    places += [s for r in reqs for s in (*r.also_at, *(a.source for a in r.any_of))]
    return tuple(dict.fromkeys(p for p in places if p != reqs[0].source))


def _block_kind(subject: str, value: HostValue, device_here: bool) -> BlockKind:
    """A driver that is absent on a machine without the device means other hardware; on a
    machine with the device, a driver to install."""
    scope = scope_of(subject)
    if scope == "hardware" or (scope == "driver" and value.status == "absent" and not device_here):
        return "hardware"
    if scope == "platform":
        return "platform"
    return "driver"


@dataclass(frozen=True)
class Judgement:
    check: Check
    block: Optional[HardwareBlock] = None
    unverified: Optional[Unverified] = None

    @property
    def stops_everything(self) -> bool:
        """A block on the whole repo here (wrong arch, too old a glibc), not only on the
        steps that use a device."""
        return self.block is not None and self.block.scope == "all"


def judge_fixed(
    stated: Stated, value: Optional[HostValue], *, device_here: bool = False
) -> Judgement:
    """A requirement on a fixed subject against the host's value: met, not met (a block on
    device steps or on the whole repo), or not checkable (the probe could not tell).
    ``device_here``: the machine has the device the subject belongs to (for drivers)."""
    req = stated.requirement
    if value is None or value.status not in ("ok", "absent"):
        reason = "not reported by the probe"
        if value is not None:
            reason = f"{value.status}: {value.reason}" if value.reason else value.status
        unverified = Unverified(
            subject=stated.subject,
            spec=req.spec,
            source=req.source,
            reason=reason,
            component=stated.component.name,
        )
        return Judgement(stated.check("unverified"), unverified=unverified)
    shown = ",".join(value.values) or None
    held = (*value.values, *_families(stated.subject, value))
    if value.status == "ok" and any(stated.spec.contains(v) for v in held):
        return Judgement(stated.check("ok", shown))
    if not req.hard:
        # A preference on the machine ("tests want 2 devices"): shown in the table; the steps
        # that need the devices say so themselves.
        return Judgement(stated.check("hardware", shown))
    block = HardwareBlock(
        component=stated.component.name,
        requirement=req,
        host=value,
        kind=_block_kind(stated.subject, value, device_here),
        scope=block_scope(stated.subject),
        also=stated.also,
    )
    return Judgement(stated.check("hardware", shown), block=block)


def _families(subject: str, value: HostValue) -> tuple[str, ...]:
    """The family the host's value belongs to, which a requirement may name instead: an
    os-release id (``debian``, ``openEuler``) is a Linux distribution, and a ``sys.platform``
    guard or a "Linux" install section asks for ``linux``."""
    return ("linux",) if subject == "os" and value.values else ()


def specs_by_subject(statements: Sequence[Stated]) -> dict[str, set[str]]:
    """Every spec stated per subject (the regions of open subjects come from these)."""
    found: dict[str, set[str]] = {}
    for stated in statements:
        found.setdefault(stated.subject, set()).add(stated.spec.text)
    return found
