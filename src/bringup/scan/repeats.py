"""A statement repeated in several files (a README and its translation, every nested
``CMakeLists.txt``) is one requirement cited once, the other places kept in ``also_at``.
Apart from ``bringup.scan.anyof`` (support lists united into one requirement with
alternatives): repeats are matched by their bounds, which lists never are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.lonebounds import floor_text, lone_release
from bringup.scan.pkgrepeats import fold_named_packages
from bringup.scan.registry import PROSE
from bringup.scan.strictest import fold_floors
from bringup.subjects import scheme_for
from bringup.versions import (
    InvalidSpecifier,
    InvalidVersion,
    SpecifierSet,
    Version,
    first_release,
)

_ZEROS = lazyre.compile(r"(?<=\d)(?:\.0){1,4}(?=$|[\s,|])")


def _canon(spec: str) -> str:
    """``spec`` with each release's trailing zeros dropped, to compare: ">=3.16.0" (hixl
    docs/en/build.md:144) and ">=3.16" (CMakeLists.txt:11) are one floor. A compatible
    release keeps them (``~=15.0`` is not ``~=15.0.0``)."""
    parts = (p.strip() for p in spec.strip().split(","))
    return ",".join(p if p.startswith("~=") else _ZEROS.sub("", p) for p in parts)


def _bounds(requirement: Requirement) -> frozenset[str]:
    """The bounds ``requirement`` states, compared as ``_canon`` does; a compatible release
    ``~=X`` also states ``>=X``, a pin ``==X`` each release series it lies in (``==5.0``
    states ``==5.0.*``; ``==2.12.0rc1`` states ``==2.12.*``). None for a list of
    alternatives or a bare name."""
    if "|" in requirement.spec or not _FLOOR_OR_BOUND.match(requirement.spec):
        return frozenset()
    found = set()
    for raw in requirement.spec.split(","):
        part = _canon(raw)
        found.add(part)
        if part.startswith("~="):
            found.add(_canon(">=" + part[2:]))
        pinned = _PIN.match(raw)
        if pinned is not None:
            release = pinned.group(1).split(".")
            found.update(f"=={'.'.join(release[:n])}.*" for n in range(2, len(release) + 1))
    return frozenset(found)


_PIN = lazyre.compile(r"^\s*==\s*v?(\d{1,6}(?:\.\d{1,6}){1,5})(?![\d.]*\*)")
"""A pin's numeric release (``==2.12.0rc1``: 2.12.0), not a series (``==2.12.*``)."""


_FLOOR_OR_BOUND = lazyre.compile(r"^\s*[<>=!~]")


class Stated(NamedTuple):
    """The requirements of a scope by subject (``_stated``): ``every`` one in order, and
    ``distinct``, each with its bounds, the first of each hardness and set of bounds only
    (the others cannot change what ``_within`` picks: the first of the widest)."""

    every: Mapping[str, list[Requirement]]
    distinct: Mapping[str, list[tuple[Requirement, frozenset[str]]]]
    holding: Mapping[tuple[str, str], list[tuple[Requirement, frozenset[str]]]]
    """``distinct`` by subject and each bound a statement states, in ``distinct``'s order:
    a statement wider than one is among those holding each of its bounds."""


def _stated(requirements: list[Requirement]) -> Stated:
    """``requirements`` by subject, in their order, each with its bounds, computed once: each
    prose statement is held against the others of its subject (``_within``), and a scan over
    every requirement for each was quadratic (asc-devkit: 1,856 statements, a second profiled);
    so was one over every statement of its subject where a long document states the same bounds
    thousands of times (a README of 8,000 sections, each "CANN >= 8.0.RC1": 49 s)."""
    every: dict[str, list[Requirement]] = {}
    distinct: dict[str, dict[tuple[bool, frozenset[str]], Requirement]] = {}
    for requirement in requirements:
        every.setdefault(requirement.subject, []).append(requirement)
        bounds = _bounds(requirement)
        if bounds:  # no bounds are wider than any
            firsts = distinct.setdefault(requirement.subject, {})
            firsts.setdefault((requirement.hard, bounds), requirement)
    listed = {
        subject: [(r, bounds) for (_, bounds), r in firsts.items()]
        for subject, firsts in distinct.items()
    }
    holding: dict[tuple[str, str], list[tuple[Requirement, frozenset[str]]]] = {}
    for subject, stated in listed.items():
        for r, bounds in stated:
            for bound in bounds:
                holding.setdefault((subject, bound), []).append((r, bounds))
    return Stated(every, listed, holding)


