"""The solver's input, built once: candidates per subject, and for every requirement and rule
the set of candidates that satisfy it, computed with ``bringup.versions`` so that vendor
version semantics live in one place and the answer-set program only sees integers.

Requirements on fixed subjects (chip, device count, arch, glibc, driver) are judged here,
against the host, and never reach the solver: a repo that needs a 910B is reported as such
instead of making every environment unsatisfiable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Optional

from bringup.model.facts import Fact
from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import (
    BlockKind,
    Check,
    ConflictItem,
    HardwareBlock,
    HostValue,
    Unverified,
)
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.solve.catalogue import Catalogue, Release
from bringup.solve.host import HostFacts, Installed
from bringup.solve.subjects import (
    DRIVERS,
    HARDWARE,
    PLATFORM,
    block_scope,
    canonical_subject,
    is_fixed,
)
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version, scheme_for

Scope = Literal["local", "fixed", "chosen"]
"""``local``: chosen per environment (a what-if on such a subject adds a host value every
environment must take). ``fixed``: the host's value. ``chosen``: one value for the whole
machine, picked by the solver (a driver the user allows to change)."""


@dataclass(frozen=True)
class Candidate:
    """One version the solver may use for a subject; ``rank`` 0 is the newest."""

    id: int
    subject: str
    version: str
    rank: int
    installed: Optional[Installed] = None
    release: Optional[Release] = None
    host: Optional[HostValue] = None


@dataclass(frozen=True)
class RequirementItem:
    id: int
    component: int
    subject: str
    requirement: Requirement
    allowed: frozenset[int]


@dataclass(frozen=True)
class RuleItem:
    id: int
    rule: Rule
    subject: str
    then_subject: str
    when: frozenset[int]
    then: frozenset[int]
    guard: bool
    """The condition is a fixed host value: the rule constrains ``then_subject`` where an
    environment has it, and does not make an environment need it."""
    soft: bool = False
    """A recommendation (``hard = false`` in the knowledge base): followed when it costs no
    environment, reported when it is not, never a conflict."""


@dataclass(frozen=True)
class HostItem:
    id: int
    subject: str
    value: HostValue
    candidates: tuple[int, ...]


@dataclass(frozen=True)
class DeferredRule:
    """A rule about a fixed subject this host cannot answer (no driver, driver unknown)."""

    rule: Rule
    subject: str
    when: SpecifierSet
    host: HostValue


@dataclass
class Problem:
    components: tuple[Component, ...]
    """Components the solver places, in id order."""
    names: tuple[str, ...]
    """Every component, in the order given (placed or not)."""
    scopes: dict[str, Scope]
    candidates: dict[str, tuple[Candidate, ...]]
    requirements: tuple[RequirementItem, ...]
    rules: tuple[RuleItem, ...]
    hosts: tuple[HostItem, ...]
    host: HostFacts
    hardware: list[HardwareBlock] = field(default_factory=list)
    unverified: list[Unverified] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    findings: list[Fact] = field(default_factory=list)
    excluded: tuple[str, ...] = ()
    deferred: tuple[DeferredRule, ...] = ()

    def __post_init__(self) -> None:
        self.by_id: dict[int, Candidate] = {
            c.id: c for group in self.candidates.values() for c in group
        }
        by_component: dict[int, list[int]] = {}
        for req in self.requirements:
            by_component.setdefault(req.component, []).append(req.id)
        self._by_component = {c: tuple(ids) for c, ids in by_component.items()}
        self._items: dict[int, RequirementItem | RuleItem | HostItem] = {}
        for group in (self.requirements, self.rules, self.hosts):
            for item in group:
                self._items[item.id] = item

    @property
    def item_ids(self) -> tuple[int, ...]:
        return tuple(self._items)

    def shared_items(self) -> tuple[int, ...]:
        """Rules and host values: what every environment is subject to."""
        return tuple(rule.id for rule in self.rules) + tuple(host.id for host in self.hosts)

    def requirement_items(self, component: int) -> tuple[int, ...]:
        return self._by_component.get(component, ())

    def item(self, item_id: int) -> RequirementItem | RuleItem | HostItem:
        return self._items[item_id]

    def describe(self, item_id: int) -> ConflictItem:
        """The item as a member of a conflict, with its source."""
        item = self._items[item_id]
        if isinstance(item, RequirementItem):
            req = item.requirement
            return ConflictItem(
                kind="requirement",
                subject=item.subject,
                spec=req.spec,
                source=req.source,
                component=req.component,
                text=req.text,
            )
        if isinstance(item, RuleItem):
            rule = item.rule
            return ConflictItem(
                kind="rule",
                subject=item.subject,
                spec=rule.spec,
                then_subject=item.then_subject,
                then_spec=rule.then_spec,
                source=rule_source(rule),
                rule_id=rule.id,
                text=rule.note,
            )
        return ConflictItem(
            kind="host",
            subject=item.subject,
            spec=",".join(item.value.values),
            source=item.value.source,
        )


def rule_source(rule: Rule) -> Source:
    url = rule.source if rule.source.startswith(("http://", "https://")) else None
    return Source(kind="kb", ref=f"{rule.topic}/{rule.id}", url=url)


def _spec(text: str, subject: str) -> SpecifierSet:
    return SpecifierSet(text, scheme_for(subject))


def _block_kind(subject: str) -> BlockKind:
    if subject in HARDWARE:
        return "hardware"
    if subject in PLATFORM:
        return "platform"
    return "driver"


class _Builder:
    """Accumulates ids and judgements while reading components, rules and the host."""

    def __init__(
        self,
        host: HostFacts,
        catalogue: Catalogue,
        allow_driver_change: bool,
    ) -> None:
        self.host = host
        self.catalogue = catalogue
        self.allow_driver_change = allow_driver_change
        self.next_id = 0
        self.candidates: dict[str, tuple[Candidate, ...]] = {}
        self.hardware: list[HardwareBlock] = []
        self.unverified: list[Unverified] = []
        self.checks: list[Check] = []
        self.findings: list[Fact] = []
        self.allowed_cache: dict[tuple[str, str], frozenset[int]] = {}
        self.parsed: dict[str, tuple[tuple[Candidate, ...], list[Version]]] = {}

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def scope(self, subject: str) -> Scope:
        if subject in DRIVERS and self.allow_driver_change:
            return "chosen"
        return "fixed" if is_fixed(subject) else "local"

    def invalid(self, where: str, text: str, error: ValueError, source: Source) -> None:
        self.findings.append(
            Fact(key=where, value=text, source=source, status="unparsed", reason=str(error))
        )

    def candidates_for(self, subject: str) -> tuple[Candidate, ...]:
        """Installed versions and known releases of ``subject``, newest first; for a fixed
        subject, the host's values only."""
        cached = self.candidates.get(subject)
        if cached is not None:
            return cached
        scheme = scheme_for(subject)
        found: list[tuple[Version, Optional[Installed], Optional[Release], Optional[HostValue]]]
        found = []
        value = self.host.value(subject)
        if self.scope(subject) == "fixed":
            if value is not None and value.status == "ok":
                found = [(Version(v, scheme), None, None, value) for v in value.values]
        else:
            seen: dict[Version, int] = {}
            installed = list(self.host.installed_versions(subject))
            if subject in DRIVERS and value is not None and value.status == "ok":
                installed += [Installed(subject, v, value.source) for v in value.values]
            for item in installed:
                version = Version(item.version, scheme)
                seen[version] = len(found)
                found.append((version, item, None, None))
            for release in self.catalogue.releases(subject):
                try:
                    version = Version(release.version, scheme)
                except InvalidVersion as error:
                    self.invalid(f"release.{subject}", release.version, error, release.source)
                    continue
                if version in seen:
                    at = seen[version]
                    found[at] = (found[at][0], found[at][1], release, None)
                else:
                    seen[version] = len(found)
                    found.append((version, None, release, None))
            if scheme != "name":
                found.sort(key=lambda entry: entry[0], reverse=True)
        made = tuple(
            Candidate(
                id=self.new_id(),
                subject=subject,
                version=str(version) if installed is None else installed.version,
                rank=rank,
                installed=installed,
                release=release,
                host=host_value,
            )
            for rank, (version, installed, release, host_value) in enumerate(found)
        )
        self.candidates[subject] = made
        return made

    def allowed(self, spec: SpecifierSet, subject: str) -> frozenset[int]:
        """Candidates ``spec`` admits; memoised, since repos repeat specs (``>=3.8``)."""
        key = (subject, spec.text)
        cached = self.allowed_cache.get(key)
        if cached is None:
            candidates, versions = self.parsed_candidates(subject)
            cached = frozenset(candidates[n].id for n in spec.admitted(versions))
            self.allowed_cache[key] = cached
        return cached

    def parsed_candidates(self, subject: str) -> tuple[tuple[Candidate, ...], list[Version]]:
        cached = self.parsed.get(subject)
        if cached is None:
            scheme = scheme_for(subject)
            candidates = self.candidates_for(subject)
            cached = (candidates, [Version(c.version, scheme) for c in candidates])
            self.parsed[subject] = cached
        return cached


