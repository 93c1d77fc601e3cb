"""Statements of one subject that another says already, and releases one file names as
alternatives.

A guide's "Python 3.8及以上" (DrivingSDK docs/zh/installation/compile.md:152) beside the
version table's "Python3.9.x,Python3.10.x,Python3.11.x" (docs/zh/version/versions.md:7): every
Python the table admits, the guide admits too, so the guide says nothing the table does not.
It is a place of the table's requirement (its spec named in the text: "also stated: >=3.8
(...)"), not a second requirement. Only prose folds so (a bound a build or manifest file checks
keeps its own statement, ``repeats.merge_repeats``), and a hard statement never into a soft one
(the recommendation would bind). Statements that exclude each other are no such repeat: their
conflict stays shown (``contradictions``).

One file naming two releases of a subject that exclude each other, where it sets them apart,
names alternatives: "**For CUDA 12:**" and "**For CUDA 13:**" (ai-dynamo/nixl README.md:270 and
:279), "ubuntu 22.04 ... torch_npu 2.1.0; ubuntu 24.04 ... torch_npu 2.9.0" (one line, or rows
of one table), releases under different headings. Read as both, no machine could meet them;
they are one requirement, any of them. Two releases the file names with no such cue ("CUDA 11.8
is required" ... "CUDA 12.4 is required") stay two: a stale pin beside the new one is a
contradiction to show, not a choice.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import NamedTuple, Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.markdown import Heading, markdown_blocks
from bringup.scan.registry import PROSE
from bringup.scan.rst import rst_blocks
from bringup.scan.specranges import Hull, can_meet, hull, point_keys, ranges, says_no_more
from bringup.scan.strictest import folded_into


def _rank(requirement: Requirement, authority: Mapping[str, int]) -> tuple[int, bool]:
    return authority.get(requirement.source.ref or "", PROSE), requirement.hard


def _need(requirement: Requirement) -> tuple[str, str, str]:
    return requirement.subject, requirement.component, requirement.feature


def fold_implied(
    requirements: list[Requirement], authority: Mapping[str, int]
) -> list[Requirement]:
    """``requirements`` with each prose statement that another statement of its subject,
    scope and feature implies cited as a place of that one (the most authoritative such, the
    first on a tie); of two that admit the same versions the more authoritative stays."""
    order = {id(r): n for n, r in enumerate(requirements)}

    def standing(requirement: Requirement) -> tuple[tuple[int, bool], int]:
        """Which of two that admit the same versions stands for the other: the greater."""
        return _rank(requirement, authority), -order[id(requirement)]

    # by need and spec, the one of each spec likeliest to stand (False: of all; True: the hard)
    best: dict[tuple[str, str, str], dict[str, dict[bool, Requirement]]] = {}
    for requirement in sorted(requirements, key=standing, reverse=True):
        if ranges(requirement.spec, requirement.subject):
            firsts = best.setdefault(_need(requirement), {}).setdefault(requirement.spec, {})
            firsts.setdefault(False, requirement)
            if requirement.hard:
                firsts.setdefault(True, requirement)
    pinned = {need: _by_release(specs, need[0]) for need, specs in best.items()}
    spans: dict[tuple[str, str, str], _Spans] = {}
    into: dict[int, Requirement] = {}
    for wide in requirements:
        prose = authority.get(wide.source.ref or "", PROSE) <= PROSE
        if not prose or _need(wide) not in best or not ranges(wide.spec, wide.subject):
            continue
        releases = point_keys(wide.spec, wide.subject)
        specs = best[_need(wide)]
        if releases is not None:  # a pin says no more than pins of its releases only
            near = {spec for key in releases for spec in pinned[_need(wide)].get(key, ())}
            likeliest: Iterable[Requirement] = _likeliest(specs, near, wide.hard, standing)
        else:
            if _need(wide) not in spans:
                spans[_need(wide)] = _Spans(specs, wide.subject, standing)
            likeliest = spans[_need(wide)].likeliest(wide)
        # the likeliest to stand first: the first that wide says no more than is the one
        target = next(
            (
                first
                for first in likeliest
                if says_no_more(wide.spec, first.spec, wide.subject)
                and (
                    not says_no_more(first.spec, wide.spec, wide.subject)
                    or standing(first) > standing(wide)
                )
            ),
            None,
        )
        if target is not None:
            into[id(wide)] = target
    if not into:
        return requirements
    members: dict[int, list[Requirement]] = {}
    for requirement in requirements:
        target = into.get(id(requirement))
        while target is not None and id(target) in into:
            target = into[id(target)]
        if target is not None:
            members.setdefault(id(target), []).append(requirement)
    return [
        folded_into(r, members[id(r)]) if id(r) in members else r
        for r in requirements
        if id(r) not in into
    ]


_WINDOW = 64
"""The most ranges ``_Spans`` sorts for one range; past it (thousands of nested ranges) it
goes through its ranges in order of standing, the first that range says no more than ending
the walk."""


class _Spans:
    """The first statements of each spec of one need (``specs``), pins apart and the others
    by where their ranges begin (``specranges.hull``): a range says no more than pins and the
    ranges inside its hull only, and the likeliest of those to stand is looked at first."""

    def __init__(
        self,
        specs: Mapping[str, Mapping[bool, Requirement]],
        subject: str,
        standing: Callable[[Requirement], tuple[tuple[int, bool], int]],
    ) -> None:
        self.specs, self.subject, self.standing = specs, subject, standing
        pins: list[str] = []
        self.hulls: dict[str, Hull] = {}
        for spec in specs:
            found = hull(spec, subject)
            if found is None:
                pins.append(spec)
            else:
                self.hulls[spec] = found
        self.spanned = sorted(self.hulls, key=lambda spec: self.hulls[spec].start)
        self.starts = [self.hulls[spec].start for spec in self.spanned]
        self.ranked = {
            hard: (
                _likeliest(specs, pins, hard, standing),
                _likeliest(specs, self.spanned, hard, standing),
            )
            for hard in (False, True)
        }

    def near(self, outer: Optional[Hull]) -> Optional[list[str]]:
        """The specs other than pins whose ranges begin and end within the hull ``outer``, or
        None where more than ``_WINDOW`` begin in it."""
        if outer is None:
            return None
        first = bisect.bisect_left(self.starts, outer.start)
        last = len(self.starts)
        if outer.last is not None:  # a range begins no later than it ends
            last = bisect.bisect_right(self.starts, (True, outer.last.key, True), first)
        if last - first > _WINDOW:
            return None
        return [spec for spec in self.spanned[first:last] if self.hulls[spec].end <= outer.end]

    def inside(self, spec: str, outer: Optional[Hull]) -> bool:
        """Whether the ranges of ``spec`` (no pin) begin and end within the hull ``outer``."""
        found = self.hulls[spec]
        return outer is None or (found.start >= outer.start and found.end <= outer.end)

    def likeliest(self, wide: Requirement) -> Iterator[Requirement]:
        """The first statements (the first hard ones, for a hard ``wide``) of the pins and of
        the ranges inside the range ``wide``'s hull, likeliest to stand first, made as asked."""
        pins, ranges_ = self.ranked[wide.hard]
        outer = hull(wide.spec, self.subject)
        window = self.near(outer)
        inside: Iterable[Requirement] = (
            (r for r in ranges_ if self.inside(r.spec, outer))
            if window is None
            else _likeliest(self.specs, window, wide.hard, self.standing)
        )
        return heapq.merge(inside, pins, key=self.standing, reverse=True)