def _within(
    subject: str, hard: bool, mine: frozenset[str], wider: Stated, *, soft_only: bool = False
) -> Requirement | None:
    """The requirement of ``wider`` about ``subject`` (a soft one if ``soft_only``) stating
    every bound of ``mine`` and more (the most such), or None: "python >=3.9" (pyasc setup.py:376)
    and "python <= 3.12" (docs/quick_start.md:236) beside "python 3.9-3.12" (README.md:65),
    "pyarrow 大于或等于 15.0.0" beside ``pyarrow~=15.0.0`` (MindIE-LLM's install guides). The
    wider one implies them: one requirement. A soft range does not take a hard bound (a
    recommendation would bind)."""
    if not mine:
        return None
    # those holding the rarest of mine's bounds: a README of thousands of distinct ranges
    rarest = min((wider.holding.get((subject, bound), []) for bound in mine), key=len)
    found = [
        (r, bounds)
        for r, bounds in rarest
        if (r.hard or not hard) and not (soft_only and r.hard) and mine < bounds
    ]
    return max(found, key=lambda found: len(found[1]), default=(None,))[0]


def merge_repeats(
    requirements: list[Requirement], authority: Mapping[str, int]
) -> list[Requirement]:
    """One requirement per subject and spec (``_canon``), in the place of its first mention,
    cited where the most authoritative file (``registry``: a manifest before the prose)
    states it, the other places in ``also_at``; hard when any place states it hard ("CUDA:
    12.1+" in TransformerEngine README.rst:162 and the ``FATAL_ERROR`` below 12.1 of its
    CMakeLists: one floor). A bare floor that a stricter floor of the
    same subject implies (``python >=3`` beside ``python >=3.8``; a nested
    ``cmake_minimum_required`` below the top one) is a repeat of that floor, but a sentence
    naming another release ("<Toolkit> 12.0 and above" beside "<Toolkit> >= 12.3") is a statement of
    its own (``_implied``), and one release
    that a list of the same subject names ("Supports <Toolkit> 9.0." beside "support <Toolkit>
    8.5 and <Toolkit> 9.0") a repeat of that list; so is one release prose names beside a floor
    or range starting at that release (``_restated``), and prose whose bounds another
    statement states among more (``_within``; a bound a build file checks keeps its own),
    and a system package named again (``pkgrepeats``). Floors at different releases (and a pin
    they all admit) are then one requirement at the strictest (``strictest``)."""
    strictest: dict[tuple[str, bool], tuple[Version, Requirement]] = {}
    for requirement in requirements:
        floor = lone_release(requirement)
        subject = (requirement.subject, requirement.hard)
        if floor is not None and (subject not in strictest or strictest[subject][0] < floor):
            strictest[subject] = (floor, requirement)
    lists = {
        (r.subject, r.hard, _canon(alternative)): r
        for r in requirements
        if "||" in r.spec
        for alternative in r.spec.split("||")
    }
    floors = {(r.subject, r.hard, _canon(r.spec)): r for r in requirements if lone_release(r)}
    checked = {
        (r.subject, _canon(r.spec))
        for r in requirements
        if authority.get(r.source.ref or "", PROSE) > PROSE
    }
    wider = _stated(requirements)
    groups: dict[tuple[str, str], list[Requirement]] = {}
    for requirement in requirements:
        own = (requirement.subject, requirement.hard, _canon(requirement.spec))
        # a release a list names stays that list's; only another one restates a floor
        restated = "" if own in lists else _restated(requirement, authority)
        restates = _restates(requirement, restated, lists, floors, wider)
        stands_for = lists.get(own) or restates or requirement
        said = stands_for if restates else requirement
        stricter = strictest.get((said.subject, said.hard), (None, said))[1]
        implied = lone_release(said) is not None and _implied(said, stricter, authority)
        if implied and stricter.hard >= requirement.hard:
            stands_for = stricter
        # a bound a build or manifest file checks keeps its own statement (``check --json``),
        # and so does prose repeating it
        repeats_check = (stands_for.subject, _canon(stands_for.spec)) in checked
        prose = authority.get(stands_for.source.ref or "", PROSE) <= PROSE
        if prose and not repeats_check and requirement.hard <= stands_for.hard:
            mine = _bounds(stands_for)
            stands_for = _within(stands_for.subject, stands_for.hard, mine, wider) or stands_for
        groups.setdefault((stands_for.subject, _canon(stands_for.spec)), []).append(requirement)
    out = []
    for (_, spec), group in groups.items():
        same = [r for r in group if _canon(r.spec) == spec] or group
        first = max(same, key=lambda r: (authority.get(r.source.ref or "", PROSE), r.hard))
        more = (s for r in group for s in (r.source, *r.also_at) if s != first.source)
        also = tuple(dict.fromkeys((*first.also_at, *more)))
        hard = any(r.hard for r in group)
        # what the members prefer stays (a wheel's cp310 within >=3.10: ``wheelpython``)
        prefers = tuple(
            dict.fromkeys(p for r in group for p in r.prefers if _canon(p.value) != spec)
        )
        out.append(msgspec.structs.replace(first, also_at=also, hard=hard, prefers=prefers))
    return fold_named_packages(fold_floors(out, authority))


