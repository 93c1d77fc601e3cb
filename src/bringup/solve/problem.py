"""The solver's input, built once (the provider boundary): candidates per subject, and for
every requirement and rule the set of candidates that satisfy it, computed with
``bringup.versions`` so that vendor version semantics live in one place and the answer-set
program only sees integers. Requirements on fixed subjects are judged against the host
(``judge``) and never reach the solver.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bringup.model.facts import Fact
from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import Check, HardwareBlock, Unverified
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.solve.candidates import Candidates
from bringup.solve.catalogue import Catalogue
from bringup.solve.distro import distribution_view
from bringup.solve.host import HostFacts
from bringup.solve.judge import Stated, group_statements, judge_fixed, specs_by_subject
from bringup.solve.needs import need_checks
from bringup.solve.nodevice import no_device_here
from bringup.solve.openbounds import with_row_bounds
from bringup.solve.otherkind import device_here, other_kind_here
from bringup.solve.pythonrows import near_pythons, python_unknown
from bringup.solve.solverinput import (
    DeferredRule,
    HostItem,
    RequirementItem,
    RuleItem,
    SolverInput,
    rule_source,
)
from bringup.solve.specversions import specifier_set
from bringup.solve.unlistedpairs import then_allowed
from bringup.subjects import canonical_subject, is_distribution, scheme_for
from bringup.versions import InvalidSpecifier


def provided_key(subject: str) -> str:
    """A repo of the stack as a dependency: ``foo-comm`` is what ``pypi:foo-comm``
    (``foo_comm`` once canonical) and the CMake package ``FooComm`` name."""
    name = subject.split(":", 1)[1] if ":" in subject else subject
    return re.sub(r"[-_.]", "", name.lower())


def _finding(where: str, text: str, error: ValueError, source: Source) -> Fact:
    return Fact(key=where, value=text, source=source, status="unparsed", reason=str(error))


def build_problem(
    components: Sequence[Component],
    host: HostFacts,
    rules: Sequence[Rule],
    catalogue: Catalogue,
    *,
    allow_driver_change: bool = False,
    place_all: bool = False,
    arch_left_out: Sequence[Rule] = (),
) -> SolverInput:
    """Judge fixed requirements against ``host``, keep the rules that bear on what the repos
    need, and compute every satisfaction set the solver will use. ``place_all``: a repo the
    host rules out altogether (wrong arch) still takes part in the split, as when designing
    environments for a target from the software requirements alone. ``arch_left_out``: the
    knowledge base's rows the host's architecture left out of ``rules``."""
    from bringup.solve.archrows import arch_silent
    from bringup.solve.builds import without_unfit_builds
    from bringup.solve.extensionstandard import with_extension_bounds
    from bringup.solve.hostcompiler import with_host_compiler
    from bringup.solve.toolkitpython import python_toolkits

    components = with_extension_bounds(with_host_compiler(components, host, rules), rules)
    host = without_unfit_builds(host, rules)
    findings: list[Fact] = []
    checks: list[Check] = []
    statements: list[list[Stated]] = []
    for component in components:
        invalid: list[tuple[Requirement, str, ValueError]] = []
        statements.append(group_statements(component, invalid))
        checks.extend(need_checks(component, host.system_packages))
        for req, subject, error in invalid:
            where = f"requirement.{component.name}.{subject}"
            findings.append(_finding(where, req.spec, error, req.source))
            checks.append(
                Check(
                    component=component.name,
                    subject=subject,
                    spec=req.spec,
                    source=req.source,
                    status="invalid",
                    hard=req.hard,
                )
            )
    everything = [s for group in statements for s in group]
    cands = Candidates(
        host,
        catalogue,
        allow_driver_change=allow_driver_change,
        specs=with_row_bounds(specs_by_subject(everything), rules, catalogue),
        rows=rules,
    )
    provided = {provided_key(c.name): c.name for c in components}
    hardware: list[HardwareBlock] = []
    unverified: list[Unverified] = []
    placed: list[Component] = []
    excluded: list[str] = []
    requirements: list[RequirementItem] = []
    for component, stated in zip(components, statements):
        judged = [
            judge_fixed(
                s,
                distribution_view(s, stated, host.value(s.subject), host.value("os")),
                device_here=device_here(host, s.subject),
            )
            for s in stated
            if cands.scope(s.subject) == "fixed"
        ]
        checks.extend(j.check for j in judged)
        hardware.extend(j.block for j in judged if j.block is not None)
        if not any(j.block is not None and j.block.kind == "hardware" for j in judged):
            hardware.extend(other_kind_here(component, host) or no_device_here(component, host))
        unverified.extend(j.unverified for j in judged if j.unverified is not None)
        chosen = [s for s in stated if cands.scope(s.subject) != "fixed"]
        if not place_all and any(j.stops_everything for j in judged):
            excluded.append(component.name)
            checks.extend(s.check("unchecked") for s in chosen)
            continue
        index = len(placed)
        placed.append(component)
        for s in chosen:
            provider = provided.get(provided_key(s.subject))
            if provider is not None and provider != component.name:
                checks.append(s.check("provided", provider))
                continue
            if not cands.of(s.subject):
                checks.append(s.check("unchecked"))
                continue
            requirements.append(
                RequirementItem(
                    id=cands.new_id(),
                    component=index,
                    subject=s.subject,
                    requirement=s.requirement,
                    allowed=cands.allowed(s.spec, s.subject),
                    also=s.also,
                    preference=s.preference,
                )
            )
    rule_items, hosts, deferred = _relevant_rules(cands, rules, requirements, findings)
    unknown, paired = python_unknown(cands, rule_items)
    near = near_pythons(cands, rule_items, unknown)
    findings += [
        _finding(f"release.{subject}", raw, error, release.source)
        for subject, raw, error, release in cands.problems
    ]
    return SolverInput(
        components=tuple(placed),
        names=tuple(c.name for c in components),
        scopes={s: cands.scope(s) for s in cands.by_subject},
        candidates=cands.by_subject,
        requirements=tuple(requirements),
        rules=tuple(rule_items),
        hosts=tuple(hosts),
        host=host,
        hardware=hardware,
        unverified=unverified,
        checks=checks,
        findings=findings,
        excluded=tuple(excluded),
        deferred=tuple(deferred),
        listed=_listed(cands),
        python_unknown=unknown,
        python_paired=paired,
        python_near=near,
        python_toolkits=python_toolkits(rules),
        arch_silent=arch_silent(cands, arch_left_out),
    )


def _listed(cands: Candidates) -> dict[str, tuple[Source, tuple[str, ...]]]:
    """The subjects whose releases are the package index's list (``Catalogue.indexed``)."""
    found = {}
    for subject in cands.by_subject:
        releases = cands.catalogue.releases(subject) if cands.catalogue.indexed(subject) else ()
        if releases:
            found[subject] = (releases[0].source, tuple(r.version for r in releases))
    return found


