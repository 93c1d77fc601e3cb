"""Contradictions inside one repo: two files that state different ranges for one subject.

Statements are grouped per file (a file's clauses for a subject hold together: CMake's
``find_package(<Toolkit> 6.3)`` and its ``< 7.0`` check are one range). Two files contradict only
when no version named in either is admitted by both ("Python 3.8-3.10" in the README against
``requires-python = ">=3.11"``). Ranges that overlap (``>=3.10`` in setup.py, ``>=3.10,<3.13``
in the README) are no contradiction: both bind, and what they mean together is their
intersection. Of two disjoint statements the one with more authority wins
(``registry.AUTHORITY``): the loser is kept, cited, but made soft so it does not bind.
"""

from __future__ import annotations

import bisect
import functools
from collections import defaultdict
from collections.abc import Iterable, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import Finding
from bringup.subjects import scheme_for
from bringup.versions import (
    InvalidSpecifier,
    InvalidVersion,
    SpecifierSet,
    Version,
    first_release,
)

_WHY = {3: "the manifest says so", 2: "tools read it", 1: "the build uses it", 0: "prose"}
_PROBE = lazyre.compile(r"\d+(?:\.[0-9A-Za-z]+)*")


def _probes(specs: Iterable[str], scheme: str) -> list[Version]:
    """The distinct versions named in ``specs``, in order; a bare series ``X.Y`` is probed
    as the scheme's first release of it (``Scheme.first_release``)."""
    found: dict[Version, None] = {}
    for spec in specs:
        for raw in _PROBE.findall(spec):
            try:
                found.setdefault(Version(first_release(raw, scheme), scheme))
            except InvalidVersion:
                continue
    return sorted(found)


@functools.lru_cache(maxsize=4096)
def _specifier(spec: str, scheme: str) -> SpecifierSet | None:
    try:
        return SpecifierSet(spec, scheme)
    except InvalidSpecifier:
        return None


_PEP440_BOUND = lazyre.compile(r"^\s*(>=|<=)\s*([^\s,]+)\s*$")
"""PEP 440 clauses that are plain comparisons (``>``, ``<`` and ``==`` have exceptions for
pre-, post-release and local labels, so they go through ``packaging``)."""


def _bounds(specifier: SpecifierSet) -> list[tuple[str, Version]] | None:
    """``specifier`` as plain comparisons of the key, or None when it is not one (``||``,
    wildcards, ``~=``, the PEP 440 operators with exceptions)."""
    if specifier.scheme != "pep440":
        alternatives = specifier.alternatives
        if len(alternatives) != 1 or any(c.wildcard or c.operator == "~=" for c in alternatives[0]):
            return None
        return [(c.operator, c.version) for c in alternatives[0]]
    bounds: list[tuple[str, Version]] = []
    for part in specifier.text.split(","):
        match = _PEP440_BOUND.match(part)
        if match is None:
            return None
        try:
            bounds.append((match.group(1), Version(match.group(2), "pep440")))
        except InvalidVersion:
            return None
    return bounds


def _admitted(specs: Iterable[str], probes: list[Version]) -> list[bool]:
    """Which of ``probes`` (distinct, ascending) every one of ``specs`` admits: one interval
    narrowed by bisection for plain comparisons, so a side with thousands of statements costs
    O(statements x log probes) rather than statements x probes. A spec that cannot be read
    says nothing."""
    keys = [probe.key for probe in probes]
    low, high = 0, len(probes)
    excluded: set[int] = set()
    kept: set[int] | None = None
    for spec in dict.fromkeys(specs):
        specifier = _specifier(spec, probes[0].scheme) if probes else None
        if specifier is None or not spec:
            continue
        bounds = _bounds(specifier)
        if bounds is None:
            admitted = set(specifier.admitted(probes))
            kept = admitted if kept is None else kept & admitted
            continue
        for operator, version in bounds:
            key = version.key
            if operator in (">=", "=="):
                low = max(low, bisect.bisect_left(keys, key))
            if operator == ">":
                low = max(low, bisect.bisect_right(keys, key))
            if operator in ("<=", "=="):
                high = min(high, bisect.bisect_right(keys, key))
            if operator == "<":
                high = min(high, bisect.bisect_left(keys, key))
            if operator == "!=":
                excluded.update(
                    range(bisect.bisect_left(keys, key), bisect.bisect_right(keys, key))
                )
    return [
        low <= n < high and n not in excluded and (kept is None or n in kept)
        for n in range(len(probes))
    ]


def _describe(group: Sequence[Requirement]) -> str:
    """A side as its specs, each once: all of them bind (``,``) or, shown only, any (``||``)."""
    joint = "," if any(r.hard for r in group) else " || "
    spec = joint.join(dict.fromkeys(r.spec for r in group))
    return f"{spec} ({group[0].source})"