def _judge_fixed(builder: _Builder, component: Component, req: Requirement, subject: str) -> bool:
    """Check a requirement on a fixed subject against the host. Returns False when the
    requirement stops the whole component here (wrong arch, too old a glibc)."""
    value = builder.host.value(subject)
    spec = _spec(req.spec, subject)
    if value is None or value.status not in ("ok", "absent"):
        reason = "not reported by the probe"
        if value is not None:
            reason = f"{value.status}: {value.reason}" if value.reason else value.status
        builder.unverified.append(
            Unverified(
                subject=subject,
                spec=req.spec,
                source=req.source,
                reason=reason,
                component=component.name,
            )
        )
        builder.checks.append(_check(component, req, subject, "unverified"))
        return True
    if value.status == "ok" and any(spec.contains(v) for v in value.values):
        builder.checks.append(_check(component, req, subject, "ok", ",".join(value.values)))
        return True
    scope = block_scope(subject)
    builder.hardware.append(
        HardwareBlock(
            component=component.name,
            requirement=req,
            host=value,
            kind=_block_kind(subject),
            scope=scope,
        )
    )
    builder.checks.append(
        _check(component, req, subject, "hardware", ",".join(value.values) or None)
    )
    return scope != "all"


def _check(
    component: Component,
    req: Requirement,
    subject: str,
    status: Literal["ok", "violated", "hardware", "unverified", "unchecked", "invalid"],
    pin: Optional[str] = None,
) -> Check:
    return Check(
        component=component.name,
        subject=subject,
        spec=req.spec,
        source=req.source,
        status=status,
        pin=pin,
        hard=req.hard,
    )