def _relevant_rules(
    cands: Candidates,
    rules: Sequence[Rule],
    requirements: Sequence[RequirementItem],
    findings: list[Fact],
) -> tuple[list[RuleItem], list[HostItem], list[DeferredRule]]:
    """The rules reachable from what the repos require, to a fixpoint. A package row joins
    when its package is needed and brings what it names; any other row joins when both of
    its subjects are there (or its consequence is the host's)."""
    # Specs are read only for the rows that join: a knowledge base has hundreds of rows and a
    # stack touches a few dozen of them.
    named = [
        (rule, canonical_subject(rule.subject), canonical_subject(rule.then_subject))
        for rule in rules
    ]
    host = cands.host
    # a what-if value is the host's whether or not a repo names it (torch_npu 2.1.0): its
    # rows join as the repos' do
    relevant = {r.subject for r in requirements} | set(host.forced)
    _with_python(cands, relevant)
    taken: set[int] = set()
    items: list[RuleItem] = []
    deferred: list[DeferredRule] = []
    host_items: dict[str, HostItem] = {}

    def known(subject: str) -> bool:
        value = host.value(subject)
        return cands.scope(subject) != "fixed" or (value is not None and value.status == "ok")

    def host_item(subject: str) -> None:
        value = host.value(subject)
        if subject in host_items or value is None:
            return
        ids = tuple(
            c.id for c in cands.of(subject) if c.host is not None or c.version in value.values
        )
        host_items[subject] = HostItem(cands.new_id(), subject, value, ids)

    changed = True
    while changed:
        changed = False
        for index, (rule, subject, then_subject) in enumerate(named):
            if index in taken:
                continue
            on_host = cands.scope(subject) == "fixed"
            adds = rule.hard and rule.brings and not on_host and is_distribution(subject)
            if not (subject in relevant or (on_host and known(subject))):
                continue
            if not (adds or then_subject in relevant or cands.scope(then_subject) != "local"):
                continue
            taken.add(index)
            try:
                when = specifier_set(rule.spec, scheme_for(subject))
                then = specifier_set(rule.then_spec, scheme_for(then_subject))
            except InvalidSpecifier as error:
                text = f"{rule.spec} -> {rule.then_spec}"
                findings.append(_finding(f"rule.{rule.id}", text, error, rule_source(rule)))
                continue
            if not known(then_subject):
                value = host.value(then_subject)
                if value is not None:
                    deferred.append(DeferredRule(rule, subject, when, value))
                continue
            if not cands.of(then_subject):
                continue
            for fixed in (s for s in (subject, then_subject) if cands.scope(s) == "fixed"):
                host_item(fixed)
            items.append(
                RuleItem(
                    id=cands.new_id(),
                    rule=rule,
                    subject=subject,
                    then_subject=then_subject,
                    when=cands.allowed(when, subject),
                    then=then_allowed(cands, rule, then, then_subject),
                    adds=adds,
                    soft=not rule.hard,
                )
            )
            if then_subject not in relevant:
                relevant.add(then_subject)
                _with_python(cands, relevant)
                changed = True
    for subject in sorted(relevant & host.forced):
        host_item(subject)
    return items, list(host_items.values()), deferred


def _with_python(cands: Candidates, relevant: set[str]) -> None:
    """A Python distribution is installed into an interpreter, so where one is relevant
    Python is too (when there is a Python to pin): its rules join, and what is installed
    counts for the interpreter it is installed in."""
    if "python" in relevant or not any(is_distribution(s) for s in relevant):
        return
    if cands.of("python"):
        relevant.add("python")
