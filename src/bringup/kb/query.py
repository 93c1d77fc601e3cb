"""Questions the knowledge base answers, as pure functions over its rules.

- ``implications``: what one version implies for other subjects (an extension's
  release → the torch, toolkit and Python it was built for), each with the rows that say so.
- ``compatible``: whether two pins go together — *compatible*, *incompatible*, or *unknown*
  when no row covers the pair (never "fine" without a row).
- ``newest``: the newest known version meeting constraints and compatible with given pins.

A rule scoped to some chip families applies only when the chip is given and matches; with no
chip given it is reported as conditional, and a verdict that depends on it is *unknown*.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, Optional

import msgspec

from bringup import lazyre
from bringup.errors import InputError
from bringup.kb.trains import pinned, train_of
from bringup.kb.validate import known_subject
from bringup.model.rules import Rule
from bringup.subjects import examples, scheme_for
from bringup.versions import InvalidVersion, SpecifierSet, Version

Status = Literal["compatible", "incompatible", "unknown"]
_PIN = lazyre.compile(r"^\s*([A-Za-z0-9_:.\-]+?)\s*(?:==|=|\s)\s*([^=\s]\S*)\s*$")


class ScopedRule(msgspec.Struct, frozen=True):
    """A rule and the chip families and host architectures it is limited to (``None``:
    every one)."""

    rule: Rule
    chips: Optional[str] = None
    machines: Optional[str] = None


class SubjectVersion(msgspec.Struct, frozen=True):
    """One subject at one version: ``torch==2.5.1``."""

    subject: str
    version: str

    def __str__(self) -> str:
        return f"{self.subject}=={self.version}"


class RuleCheck(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A rule whose condition the pair meets, and whether its consequence holds."""

    rule: Rule
    holds: bool
    chips: Optional[str] = None


class Compatibility(msgspec.Struct, frozen=True, kw_only=True):
    """Whether two versions may go together by the knowledge base (``bringup kb why``; a repo's
    verdict is ``model.resolution.Verdict``). ``deciding``: rows that apply and decide;
    ``caveats``: recommendations (soft rows) the pair breaks; ``conditional``: rows that
    apply only on some chip families, when no chip was given; ``related``: how many rows
    relate the two subjects at all."""

    status: Status
    a: SubjectVersion
    b: SubjectVersion
    reason: str
    deciding: tuple[RuleCheck, ...] = ()
    caveats: tuple[RuleCheck, ...] = ()
    conditional: tuple[RuleCheck, ...] = ()
    related: int = 0


class Implication(msgspec.Struct, frozen=True, kw_only=True):
    """What a version implies for ``subject``: every row that applies, each with its spec."""

    subject: str
    rows: tuple[RuleCheck, ...]

    @property
    def specs(self) -> tuple[str, ...]:
        return tuple(check.rule.then_spec for check in self.rows)


def typed_subject(name: str) -> str:
    """The subject a user means by ``name``: package names compare as PEP 503 says (case,
    and runs of ``-``, ``_``, ``.`` do not matter), so ``Flash-Attn`` and ``FLASH_ATTN`` are
    the subject ``flash_attn``."""
    if name.startswith("pypi:"):
        # as the knowledge base writes a distribution: PEP 503, runs of -_. as one "-"
        return "pypi:" + re.sub(r"[-_.]+", "-", name[len("pypi:") :]).lower()
    if known_subject(name):
        return name
    for joiner in ("_", "-"):
        spelled = re.sub(r"[-_.]+", joiner, name).lower()
        if known_subject(spelled):
            return spelled
    return name


def parse_subject_version(text: str) -> SubjectVersion:
    """``subject==version`` (also ``subject=version``), checked in the subject's scheme."""
    match = _PIN.match(text)
    if match is None:
        raise InputError(f"{text!r} is not a pin", hint="write SUBJECT==VERSION, e.g. torch==2.5.1")
    subject, version = typed_subject(match.group(1)), match.group(2)
    if not known_subject(subject):
        raise InputError(
            f"unknown subject {subject!r}",
            hint=f"subjects are e.g. {', '.join(examples())}",
        )
    try:
        parse_version(version, subject)
    except InvalidVersion as error:
        raise InputError(str(error)) from None
    return SubjectVersion(subject, version)


