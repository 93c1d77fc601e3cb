"""The C++ standard a framework's extension is compiled at, as a bound on that framework.

A repo's ``-std=c++14`` is, for the repo, a floor (its compiler must know C++14); for the torch
extension it compiles (``Requirement.extension_of``, ``scan.extensionstd``) it is that very
standard, and torch's headers refuse one older than their release needs (kb torch_cxx.toml:
C++17 from torch 2.1, C++20 from 2.14). So the framework releases whose rows ask for more are
out for that repo: MightyChaos/dqtorch@707e615f setup.py:8 ``-std=c++14`` beside its
``torch>=1.12`` (:38) takes a torch before 2.1, and beside ``torch>=2.1`` is a conflict that
cites both lines (outsider22 D10; its log L6, dqtorch#1: "#error C++17 or later compatible
compiler is required to use PyTorch"). The bound is added as a requirement of the framework
at the standard's line, so the plan and its conflicts cite where the repo forces it; the
repo's other targets keep their own standards (DeepGEMM's C++20 kernels beside its C++17
torch extension are no conflict).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup.model.requirements import Component, Requirement
from bringup.model.rules import Rule
from bringup.solve.solverinput import rule_source
from bringup.solve.specversions import specifier_set
from bringup.subjects import canonical_subject, scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, Version

_STANDARD = "cxx_standard"
Interval = tuple[Optional[Version], Optional[Version]]
"""``[low, high)``; None is no end."""


def _interval(spec: str, scheme: str) -> Optional[Interval]:
    """The range a row's ``when`` names (``>=2.1,<2.14``, ``>=2.14``); None for any other form."""
    low: Optional[Version] = None
    high: Optional[Version] = None
    for clause in (c.strip() for c in spec.split(",") if c.strip()):
        try:
            if clause.startswith(">=") and low is None:
                low = Version(clause[2:].strip(), scheme)
            elif clause.startswith("<") and not clause.startswith("<=") and high is None:
                high = Version(clause[1:].strip(), scheme)
            else:
                return None
        except InvalidVersion:
            return None
    return low, high


def _merged(intervals: list[Interval]) -> list[Interval]:
    """The union of ``intervals`` as disjoint ones, lowest first."""
    out: list[Interval] = []
    for low, high in sorted(intervals, key=lambda i: (i[0] is not None, i[0] or 0)):
        last = out[-1] if out else None
        if last is not None and (last[1] is None or (low is not None and low <= last[1])):
            if last[1] is not None and (high is None or high > last[1]):
                out[-1] = (last[0], high)
            continue
        out.append((low, high))
    return out


def _gaps(intervals: list[Interval]) -> list[tuple[Optional[str], Optional[str]]]:
    """The ranges outside ``intervals`` (raw bounds, None for no end), lowest first."""
    gaps: list[tuple[Optional[str], Optional[str]]] = []
    cursor: Optional[Version] = None
    for low, high in _merged(intervals):
        if low is not None:
            gaps.append((None if cursor is None else str(cursor), str(low)))
        if high is None:
            return gaps
        cursor = high
    gaps.append((None if cursor is None else str(cursor), None))
    return gaps


def _spec(gaps: list[tuple[Optional[str], Optional[str]]]) -> str:
    parts = []
    for low, high in gaps:
        clauses = ([f">={low}"] if low else []) + ([f"<{high}"] if high else [])
        parts.append(",".join(clauses))
    return " || ".join(parts)


def framework_bound(
    rules: Sequence[Rule], framework: str, standard: str
) -> Optional[tuple[str, list[Rule]]]:
    """The releases of ``framework`` whose hard rows on the C++ standard admit ``standard``,
    as a spec, with the rows that ruled the others out; None when no row rules any out (or
    none can be read as a range)."""
    scheme = scheme_for(framework)
    try:
        exact = Version(standard, scheme_for(_STANDARD))
    except InvalidVersion:
        return None
    excluded: list[Interval] = []
    rows: list[Rule] = []
    for rule in rules:
        if not rule.hard or canonical_subject(rule.subject) != framework:
            continue
        if canonical_subject(rule.then_subject) != _STANDARD:
            continue
        try:
            admits = specifier_set(rule.then_spec, scheme_for(_STANDARD)).contains(exact)
        except InvalidSpecifier:
            continue
        interval = None if admits else _interval(rule.spec, scheme)
        if interval is not None:
            excluded.append(interval)
            rows.append(rule)
    gaps = _gaps(excluded)
    if not rows or not gaps:
        return None
    return _spec(gaps), rows


def _bound(requirement: Requirement, rules: Sequence[Rule]) -> Optional[Requirement]:
    framework = canonical_subject(requirement.extension_of)
    standard = requirement.spec.strip().lstrip(">=").strip()
    found = framework_bound(rules, framework, standard)
    if found is None:
        return None
    spec, rows = found
    asked = ", ".join(f"{r.then_spec} from {r.spec} ({r.topic}/{r.id})" for r in rows)
    return Requirement(
        subject=framework,
        spec=spec,
        component=requirement.component,
        source=requirement.source,
        confidence=requirement.confidence,
        hard=requirement.hard,
        text=f"{requirement.text or ''}: its {framework} extension compiles at C++{standard}, "
        f"and {framework}'s headers ask C++ {asked}".lstrip(": "),
        feature=requirement.feature,
        also_at=tuple(rule_source(r) for r in rows),
    )


def with_extension_bounds(
    components: Sequence[Component], rules: Sequence[Rule]
) -> list[Component]:
    """``components``, each whose framework extension states its C++ standard also bounding
    that framework to the releases whose headers accept it."""
    out = []
    for given in components:
        component = given
        added = [
            bound
            for r in component.requirements
            if r.extension_of and canonical_subject(r.subject) == _STANDARD
            for bound in [_bound(r, rules)]
            if bound is not None
        ]
        if added:
            requirements = (*component.requirements, *added)
            component = msgspec.structs.replace(component, requirements=requirements)
        out.append(component)
    return out