def _likeliest(
    specs: Mapping[str, Mapping[bool, Requirement]],
    near: Iterable[str],
    hard: bool,
    standing: Callable[[Requirement], tuple[tuple[int, bool], int]],
) -> list[Requirement]:
    """The first statement of each of the ``near`` specs (the first hard one, for ``hard``),
    likeliest to stand first."""
    found = (specs[spec][hard] for spec in near if hard in specs[spec])
    return sorted(found, key=standing, reverse=True)


def _by_release(specs: Mapping[str, object], subject: str) -> dict[object, list[str]]:
    """The ``specs`` that name releases only (``specranges.point_keys``), by each release."""
    found: dict[object, list[str]] = {}
    for spec in specs:
        for key in point_keys(spec, subject) or ():
            found.setdefault(key, []).append(spec)
    return found


def _releases(requirement: Requirement) -> bool:
    """Whether ``requirement`` names releases only (pins or series, ``==12.*``), no bound."""
    spec = requirement.spec
    named = ranges(spec, requirement.subject)
    return bool(named) and all(
        part.strip().startswith("==") and "," not in part for part in spec.split("||")
    )


_CASE = r"(?i:for|if\s+you(?:'re|\s+are)?\s+us(?:e|ing)|if\s+using|when\s+using)"
_LEAD = lazyre.compile(
    rf"^[\s>*_#+\-\d.)]*(?:{_CASE}\b|对于|针对|如果使用|若使用)|\b{_CASE}\s+[A-Za-z][\w.+-]*\s+v?\d"
)
"""Words that lead a release in as one case: a line opening with them ("**For CUDA 12:**",
"If you use CUDA 11"), or them before a name and its version in a sentence ("is available on
Linux (x86-64 only) for CUDA 13.2", facebookresearch/faiss@02dbb4e4 INSTALL.md:9; "For
example, if you use PyTorch 1.11.0, CUDA 11.5", mit-han-lab/torchsparse@385f5ce8 README.md:65)."""


