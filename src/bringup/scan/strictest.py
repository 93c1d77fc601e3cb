"""Several floors of one subject are one requirement: the strictest, the others noted.

A README says "Python >= 3.9" where ``pyproject.toml`` requires 3.10 (asnumpy README.md:71 and
pyproject.toml:42); a README asks for "CMake 3.18+" and a ``CMakeLists.txt`` for 3.21
(TransformerEngine README.rst:167). Both bind, the solver ANDs them: what they mean together is
the strictest floor. Within one scope, hardness and feature they are one requirement at that
floor, cited where ``merge_repeats`` cites it (the most authoritative file stating it), every
other place in ``also_at`` and each other floor named in its text ("also stated: >=3.9
(README.md:71)"), so nothing is lost. A pin every floor admits ("Python 3.11" beside ``>=3.10``)
is their conjunction too and takes them, as does a range whose floor is the strictest
(mindrl requirements.txt:4 ``gym >= 0.18.3, <= 0.21.0`` beside setup.py:34 ``gym>=0.18.3``;
Triton-distributed python/pyproject.toml:2 ``cmake>=3.20,<4.0`` beside the ``CMake >= 3.20.0``
python/setup.py:675 checks). Pins that differ, or a pin below a floor, exclude each other: a
contradiction (``contradictions``) whose lines the check shows, so they stay apart. Other
ranges, ceilings and lists keep their own statements, as do the capability floors ``floors``
unites (alternatives, not a conjunction). A soft release the hard floor admits ("tested with
12.2.1" beside a stop below 11.5) says what works within it: folded into the floor, noted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.architectures import capability_subject
from bringup.scan.lonebounds import FLOOR, PIN, lone_release
from bringup.scan.preferences import with_preferred
from bringup.versions import Version

_PACKAGE_FLOOR = lazyre.compile(r"^([A-Za-z][\w.+-]{0,60}?)>=v?(\d{1,6}(?:\.\d{1,6}){0,4})$")
"""A system package's lone floor, its name in the spec (``go>=1.18``): the floors of one
package (hook/go.mod:3 ``go 1.18`` beside mindxcheckutils/go.mod:3 ``go 1.17``,
Ascend/ascend-docker-runtime) fold as a subject's do."""


def _release(requirement: Requirement, pattern: re.Pattern[str]) -> Version | None:
    """The release ``requirement`` states as a lone floor or pin (``pattern``), or None; a
    list of alternatives states neither."""
    return None if requirement.any_of else lone_release(requirement, pattern)


def _range_floor(requirement: Requirement) -> Version | None:
    """The floor of a range with one ceiling (``>=0.18.3,<=0.21.0``, written in either
    order), as a release, or None: a distribution's or a host tool's alike (a build's
    ``cmake>=3.20,<4.0`` holds the ``CMake >= 3.20.0`` its setup.py checks)."""
    parts = requirement.spec.split(",")
    if requirement.any_of or len(parts) != 2:
        return None
    floors = [p for p in parts if FLOOR.match(p)]
    if len(floors) != 1 or not any(p.strip().startswith("<") for p in parts):
        return None
    return lone_release(msgspec.structs.replace(requirement, spec=floors[0]))


def _package_floor(requirement: Requirement) -> tuple[str, Version] | None:
    """``(package, release)`` of a system package's lone floor, or None."""
    named = _PACKAGE_FLOOR.match(requirement.spec)
    if requirement.subject != "system_package" or named is None or requirement.any_of:
        return None
    return f"{requirement.subject}:{named.group(1).lower()}", Version(named.group(2), "numeric")