def _side(group: Sequence[Requirement], probes: list[Version]) -> list[bool]:
    """Which probes a side admits. Hard statements of one file all bind; soft ones only
    show versions in use, each on its own (torch-ngp@b6e0804 readme.md:69-71, "Tested
    environments": CUDA 11.3, 10.1, 11.3): the side admits what any of them does, not the
    nothing their intersection leaves (outsider23c D15: "==11.3.* excludes ==11.3.*")."""
    if any(r.hard for r in group):
        return _admitted((r.spec for r in group), probes)
    each = [_admitted((spec,), probes) for spec in dict.fromkeys(r.spec for r in group)]
    return [any(column) for column in zip(*each)]


def find_contradictions(
    requirements: Sequence[Requirement], authority: dict[str, int], component: str
) -> tuple[list[Requirement], list[Finding]]:
    """The requirements with losers of contradictions made soft, and one finding per
    contradiction citing the winner first. ``authority`` maps a source path to its rank."""
    groups: dict[tuple[str, str], list[Requirement]] = defaultdict(list)
    for requirement in requirements:
        if requirement.spec and requirement.source.kind == "file":
            groups[(requirement.subject, requirement.source.ref)].append(requirement)
    by_subject: dict[str, dict[tuple[object, ...], list[tuple[str, list[Requirement]]]]] = (
        defaultdict(dict)
    )
    for (subject, ref), group in groups.items():
        signature = (authority.get(ref, 0), *sorted((r.spec, r.hard) for r in group))
        by_subject[subject].setdefault(signature, []).append((ref, group))
    demoted: set[int] = set()
    findings: list[Finding] = []
    for subject, classes in by_subject.items():
        scheme = scheme_for(subject)
        if scheme == "name":
            continue
        members = list(classes.values())
        for index, class_a in enumerate(members):
            for class_b in members[index + 1 :]:
                a, b = class_a[0], class_b[0]
                finding = _compare(subject, scheme, a, b, authority)
                if finding is None:
                    continue
                findings.append(msgspec.structs.replace(finding, component=component))
                winner, loser = (
                    (class_a, class_b) if finding.sources[0].ref == a[0] else (class_b, class_a)
                )
                binding = any(r.hard for r in winner[0][1])
                if binding and authority.get(loser[0][0], 0) < authority.get(winner[0][0], 0):
                    demoted.update(id(r) for _, group in loser for r in group if r.hard)
    result = [
        msgspec.structs.replace(r, hard=False) if id(r) in demoted else r for r in requirements
    ]
    return result, findings


def _compare(
    subject: str,
    scheme: str,
    a: tuple[str, list[Requirement]],
    b: tuple[str, list[Requirement]],
    authority: dict[str, int],
) -> Finding | None:
    (ref_a, group_a), (ref_b, group_b) = a, b
    hard_a = [r for r in group_a if r.hard]
    hard_b = [r for r in group_b if r.hard]
    compare_a = hard_a or group_a
    compare_b = hard_b or group_b
    probes = _probes(dict.fromkeys(r.spec for r in compare_a + compare_b), scheme)
    if not probes:
        return None
    in_a = _side(compare_a, probes)
    in_b = _side(compare_b, probes)
    if in_a == in_b:
        return None
    if any(x and y for x, y in zip(in_a, in_b)):
        return None
    if authority.get(ref_b, 0) > authority.get(ref_a, 0):
        (ref_a, compare_a), (ref_b, compare_b) = (ref_b, compare_b), (ref_a, compare_a)
    verdict = _verdict(ref_a, compare_a, ref_b, compare_b, authority)
    sides = f"{_describe(compare_a)} and {_describe(compare_b)}"
    return Finding(
        kind="contradiction",
        message=f"{subject} {sides} exclude each other; {verdict}",
        sources=(compare_a[0].source, compare_b[0].source),
        subject=subject,
    )


def _verdict(
    ref_a: str,
    side_a: Sequence[Requirement],
    ref_b: str,
    side_b: Sequence[Requirement],
    authority: dict[str, int],
) -> str:
    """What two statements that exclude each other come to (``ref_a`` has the authority
    ``ref_b`` has or more): the higher one wins when it binds; of two of one rank, only a
    side that binds is said to bind. A soft side (a version shown in use, a line another
    statement already demoted) binds nothing, so "both bind" beside a line the scan lists
    as soft contradicted itself (outsider26 N7: torch_npu ==2.7.1.post4, README.md:60, and
    a soft ==2.7.1rc1 wheel, install_guide.md:75)."""
    rank_a, rank_b = authority.get(ref_a, 0), authority.get(ref_b, 0)
    hard_a, hard_b = any(r.hard for r in side_a), any(r.hard for r in side_b)
    if rank_a > rank_b and hard_a:
        return f"{ref_a} wins ({_WHY[rank_a]}); the other is kept as soft"
    if rank_a > rank_b:
        return f"{ref_a} only shows what is used; both are kept"
    if hard_a and hard_b:
        return "neither wins; both bind"
    if hard_a or hard_b:
        binds, shown = (ref_a, ref_b) if hard_a else (ref_b, ref_a)
        return f"{binds} binds; {shown} is soft (it only shows a version in use)"
    return "neither binds: both only show versions in use"
