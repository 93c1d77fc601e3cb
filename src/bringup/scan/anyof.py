"""Support lists are one requirement with alternatives, and a repeated statement is one.

Docs name chips, architectures and OSes in many places: a README table of supported
products, an install guide per product, a build script's case per SOC. Each says "this one
works", so within one scope they unite into one requirement whose spec lists every value
(``910B,910_93,950``: the ``name`` scheme reads a list as any of), each value keeping where it
was read. Only what a machine checks (a ``setup.py`` arch check, the manifest) narrows:
those stay separate requirements, which the solver ANDs. A build's default chip (a CMake
``SOC_VERSION`` default) is read as a soft one-chip list (``kernelchips``): one more chip
that works, which the caller overrides.

A statement repeated in several files (a README and its translation, every nested
``CMakeLists.txt``) is one requirement cited once, the other places kept in ``also_at``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Alternative, Requirement, Source
from bringup.scan.lonebounds import floor_text, lone_release
from bringup.scan.pkgrepeats import fold_named_packages
from bringup.scan.placesbeside import with_places_of
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.strictest import fold_floors
from bringup.subjects import scheme_for
from bringup.versions import (
    InvalidSpecifier,
    InvalidVersion,
    SpecifierSet,
    Version,
    first_release,
)

ANY_OF_SUBJECTS = frozenset({"chip", "arch", "os", "distro", "device_kind"})
"""Subjects whose mentions name alternatives (all in the unordered ``name`` scheme)."""


def unite(requirements: list[Requirement], authority: Mapping[str, int]) -> list[Requirement]:
    """``requirements`` with every non-narrowing mention of an any-of subject merged into one
    requirement per subject and hardness. ``authority`` ranks each source ref (``registry``):
    a machine-read file narrows; the merged requirement is cited where the least
    machine-like file (the support list in the docs) names its first value."""
    groups: dict[tuple[str, bool], list[Requirement]] = {}
    for requirement in requirements:
        if _unites(requirement, authority):
            groups.setdefault((requirement.subject, requirement.hard), []).append(requirement)
    united = {
        key: _united(sorted(group, key=lambda r: authority.get(r.source.ref or "", PROSE)))
        for key, group in groups.items()
    }
    _fold_soft(united)
    folded = _fold_unversioned(requirements, united)
    out: list[Requirement] = []
    for requirement in requirements:
        if not _unites(requirement, authority):
            if requirement not in folded:
                out.append(requirement)
            continue
        done = united.pop((requirement.subject, requirement.hard), None)
        if done is not None:
            out.append(done)
    return out


def _values(requirement: Requirement) -> set[str]:
    return {v.strip().lstrip("=").strip().lower() for v in requirement.spec.split(",")} - {""}


def _fold_unversioned(
    requirements: list[Requirement], united: dict[tuple[str, bool], Requirement]
) -> list[Requirement]:
    """Soft mentions naming no value of a subject a list states ("in Ascend platform", a
    README's opening, beside the chips a build targets): places of that list. Returns them."""
    folded = []
    for loose in requirements:
        if loose.hard or loose.spec.strip() or loose.subject not in ANY_OF_SUBJECTS:
            continue
        key = next(
            (k for k in ((loose.subject, True), (loose.subject, False)) if k in united), None
        )
        if key is None:
            continue
        into = united[key]
        cited = {into.source, *(a.source for a in into.any_of)}
        places = (loose.source, *loose.also_at)
        also = tuple(dict.fromkeys(s for s in (*into.also_at, *places) if s not in cited))
        united[key] = msgspec.structs.replace(into, also_at=also)
        folded.append(loose)
    return folded


_LINUX_DISTROS = frozenset(
    {
        *("ubuntu", "debian", "centos", "rhel", "openeuler", "euleros", "kylin", "fedora"),
        *("rocky", "sles", "sle", "leap", "almalinux"),
    }
)


def _with_linux(values: set[str]) -> set[str]:
    """``values`` and Linux where they name a Linux distribution: "a package built for
    linux-${arch}" (Mooncake pyproject.toml:35's classifier) says no more than "OS: Ubuntu
    22.04 LTS+" (docs/source/getting_started/build.md:8), Ubuntu being a Linux."""
    return values | {"linux"} if values & _LINUX_DISTROS else values


def _fold_soft(united: dict[tuple[str, bool], Requirement]) -> None:
    """A soft list every value of which the hard list of the same subject names (a Linux
    package in one guide, "OS: Linux" in another: MindIE-SD docs/en/installing_guide.md:135
    and docs/zh/installation.md:9; ``_with_linux``) says nothing more: its places join the
    hard one's. So does a soft list sharing a value with the hard one (the chips a build
    script compiles kernels for, "910_93,910B,310P", ops-sparse build.sh:46, beside its guide's
    "仅适用于Atlas A2系列产品", docs/zh/install/quick_install.md:17): the hard list still
    decides, the soft one's values are named in its text ("also stated: ..."); lists with no
    value in common stay two, their disagreement shown. A soft list of Linux distributions
    beside a hard "linux" shares Linux ("supported on a Linux environment only. It is tested on
    Ubuntu (22.04/24.04) and Fedora.", ai-dynamo/nixl@8770b655 README.md:32)."""
    for subject, hard in list(united):
        strong = united.get((subject, True))
        soft = united[(subject, hard)]
        named = _with_linux(_values(strong)) if strong is not None else set()
        if hard or strong is None or not _with_linux(_values(soft)) & named:
            continue
        places = (soft.source, *soft.also_at, *(a.source for a in soft.any_of))
        also = tuple(dict.fromkeys(s for s in (*strong.also_at, *places) if s != strong.source))
        text = strong.text
        if not _values(soft) <= named:
            text = f"{strong.text or strong.spec}; also stated: {soft.spec} ({soft.source})"
        united[(subject, True)] = msgspec.structs.replace(strong, also_at=also, text=text)
        del united[(subject, hard)]


def _unites(requirement: Requirement, authority: Mapping[str, int]) -> bool:
    """Whether ``requirement`` is a mention that joins the support list: any of a document's,
    and a machine-read file's soft list of alternatives (the chips one CMake file builds
    kernels for, ``kernelchips``: another file's kernels add chips, they do not narrow). A
    machine-read file (ranked ``DECLARED`` or above) narrows; a file not ranked does not."""
    soft_list = not requirement.hard and bool(requirement.any_of)
    return (
        requirement.subject in ANY_OF_SUBJECTS
        and bool(requirement.spec.strip())
        and not requirement.spec.lstrip().startswith("!")
        and (soft_list or authority.get(requirement.source.ref or "", PROSE) < DECLARED)
    )


def _united(group: list[Requirement]) -> Requirement:
    """One requirement naming every value of ``group`` once, cited where the first of them
    is; ``any_of`` keeps each value with every place it was read, and ``also_at`` every
    member's repeats (hixl docs/zh/build.md:207, the Linux package a translation's
    statement at :67 is repeated at, beside the English guide's)."""
    first = group[0]
    if len(group) == 1:
        return first
    alternatives: dict[tuple[str, Source], Alternative] = {}
    values: dict[str, str] = {}
    for requirement in group:
        for value in requirement.spec.split(","):
            name = value.strip().lstrip("=").strip()
            if name:
                values.setdefault(name.lower(), name)
                key = (name.lower(), requirement.source)
                alternatives.setdefault(key, Alternative(value=name, source=requirement.source))
    cited = {first.source, *(a.source for a in alternatives.values())}
    also = tuple(dict.fromkeys(s for r in group for s in r.also_at if s not in cited))
    return msgspec.structs.replace(
        first, spec=",".join(values.values()), any_of=tuple(alternatives.values()), also_at=also
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


def cite_beside(
    kept: list[Requirement],
    beside: Mapping[str, list[Requirement]],
    shown: Collection[str] = (),
) -> list[Requirement]:
    """``kept`` with the unversioned mentions of a subject (``beside``) that has a versioned
    need cited beside the first such need ("1. install the firmware and the driver: see the
    guide" before the driver version a later table states, hixl docs/zh/build.md:61 and
    :305): the same need said again, each place kept. A subject of ``shown`` (a host tool a
    route runs, ``routeneeds``) with no hard version is cited beside the version shown in use
    (an install guide's "Python | 3.10或3.11" beside compile.sh's ``python3``,
    MindInferenceService docs/zh/installation_guide.md:40 and compile.sh:54)."""
    waiting = dict(beside)
    hard = {r.subject for r in kept if r.spec and r.hard}
    out = []
    for requirement in kept:
        # beside a hard version, or for ``shown`` subjects one in use where none is hard
        in_use = requirement.subject in shown and not requirement.feature
        versioned = bool(requirement.spec) and (
            requirement.hard or (in_use and requirement.subject not in hard)
        )
        found = waiting.pop(requirement.subject, None) if versioned else None
        out.append(with_places_of(requirement, found or ()))
    return out


def beside_in_use(requirement: Requirement, in_use: Mapping[str, Requirement]) -> Requirement:
    """An unversioned need cited beside the place that shows a version of it in use (a
    release matrix's "在研版本" cell beside the install guide's ``pip install
    triton-ascend==3.2.1``, MindSpeed-MM release_notes_mm.md:45 and install_guide.md:272):
    one need stated twice, its version still unsettled."""
    shown = in_use.get(requirement.subject)
    if requirement.spec or shown is None or shown.source in requirement.also_at:
        return requirement
    return msgspec.structs.replace(requirement, also_at=(*requirement.also_at, shown.source))