def build_problem(
    components: Sequence[Component],
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    *,
    allow_driver_change: bool = False,
) -> Problem:
    """Judge fixed requirements against ``host``, keep the rules that bear on what the repos
    need, and compute every satisfaction set the solver will use."""
    builder = _Builder(host, catalogue, allow_driver_change)
    solved: list[tuple[Component, list[tuple[str, Requirement, SpecifierSet]]]] = []
    excluded: list[str] = []
    for component in components:
        keep: list[tuple[str, Requirement, SpecifierSet]] = []
        runs_here = True
        for req in component.requirements:
            subject = canonical_subject(req.subject)
            try:
                spec = _spec(req.spec, subject)
            except InvalidSpecifier as error:
                builder.invalid(
                    f"requirement.{component.name}.{subject}", req.spec, error, req.source
                )
                builder.checks.append(_check(component, req, subject, "invalid"))
                continue
            if builder.scope(subject) == "fixed":
                runs_here = _judge_fixed(builder, component, req, subject) and runs_here
            else:
                keep.append((subject, req, spec))
        if runs_here:
            solved.append((component, keep))
        else:
            excluded.append(component.name)
            for subject, req, _spec_set in keep:
                builder.checks.append(_check(component, req, subject, "unchecked"))
    requirements: list[RequirementItem] = []
    placed: list[Component] = []
    for component, keep in solved:
        index = len(placed)
        placed.append(component)
        for subject, req, spec in keep:
            if not builder.candidates_for(subject):
                builder.checks.append(_check(component, req, subject, "unchecked"))
                continue
            requirements.append(
                RequirementItem(
                    id=builder.new_id(),
                    component=index,
                    subject=subject,
                    requirement=req,
                    allowed=builder.allowed(spec, subject),
                )
            )
    rule_items, hosts, deferred = _relevant_rules(builder, rules, requirements)
    return Problem(
        components=tuple(placed),
        names=tuple(c.name for c in components),
        scopes={s: builder.scope(s) for s in builder.candidates},
        candidates=builder.candidates,
        requirements=tuple(requirements),
        rules=tuple(rule_items),
        hosts=tuple(hosts),
        host=host,
        hardware=builder.hardware,
        unverified=builder.unverified,
        checks=builder.checks,
        findings=builder.findings,
        excluded=tuple(excluded),
        deferred=tuple(deferred),
    )