def fold_floors(requirements: list[Requirement], authority: Mapping[str, int]) -> list[Requirement]:
    """``requirements`` with the floors of each subject, hardness and feature (and a pin they
    all admit) one requirement, in the place of the first of them."""
    floors: dict[tuple[str, bool, str], list[tuple[Version, Requirement]]] = {}
    pins: dict[tuple[str, bool, str], list[tuple[Version, Requirement]]] = {}
    ranges: dict[tuple[str, bool, str], list[tuple[Version, Requirement]]] = {}
    capability = capability_subject()
    for requirement in requirements:
        if requirement.subject == capability:
            continue
        package = _package_floor(requirement)
        if package is not None:
            floors.setdefault((package[0], requirement.hard, requirement.feature), []).append(
                (package[1], requirement)
            )
            continue
        key = (requirement.subject, requirement.hard, requirement.feature)
        for pattern, found in ((FLOOR, floors), (PIN, pins)):
            release = _release(requirement, pattern)
            if release is not None:
                found.setdefault(key, []).append((release, requirement))
        ranged = _range_floor(requirement)
        if ranged is not None:
            ranges.setdefault(key, []).append((ranged, requirement))
    into: dict[int, Requirement] = {}
    for key, group in floors.items():
        strictest = max(group, key=lambda f: (f[0], authority.get(f[1].source.ref or "", 0)))
        members = [r for _, r in group]
        pinned = pins.get(key, [])
        bounded = ranges.get(key, [])
        if len(pinned) == 1 and pinned[0][0] >= strictest[0]:
            strictest = pinned[0]
            members.append(strictest[1])
        elif not pinned and len(bounded) == 1 and bounded[0][0] >= strictest[0]:
            strictest = bounded[0]
            members.append(strictest[1])
        if len(members) > 1:
            folded = folded_into(strictest[1], members)
            into.update((id(r), folded) for r in members)
    out: dict[int, Requirement] = {}
    for requirement in requirements:
        folded = into.get(id(requirement), requirement)
        out.setdefault(id(folded), folded)
    return _series_bounded(_soft_admitted(list(out.values())))


def _soft_admitted(requirements: list[Requirement]) -> list[Requirement]:
    """The soft releases (pins and floors: "tested with", an example) of a subject that the
    hard floor of the same subject and feature admits, folded into it: one need, the soft
    releases noted ("CUDA 12.2.1" in NVIDIA/MatX@4d58c1a8 README.md:53 beside the
    ``FATAL_ERROR`` below 11.5 of CMakeLists.txt:157), as is a soft list of releases each
    within the floor (``_lowest``: a table of the versions tested or built for). One below
    the floor stays apart, and so does every soft release of a subject a hard pin states (a
    contradiction's loser beside it)."""
    hard: dict[tuple[str, str], tuple[Version, Requirement]] = {}
    pinned: set[tuple[str, str]] = set()  # a hard pin's soft loser stays beside it
    for requirement in requirements:
        release = _release(requirement, FLOOR) if requirement.hard else None
        key = (requirement.subject, requirement.feature)
        if requirement.hard and _release(requirement, PIN) is not None:
            pinned.add(key)
        if release is not None and (key not in hard or hard[key][0] < release):
            hard[key] = (release, requirement)
    for key in pinned:
        hard.pop(key, None)
    joined: dict[int, list[Requirement]] = {}
    for requirement in requirements:
        floor = hard.get((requirement.subject, requirement.feature))
        if requirement.hard or floor is None or requirement.subject == capability_subject():
            continue
        release = _release(requirement, PIN) or _release(requirement, FLOOR) or _lowest(requirement)
        if release is not None and release >= floor[0]:
            joined.setdefault(id(floor[1]), [floor[1]]).append(requirement)
    if not joined:
        return requirements
    gone = {id(r) for group in joined.values() for r in group[1:]}
    return [
        _preferring(folded_into(r, joined[id(r)]), joined[id(r)][1:]) if id(r) in joined else r
        for r in requirements
        if id(r) not in gone
    ]


def _preferring(floor: Requirement, soft: list[Requirement]) -> Requirement:
    """``floor`` with the soft Python pins folded into it kept as what it ``prefers``: the
    interpreter a repo's guide creates (``conda create -n paddlemix python=3.10``,
    PaddlePaddle/PaddleMIX@6afaf05d README_EN.md:135, beside setup.py:63 ``>=3.6``) is the one
    its pinned packages have wheels for (numpy==1.23.5 has none past CPython 3.11); the newest
    the floor admits may have none."""
    if floor.subject != "python":
        return floor
    named = [r for r in soft if _release(r, PIN) is not None]
    return with_preferred(floor, named) if named else floor


