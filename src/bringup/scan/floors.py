"""The device generations a repo's docs name are one support list, its floor the lowest.

A README names GPU generations in many sentences: the hardware it runs on ("NVIDIA SM90 or
SM100 architecture GPU", DeepGEMM README.md:29), what one of its kernels needs ("SM100 requires
scaling factors in packed UE8M0 format", :70), what a feature runs on ("On Blackwell GPUs, TE
also supports MXFP8", TransformerEngine README.rst:39), the toolkit each generation needs
("`>=12.4` for fp8 support on Ada", SageAttention README.md:73), example systems ("NVIDIA
H100 GPUs + CUDA >= 12.0", mscclpp docs/quickstart.md:18). Each says "this one works"; as
separate floors the solver ANDs them, and the repo would need the newest generation any
sentence names. Within one scope the docs' floors of a device-capability subject unite, as
``anyof`` unites chips: one requirement at the lowest floor (the hard statements' lowest when
there are any), cited where that floor is stated, every other floor an alternative with its
place. A floor a machine-read file sets (a ``setup.py`` or CMake architecture list) narrows and
stays separate.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from bringup.model import Alternative, Requirement
from bringup.scan.architectures import capability_subject
from bringup.scan.lonebounds import lone_release
from bringup.scan.registry import PROSE
from bringup.subjects import scheme_for
from bringup.versions import Version


def unite_floors(
    requirements: list[Requirement], authority: Mapping[str, int]
) -> list[Requirement]:
    """``requirements`` with the docs' capability floors of one feature merged into one."""
    subject = capability_subject()
    if subject is None:
        return requirements
    groups: dict[str, list[Requirement]] = {}
    for requirement in requirements:
        if (
            requirement.subject == subject
            and authority.get(requirement.source.ref or "", PROSE) <= PROSE
            and lone_release(requirement) is not None
        ):
            groups.setdefault(requirement.feature, []).append(requirement)
    united = {feature: _united(group) for feature, group in groups.items() if len(group) > 1}
    if not united:
        return requirements
    out = []
    for requirement in requirements:
        group = groups.get(requirement.feature, [])
        if requirement.feature not in united or not any(requirement is r for r in group):
            out.append(requirement)
        elif requirement is group[0]:
            out.append(united[requirement.feature])
    return out


def _united(group: list[Requirement]) -> Requirement:
    """One requirement at the lowest floor of ``group`` (of its hard members, when any), cited
    where that floor is first stated; each member an alternative at its own place."""
    hard = [r for r in group if r.hard] or group
    lowest = min(hard, key=lambda r: lone_release(r) or Version("0", scheme_for(r.subject)))
    alternatives = tuple(
        dict.fromkeys(Alternative(value=r.spec.strip(), source=r.source) for r in group)
    )
    more = (s for r in group for s in r.also_at if s != lowest.source)
    return msgspec.structs.replace(
        lowest,
        hard=any(r.hard for r in group),
        any_of=alternatives,
        also_at=tuple(dict.fromkeys((*lowest.also_at, *more))),
    )