def _relevant_rules(
    builder: _Builder, rules: Sequence[Rule], requirements: Sequence[RequirementItem]
) -> tuple[list[RuleItem], list[HostItem], list[DeferredRule]]:
    """The rules reachable from what the repos require, to a fixpoint; a rule whose
    condition is a fixed host value joins only when its consequence is already needed."""
    parsed: list[tuple[Rule, str, str, SpecifierSet, SpecifierSet]] = []
    for rule in rules:
        subject, then_subject = (
            canonical_subject(rule.subject),
            canonical_subject(rule.then_subject),
        )
        try:
            parsed.append(
                (
                    rule,
                    subject,
                    then_subject,
                    _spec(rule.spec, subject),
                    _spec(rule.then_spec, then_subject),
                )
            )
        except InvalidSpecifier as error:
            builder.invalid(
                f"rule.{rule.id}", f"{rule.spec} -> {rule.then_spec}", error, rule_source(rule)
            )
    relevant = {r.subject for r in requirements}
    taken: set[int] = set()
    items: list[RuleItem] = []
    deferred: list[DeferredRule] = []
    host_items: dict[str, HostItem] = {}

    def host_known(subject: str) -> bool:
        value = builder.host.value(subject)
        return builder.scope(subject) != "fixed" or (value is not None and value.status == "ok")

    changed = True
    while changed:
        changed = False
        for index, (rule, subject, then_subject, when, then) in enumerate(parsed):
            if index in taken:
                continue
            guard = builder.scope(subject) == "fixed"
            if guard and not (then_subject in relevant and host_known(subject)):
                continue
            if not guard and subject not in relevant:
                continue
            taken.add(index)
            if not host_known(then_subject):
                value = builder.host.value(then_subject)
                if value is not None:
                    deferred.append(DeferredRule(rule, subject, when, value))
                continue
            if not builder.candidates_for(then_subject):
                continue
            for fixed_subject in (subject, then_subject):
                value = builder.host.value(fixed_subject)
                fixed = builder.scope(fixed_subject) == "fixed"
                if fixed and value is not None and fixed_subject not in host_items:
                    host_items[fixed_subject] = HostItem(
                        id=builder.new_id(),
                        subject=fixed_subject,
                        value=value,
                        candidates=tuple(c.id for c in builder.candidates_for(fixed_subject)),
                    )
            items.append(
                RuleItem(
                    id=builder.new_id(),
                    rule=rule,
                    subject=subject,
                    then_subject=then_subject,
                    when=builder.allowed(when, subject),
                    then=builder.allowed(then, then_subject),
                    guard=guard,
                    soft=not rule.hard,
                )
            )
            if then_subject not in relevant:
                relevant.add(then_subject)
                changed = True
    for subject in sorted(relevant & builder.host.forced):
        value = builder.host.value(subject)
        if value is None:  # apply_what_if sets one for every forced subject
            continue
        host_items[subject] = HostItem(
            id=builder.new_id(),
            subject=subject,
            value=value,
            candidates=tuple(
                c.id for c in builder.candidates_for(subject) if c.version in value.values
            ),
        )
    return items, list(host_items.values()), deferred
