"""What the solver is given: the requirement, rule and host items with the candidates that
satisfy each, and ``SolverInput`` that holds them. Apart from ``problem``, which builds them,
since every reader of the solver's answer (``outcome``, ``verdict``, ``placement``, ...) needs
the items and none the building."""

from __future__ import annotations

from dataclasses import dataclass, field

from bringup.model.facts import Fact
from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import Check, ConflictItem, HardwareBlock, HostValue, Unverified
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.solve.candidates import Candidate, Scope
from bringup.solve.host import HostFacts
from bringup.versions import SpecifierSet


@dataclass(frozen=True)
class RequirementItem:
    id: int
    component: int
    subject: str
    requirement: Requirement
    allowed: frozenset[int]
    also: tuple[Source, ...] = ()
    preference: bool = False  # ``Stated.preference``


@dataclass(frozen=True)
class RuleItem:
    id: int
    rule: Rule
    subject: str
    then_subject: str
    when: frozenset[int]
    then: frozenset[int]
    adds: bool
    """The rule brings ``then_subject`` into an environment (a package row: an extension's release
    needs torch, a toolkit and a Python). Otherwise it only constrains ``then_subject`` where an
    environment has it anyway (a row about a toolkit, compiler, standard or the host)."""
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
class SolverInput:
    """The solver's input: the components it places, each subject's candidates, and the
    requirement, rule and host items with the candidates that satisfy each."""

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
    listed: dict[str, tuple[Source, tuple[str, ...]]] = field(default_factory=dict)
    """Subjects whose releases are the package index's whole list: its source and versions."""
    python_unknown: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Candidates of a Python distribution that no row of its own says the Python of, where
    rows say it for its other releases (``python_unknown``): candidate id -> the tables
    without its row."""
    python_paired: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Of those, the ones another package's row pairs with a Python: candidate id -> the ids
    of those rows (``RuleItem.id``); known only in an environment where such a row holds."""
    python_near: dict[int, frozenset[int]] = field(default_factory=dict)
    """Of those, the Python candidates the nearest release with rows allows (``near_pythons``)."""
    python_toolkits: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Toolkits some rows pair with a Python (``toolkitpython``): subject -> their tables."""
    arch_silent: dict[tuple[str, str], frozenset[int]] = field(default_factory=dict)
    """(subject, then subject) -> the candidates of the subject whose rows to the other the
    host's architecture left out (``archrows``): known to pin none of it here."""

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

    def shared_items(self) -> tuple[int, ...]:
        """Rules and host values: what every environment is subject to."""
        return tuple(rule.id for rule in self.rules) + tuple(host.id for host in self.hosts)

    def requirement_items(self, component: int) -> tuple[int, ...]:
        return self._by_component.get(component, ())

    def item(self, item_id: int) -> RequirementItem | RuleItem | HostItem:
        return self._items[item_id]

    def describe(self, item_id: int) -> ConflictItem:
        """The item as a member of a conflict, with its sources."""
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
                also=item.also,
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
    """A knowledge-base row cited by its topic and id, with its public document."""
    url = rule.source if rule.source.startswith(("http://", "https://")) else None
    return Source(kind="kb", ref=f"{rule.topic}/{rule.id}", url=url)