_MAJOR_ONLY = frozenset({"rhel", "centos", "rocky", "almalinux", "ol"})


def distro_name(os_id: str, version_id: str) -> str:
    """The ``distro`` subject's value for an os-release ``ID`` and ``VERSION_ID``:
    ``ubuntu-22.04``, ``openeuler-22.03``, ``kylin-v10``; RHEL-family releases by major
    (``rocky-9`` for 9.4), since glibc and the default GCC do not change within one."""
    name = os_id.strip().lower()
    version = version_id.strip().lower()
    if name in _MAJOR_ONLY:
        version = version.split(".")[0]
    return f"{name}-{version}"


@functools.lru_cache(maxsize=8192)
def parse_version(raw: str, subject: str) -> Version:
    """``raw`` read in ``subject``'s scheme (memoised: tables repeat the same strings)."""
    return Version(raw, scheme_for(subject))


@functools.lru_cache(maxsize=8192)
def parse_spec(text: str, subject: str) -> SpecifierSet:
    """``text`` read in ``subject``'s scheme (memoised)."""
    return SpecifierSet(text, scheme_for(subject))


def spec_contains(spec: str, subject: str, version: str) -> bool:
    return parse_spec(spec, subject).contains(parse_version(version, subject))


def unknown_chip(chip: str, families: Sequence[str]) -> Optional[str]:
    """Why ``chip`` is not one of ``families`` (the chip families the knowledge base's chip
    records name), listing them; ``None`` when it is one, or when there are none to check
    against (a ``--kb`` without chip records). Names are compared exactly, as host chips are
    matched (``910b`` would never match a ``910B`` host)."""
    if chip in families or not families:
        return None
    near = [family for family in families if family.lower() == chip.lower()]
    guess = f"; did you mean {near[0]!r}?" if near else ""
    return f"unknown chip family {chip!r}{guess} (known: {', '.join(families)})"


def chip_matches(chips: Optional[str], chip: Optional[str]) -> bool:
    return chips is None or (chip is not None and spec_contains(chips, "chip", chip))


class ChipRows(msgspec.Struct, frozen=True, kw_only=True):
    """What ``--chip`` changed in an answer: the ids of the chip-limited rows about the
    asked pins that it kept (limited to the chip) and left out (limited to other chips);
    both empty when no row about them depends on the chip, so the answer holds on every one."""

    chip: str
    kept: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()


def chip_rows(rules: Iterable[ScopedRule], pins: Sequence[SubjectVersion], chip: str) -> ChipRows:
    """The chip-limited rows whose condition one of ``pins`` meets, split by ``chip``."""
    kept: list[str] = []
    left_out: list[str] = []
    for scoped in rules:
        rule = scoped.rule
        if scoped.chips is None or not any(
            rule.subject == pin.subject and spec_contains(rule.spec, pin.subject, pin.version)
            for pin in pins
        ):
            continue
        (kept if chip_matches(scoped.chips, chip) else left_out).append(rule.id)
    return ChipRows(chip=chip, kept=tuple(kept), left_out=tuple(left_out))


def implications(
    rules: Iterable[ScopedRule], subject: str, version: str, *, chip: Optional[str] = None
) -> tuple[Implication, ...]:
    """For each other subject, the rows whose condition ``subject==version`` meets. Rows
    limited to other chips than ``chip`` are left out; with no chip, they are kept (their
    ``chips`` says where they apply)."""
    grouped: dict[str, list[RuleCheck]] = {}
    for scoped in rules:
        rule = scoped.rule
        if rule.subject != subject or not spec_contains(rule.spec, subject, version):
            continue
        if chip is not None and not chip_matches(scoped.chips, chip):
            continue
        check = RuleCheck(rule=rule, holds=True, chips=scoped.chips)
        grouped.setdefault(rule.then_subject, []).append(check)
    return tuple(Implication(subject=s, rows=tuple(rows)) for s, rows in grouped.items())