def _lowest(requirement: Requirement) -> Version | None:
    """The lowest release a list of alternatives names, each a lone pin, series, floor or a
    floor with one ceiling, or None for anything else: a table of the versions the wheels are
    built for ("CUDA version: 11.1~11.7, 11.8+", traveller59/spconv@263d6b47 README.md:155,
    read ``>=11.1,<11.8 || >=11.8``) or tested with ("CUDA 11.4 … CUDA 12.x",
    NVIDIA/cutlass@7107b055 README.md:139). Each alternative a hard floor at or below that
    release admits says what works within the floor."""
    parts = requirement.spec.split("||")
    if len(parts) < 2:
        return None
    found = []
    for part in parts:
        bounds = part.split(",")
        floors = [b for b in bounds if FLOOR.match(b)]
        ceilings = [b for b in bounds if b.strip().startswith("<")]
        if len(bounds) == 2 and len(floors) == 1 and len(ceilings) == 1:
            bounds = floors
        elif len(bounds) != 1:
            return None
        alone = msgspec.structs.replace(requirement, spec=bounds[0], any_of=())
        release = lone_release(alone, FLOOR) or lone_release(alone, PIN)
        if release is None:
            return None
        found.append(release)
    return min(found)


def folded_into(binding: Requirement, members: list[Requirement]) -> Requirement:
    """``binding`` with every other member's places in ``also_at`` and its spec in the text."""
    others = [r for r in members if r is not binding]
    said = ", ".join(f"{r.spec.strip()} ({r.source})" for r in others)
    more = (
        s
        for r in others
        for s in (r.source, *r.also_at, *(a.source for a in r.any_of))
        if s != binding.source
    )
    return msgspec.structs.replace(
        binding,
        also_at=tuple(dict.fromkeys((*binding.also_at, *more))),
        text=f"{binding.text or binding.spec}; also stated: {said}",
    )


_SERIES = lazyre.compile(r"^\s*==\s*v?(\d{1,4})\.\*\s*$")
_FLOOR_MAJOR = lazyre.compile(r"^\s*>=\s*v?(\d{1,4})(?:\.\d{1,6}){0,4}\s*$")


def _majors(spec: str) -> list[int] | None:
    """The major series a list of them names ("==12.* || ==13.*"), ascending, or None when
    ``spec`` is anything else."""
    found = [_SERIES.match(part) for part in spec.split("||")]
    if len(found) < 2 or any(m is None for m in found):
        return None
    return sorted(int(m.group(1)) for m in found if m is not None)


def _series_bounded(requirements: list[Requirement]) -> list[Requirement]:
    """A hard floor and a hard list of the major series that start at the floor's and run on
    without a gap, of one subject and feature, are one range: the floor below, the series
    after the last above ("CUDA 11.x / CUDA 12.x", CVCUDA/CV-CUDA@da51fc96 README.md:65,
    beside the ``FATAL_ERROR`` below 11.4 of cmake/ConfigCUDA.cmake:26: ``>=11.4,<13``), cited
    where the floor is, the list's places beside it. A list the floor cuts elsewhere stays
    apart (the check shows it)."""
    floors: dict[tuple[str, str], Requirement] = {}
    for requirement in requirements:
        key = (requirement.subject, requirement.feature)
        if requirement.hard and _FLOOR_MAJOR.match(requirement.spec) and not requirement.any_of:
            floors.setdefault(key, requirement)
    bounded: dict[int, Requirement] = {}
    gone: set[int] = set()
    for requirement in requirements:
        floor = floors.get((requirement.subject, requirement.feature))
        majors = _majors(requirement.spec) if requirement.hard else None
        if floor is None or majors is None or id(floor) in bounded:
            continue
        low = _FLOOR_MAJOR.match(floor.spec)
        if low is None or majors != list(range(int(low.group(1)), majors[-1] + 1)):
            continue
        folded = folded_into(floor, [floor, requirement])
        spec = f"{floor.spec.strip()},<{majors[-1] + 1}"
        bounded[id(floor)] = msgspec.structs.replace(folded, spec=spec)
        gone.add(id(requirement))
    return [bounded.get(id(r), r) for r in requirements if id(r) not in gone]