class _Place(NamedTuple):
    """Where a release stands in its file: its line, the heading above, the table it is a
    row of (its first line), and whether it or the line above leads it in as a case."""

    line: int
    section: int
    table: Optional[int]
    lead: bool


def _places_in(text: str, ref: str, numbers: list[int]) -> list[_Place]:
    lines = text.splitlines()
    lowered = ref.lower()
    blocks = (
        rst_blocks(text)
        if lowered.endswith(".rst")
        else markdown_blocks(text)
        if lowered.endswith((".md", ".markdown"))
        else {}
    )
    headings = sorted(n for n, block in blocks.items() if isinstance(block, Heading))
    found = []
    for number in numbers:
        index = min(max(number - 1, 0), len(lines) - 1) if lines else 0
        above = next((n for n in range(index - 1, -1, -1) if lines[n].strip()), None)
        table = None
        if lines and lines[index].lstrip().startswith("|"):
            table = index
            while table > 0 and lines[table - 1].lstrip().startswith("|"):
                table -= 1
        lead = any(_LEAD.search(lines[n]) for n in (index, above) if lines and n is not None)
        found.append(_Place(number, bisect.bisect_right(headings, index), table, lead))
    return found


def _exclusive(named: list[str], subject: str) -> bool:
    """Whether no two of the ``named`` specs can hold together; pins only (``==2.1.0``) by
    their releases at once, as each two share a release or cannot meet (a file pinning
    thousands of releases was quadratic)."""
    found = [ranges(spec, subject) for spec in named]
    points = [{item.point for item in each} for each in found if each]
    if len(points) == len(named) and all(None not in each for each in points):
        return sum(map(len, points)) == len(set().union(*points))
    return all(
        can_meet(a, b, subject) is False for n, a in enumerate(named) for b in named[n + 1 :]
    )


def _set_apart(a: list[_Place], b: list[_Place]) -> bool:
    """Whether the file sets two releases (their places ``a`` and ``b``) apart as cases: a
    lead-in, one line or table, or headings of their own."""
    return (
        any(p.lead for p in (*a, *b))
        or bool({p.line for p in a} & {p.line for p in b})
        or bool({p.table for p in a} & {p.table for p in b} - {None})
        or not {p.section for p in a} & {p.section for p in b}
    )


def one_file_alternatives(
    requirements: list[Requirement], texts: Mapping[str, str]
) -> list[Requirement]:
    """``requirements`` with the releases of a subject one file (its text in ``texts``)
    names, where no two that differ can hold together and the file sets each two apart as
    cases, made one requirement naming each as an alternative (``||``), in the place of the
    first, the others' places beside it."""
    groups: dict[tuple[object, ...], list[Requirement]] = {}
    for requirement in requirements:
        if requirement.source.kind == "file" and _releases(requirement):
            key = (requirement.subject, requirement.component, requirement.feature)
            groups.setdefault((*key, requirement.hard, requirement.source.ref), []).append(
                requirement
            )
    into: dict[int, Requirement] = {}
    for group in groups.values():
        named = list(dict.fromkeys(r.spec.strip() for r in group))
        subject = group[0].subject
        apart = len(named) > 1 and _exclusive(named, subject)
        ref = group[0].source.ref
        if not apart or ref not in texts:
            continue
        places = _places_in(texts[ref], ref, [r.source.line or 0 for r in group])
        where: dict[str, list[_Place]] = {}
        for requirement, place in zip(group, places):
            where.setdefault(requirement.spec.strip(), []).append(place)
        if all(_set_apart(where[a], where[b]) for n, a in enumerate(named) for b in named[n + 1 :]):
            one = msgspec.structs.replace(folded_into(group[0], group), spec=" || ".join(named))
            into.update((id(r), one) for r in group)
    out: dict[int, Requirement] = {}
    for requirement in requirements:
        joined = into.get(id(requirement), requirement)
        out.setdefault(id(joined), joined)
    return list(out.values())