def _restates(
    requirement: Requirement,
    restated: str,
    lists: Mapping[tuple[str, bool, str], Requirement],
    floors: Mapping[tuple[str, bool, str], Requirement],
    wider: Stated,
) -> Requirement | None:
    """The list, floor or range starting at the release (``restated``, a floor) one prose
    release names: of its own hardness first, else a hard one (the hard statement binds
    either way), else, for a hard release, a soft one, which the release's statement makes
    hard: "CANN 8.5.0" (opbase docs/zh/install/quick_install.md:109) beside "CANN 8.5.0 or
    later" (its English guide's :108)."""
    if not restated:
        return None
    key = _canon(restated)
    # a soft release a hard statement excludes (a contradiction's loser) stays beside it
    apart = not requirement.hard and _excluded(requirement, restated, wider)
    for hard in (False,) if apart else dict.fromkeys((requirement.hard, True, False)):
        again = (requirement.subject, hard, key)
        found = lists.get(again) or floors.get(again)
        if found is not None:
            return found
    return _within(requirement.subject, requirement.hard, frozenset({key}), wider, soft_only=apart)


def _excluded(requirement: Requirement, restated: str, wider: Stated) -> bool:
    """Whether a hard statement of ``requirement``'s subject excludes the release it names
    (``restated``'s): "Python 3.11" beside a hard ``==3.12``."""
    scheme = scheme_for(requirement.subject)
    try:
        named = Version(first_release(restated.lstrip(">="), scheme), scheme)
    except InvalidVersion:
        return False
    for other in wider.every.get(requirement.subject, ()):
        if not other.hard or not other.spec.strip():
            continue
        try:
            if not SpecifierSet(other.spec, scheme).contains(named):
                return True
        except (InvalidSpecifier, InvalidVersion):
            continue
    return False


_EXACT = lazyre.compile(r"^\s*==\s*([^\s,|*]+?)(?:\.\*)?\s*$")


def _restated(requirement: Requirement, authority: Mapping[str, int]) -> str:
    """The floor one release named in prose restates, or "": "NVSHMEM 3.3.9 binaries are
    available" (DeepEP docs/nvshmem.md:24) beside "NVSHMEM v3.3.9 or later" (:18); a
    translation's "recommended version 1.25.0" (IndexSDK docs/en/installation_guide.md:92)
    beside ">=1.25.0" (docs/zh/04_installation_guide.md:56). Where the docs say that release
    or later, naming it again pins nothing. Only prose: a manifest's ``==`` is a pin."""
    exact = _EXACT.match(requirement.spec)
    if exact is None or authority.get(requirement.source.ref or "", PROSE) > PROSE:
        return ""
    return f">={exact.group(1)}"


def _implied(floor: Requirement, stricter: Requirement, authority: Mapping[str, int]) -> bool:
    """Whether ``floor`` says no more than ``stricter``: the same release, a shorter one it
    begins with (``>=3`` of ``>=3.8``), or a floor a build file checks (the nested
    ``cmake_minimum_required``); prose naming another release is not a repeat."""
    if authority.get(floor.source.ref or "", PROSE) > PROSE:
        return True
    mine, theirs = (floor_text(r.spec) for r in (floor, stricter))
    if mine is None or theirs is None:
        return False
    released, strict = mine.split("."), theirs.split(".")
    return strict[: len(released)] == released