def compatible(
    rules: Iterable[ScopedRule], a: SubjectVersion, b: SubjectVersion, *, chip: Optional[str] = None
) -> Compatibility:
    """Whether ``a`` and ``b`` go together, decided only by rows that relate them."""
    rules = tuple(rules)
    applying: list[RuleCheck] = []
    conditional: list[RuleCheck] = []
    related = 0
    for scoped in rules:
        rule = scoped.rule
        if (rule.subject, rule.then_subject) == (a.subject, b.subject):
            condition, target = a, b
        elif (rule.subject, rule.then_subject) == (b.subject, a.subject):
            condition, target = b, a
        else:
            continue
        related += 1
        if not spec_contains(rule.spec, condition.subject, condition.version):
            continue
        holds = spec_contains(rule.then_spec, target.subject, target.version)
        check = RuleCheck(rule=rule, holds=holds, chips=scoped.chips)
        if scoped.chips is None or chip_matches(scoped.chips, chip):
            applying.append(check)
        elif chip is None:
            conditional.append(check)
    broken = tuple(c for c in applying if not c.holds and c.rule.hard)
    caveats = tuple(c for c in applying if not c.holds and not c.rule.hard)

    def verdict(status: Status, reason: str, deciding: tuple[RuleCheck, ...] = ()) -> Compatibility:
        return Compatibility(
            status=status,
            a=a,
            b=b,
            reason=reason,
            deciding=deciding,
            caveats=caveats,
            conditional=tuple(conditional),
            related=related,
        )

    if broken:
        return verdict("incompatible", f"{len(broken)} row(s) rule the pair out", broken)
    unbuilt = tuple(c for c in caveats if c.rule.builds)
    if unbuilt:
        # torch 2.7.0 with CUDA 11.3: its major row holds, but no such build is published
        # (outsider23c D17 headlined it COMPATIBLE)
        caveats = tuple(c for c in caveats if not c.rule.builds)
        rule = unbuilt[0].rule
        built, other = (a, b) if rule.subject == a.subject else (b, a)
        return verdict(
            "incompatible",
            f"no {built.subject} {built.version} build for {other.subject} {other.version} is"
            " published",
            unbuilt,
        )
    held = tuple(check for check in applying if check.holds)
    if caveats and not held:
        return verdict(
            "unknown",
            f"only recommendations cover the pair and it does not meet {len(caveats)} of them; "
            "no row says whether it works",
        )
    if held:
        reason = f"{len(held)} row(s) cover the pair and hold"
        if caveats:
            reason += f"; {len(caveats)} recommendation(s) not met"
        return verdict("compatible", reason, held)
    if conditional:
        chips = sorted({check.chips or "" for check in conditional})
        return verdict(
            "unknown",
            f"the rows that cover the pair depend on the chip family ({'; '.join(chips)}); "
            "give the chip",
        )
    reason = "no row covers this pair"
    if related:
        reason += f" ({related} row(s) relate {a.subject} and {b.subject}, for other versions)"
    return verdict("unknown", reason + _trained(rules, a) + _trained(rules, b))


def _trained(rules: Sequence[ScopedRule], asked: SubjectVersion) -> str:
    """What to say when ``asked`` is a release train, not a release of its own (torch_npu
    26.0.0, whose wheels are 2.7.1.post4 and others: ``kb.trains``)."""
    wheels = dict.fromkeys(
        version
        for scoped in rules
        if scoped.rule.subject == asked.subject and train_of(scoped.rule.note) == asked.version
        for version in [pinned(scoped.rule.spec)]
        if version is not None
    )
    if not wheels:
        return ""
    return (
        f"; {asked.subject} {asked.version} is a release train, not a {asked.subject} release:"
        f" the knowledge base knows its releases {', '.join(wheels)}; ask with one of them"
    )


def newest(
    rules: Sequence[ScopedRule],
    candidates: Sequence[str],
    subject: str,
    constraints: Iterable[str] = (),
    *,
    given: Iterable[SubjectVersion] = (),
    chip: Optional[str] = None,
) -> Optional[str]:
    """The newest of ``candidates`` (oldest first) in every spec of ``constraints`` and
    *compatible* — by a row, not merely not ruled out — with every pin in ``given``."""
    specs = [parse_spec(text, subject) for text in constraints]
    pins = list(given)
    ordered: Callable[[str], Version] = functools.partial(parse_version, subject=subject)
    for version in sorted(candidates, key=ordered, reverse=True):
        parsed = ordered(version)
        if not all(spec.contains(parsed) for spec in specs):
            continue
        pin = SubjectVersion(subject, version)
        if all(compatible(rules, pin, other, chip=chip).status == "compatible" for other in pins):
            return version
    return None
