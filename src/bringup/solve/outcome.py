"""What a solved model says: environments with their pins, conflicts, checks, caveats, deferrals."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.kb.trains import pinned
from bringup.model.resolution import (
    Check,
    CheckStatus,
    Conflict,
    ConflictItem,
    Environment,
    Pin,
    PinOrigin,
    Unplaced,
    Unverified,
)
from bringup.model.source import Source
from bringup.scan.specranges import says_no_more
from bringup.solve.candidates import Candidate
from bringup.solve.engine import Model
from bringup.solve.pairrows import pairs_vouched
from bringup.solve.solverinput import RequirementItem, RuleItem, SolverInput, rule_source
from bringup.solve.toolkitpython import python_vouched
from bringup.subjects import canonical_subject, display_name, scheme_for
from bringup.versions import InvalidVersion, Version


def _pin(candidate: Candidate, python: int | None = None, missing: tuple[str, ...] = ()) -> Pin:
    """The pin of ``candidate`` in an environment whose Python is candidate ``python``: a
    package counts as installed only when it is installed in that very interpreter. An
    unverified version names the rows that would check it (``missing``)."""
    origin: PinOrigin
    installed = candidate.installed_for(python)
    if installed is not None and not candidate.unverified:
        origin = "what-if" if installed.source.kind == "user" else "installed"
        return Pin(
            subject=candidate.subject,
            version=candidate.version,
            origin=origin,
            source=installed.source,
            installed=True,
        )
    if candidate.release is not None:
        return Pin(
            subject=candidate.subject,
            version=candidate.version,
            origin="release",
            source=candidate.release.source,
        )
    if candidate.unverified:
        name = f"{display_name(candidate.subject)} {candidate.version}"
        return Pin(
            subject=candidate.subject,
            version=candidate.version,
            origin="unverified",
            source=Source(
                kind="derived", ref=f"as a repo asks; {name} is not in the knowledge base"
            ),
            missing=missing,
            installed=installed is not None,  # a setting (a C++ standard) is only a flag
        )
    host = candidate.host
    origin = "what-if" if host is not None and host.source.kind == "user" else "host"
    return Pin(
        subject=candidate.subject,
        version=candidate.version,
        origin=origin,
        source=host.source if host is not None else Source(kind="derived", ref="host"),
        installed=True,
    )


def missing_rows(problem: SolverInput, candidate: Candidate) -> tuple[str, ...]:
    """The compatibility rows that would check an unverified version: one per table and
    subject pairing the knowledge base has for its subject, or its missing release record."""
    subject, name = candidate.subject, f"{display_name(candidate.subject)} {candidate.version}"
    rows = set()
    for rule in problem.rules:
        table = f"{rule.rule.topic}.toml"
        if rule.then_subject == subject:
            rows.add(f"no {display_name(rule.subject)} row for {name} in {table}")
        elif rule.subject == subject:
            near = nearest_row(problem.rules, rule.rule.topic, subject, candidate.version)
            rows.add(f"no {name} row in {table}{near}")
    return tuple(sorted(rows)) or (f"no release record for {name} in the knowledge base",)


def nearest_row(rules: Sequence[RuleItem], topic: str, subject: str, version: str) -> str:
    """``; nearest: <release> needs <then> (<row>)``: what the table does say for the release
    (``==V``, or one of ``==V || ==W``) of ``subject`` nearest below ``version`` (else above),
    so an unlisted release is shown with the known row a user checks it against (a CANN 9.2.0
    next to 9.1.0's driver floor, outsider14 D5), not as if it fitted; "" when no row names
    one release of ``subject``."""
    scheme = scheme_for(subject)
    try:
        asked = Version(version, scheme)
    except InvalidVersion:
        return ""
    named: list[tuple[Version, RuleItem]] = []
    for item in rules:
        if item.subject != subject or item.rule.topic != topic:
            continue
        for part in item.rule.spec.split("||"):
            release = pinned(part.strip())
            try:
                named.append((Version(release or "", scheme), item))
            except InvalidVersion:
                continue
    below = [pair for pair in named if pair[0] < asked]
    above = [pair for pair in named if pair[0] > asked]
    if below:
        near = max(below, key=lambda pair: pair[0])
    elif above:
        near = min(above, key=lambda pair: pair[0])
    else:
        return ""
    rule = near[1].rule
    return (
        f"; nearest: {display_name(subject)} {near[0]} needs "
        f"{display_name(rule.then_subject)} {rule.then_spec} ({rule_source(rule)})"
    )


def _hard_specs(problem: SolverInput) -> dict[str, list[tuple[int, str]]]:
    """Each subject's hard requirements as (component, spec), gathered once: looked up per
    pinned subject, a pass over every requirement made ``check`` quadratic in them (outsider
    o2 D17: 10,000 pins, a minute)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for r in problem.requirements:
        if r.requirement.hard:
            found.setdefault(r.subject, []).append((r.component, r.requirement.spec.strip()))
    return found


def _clauses(spec: str) -> list[str]:
    """A spec's clauses, each once however many repos or lines state it (``<5.0.0`` and
    ``<5.0.0,>=4.51.0`` ask ``<5.0.0`` once: montehoover/verl@9c46ae8 requirements.txt:18 and
    scripts/install_vllm_sglang_mcore.sh:16, outsider23 D15); one with alternatives is whole."""
    if "||" in spec:
        return [spec]
    return [clause.strip() for clause in spec.split(",")]


def _index_pin(
    stated: Sequence[tuple[int, str]],
    subject: str,
    components: set[int],
    bounds: Sequence[str] = (),
) -> Pin:
    """A Python distribution the knowledge base does not know, pinned as the range the
    environment's repos state on it (``stated``: its hard requirements) and the hard rows
    that hold in the environment bound it to (``bounds``: torch 2.1 -> numpy < 2), for the
    installer (uv) to resolve from the index."""
    repos = {clause for c, spec in stated if c in components for clause in _clauses(spec)}
    narrow = ",".join(sorted(repos - {""}))
    # a row's bound the repos' own range already keeps (cmake >= 3.8 beside >= 3.18) adds nothing
    rows = {
        clause
        for spec in bounds
        if not (narrow and says_no_more(spec, narrow, subject))
        for clause in _clauses(spec)
    }
    specs = sorted((repos | rows) - {""})
    asked = "the repos and the knowledge base's rows ask" if rows else "the repos ask"
    return Pin(
        subject=subject,
        version=",".join(specs),
        origin="index",
        source=Source(
            kind="derived",
            ref=f"uv picks it from the package index at install, within what {asked} of {subject}",
        ),
    )


def environments(
    problem: SolverInput,
    model: Model,
    placeable: Sequence[int],
    *,
    keep_numbers: bool = False,
    joined: dict[int, tuple[int, ...]] | None = None,
) -> tuple[Environment, ...]:
    """Environments numbered by their first repo (or as the model numbers them, to keep a
    design's numbers: ``keep_numbers``, with ``joined``: the design environments a merged
    one holds); repos outside ``placeable`` (sitting in the single-environment program with
    their requirements off) are left out."""
    machine = [
        _pin(problem.by_id[c])
        for c in model.machine
        if problem.scopes[problem.by_id[c].subject] == "chosen"
    ]
    assign = {c: env for c, env in model.assign.items() if c in placeable}
    numbers = sorted(set(assign.values()))
    renumber = {old: (old if keep_numbers else new) for new, old in enumerate(numbers, start=1)}
    members: dict[int, list[str]] = {n: [] for n in renumber.values()}
    for component, env in sorted(assign.items()):
        members[renumber[env]].append(problem.components[component].name)
    pins: dict[int, list[Pin]] = {n: list(machine) for n in renumber.values()}
    python = {
        env: candidate
        for env, candidate in model.values
        if problem.by_id[candidate].subject == "python"
    }
    stated = _hard_specs(problem)
    chosen: dict[int, set[int]] = {}
    for env, candidate in model.values:
        chosen.setdefault(env, set()).add(candidate)
    for env, candidate in model.values:
        if env not in renumber:
            continue
        picked = problem.by_id[candidate]
        if picked.region:
            inside = {c for c, e in assign.items() if e == env}
            bounds = _row_bounds(problem, picked.subject, chosen.get(env, set()))
            pins[renumber[env]].append(
                _index_pin(stated.get(picked.subject, ()), picked.subject, inside, bounds)
            )
        else:
            missing = missing_rows(problem, picked) if picked.unverified else ()
            pins[renumber[env]].append(_pin(picked, python.get(env), missing))
    candidate_of = {(c.subject, c.version): c.id for c in problem.by_id.values()}
    return tuple(
        pairs_vouched(
            problem,
            candidate_of,
            python_vouched(
                problem,
                Environment(
                    index=n,
                    components=tuple(members[n]),
                    pins=tuple(sorted(pins[n], key=lambda p: p.subject)),
                    design=(joined or {}).get(n, ()),
                ),
            ),
        )
        for n in sorted(members)
    )


def _row_bounds(problem: SolverInput, subject: str, chosen: set[int]) -> list[str]:
    """The specs the hard rows whose condition the environment's ``chosen`` candidates meet
    put on ``subject``: the range the installer must keep to, which no repo states."""
    return [
        item.rule.then_spec
        for item in problem.rules
        if item.then_subject == subject and not item.soft and item.when & chosen
    ]


def conflict(problem: SolverInput, items: tuple[int, ...], kind: str) -> Conflict:
    """Items in the order a reader follows the chain: requirements that lead into a rule,
    the rules, the requirements they meet, then the host's values."""
    described = [problem.describe(i) for i in items] + _not_listed(problem, items)
    conditions = {d.subject for d in described if d.kind == "rule"}

    def rank(position: int) -> tuple[int, int]:
        item = described[position]
        if item.kind == "requirement":
            return (0 if item.subject in conditions else 2, position)
        return (1 if item.kind == "rule" else 3, position)

    ordered = tuple(described[p] for p in sorted(range(len(described)), key=rank))
    components = tuple(dict.fromkeys(d.component for d in ordered if d.component))
    subjects: list[str] = []
    for d in ordered:
        for subject in (d.subject, d.then_subject):
            if subject and subject not in subjects:
                subjects.append(subject)
    return Conflict(
        kind="alone" if kind == "alone" else "between",
        items=ordered,
        components=components,
        subjects=tuple(subjects),
    )


def _not_listed(problem: SolverInput, items: tuple[int, ...]) -> list[ConflictItem]:
    """The package index's list of a subject as a member of the conflict, when the
    requirements on it here admit no version the index has: there is no such release, which
    no other environment changes (unlike a version the knowledge base does not list)."""
    asked: dict[str, frozenset[int]] = {}
    for item_id in items:
        item = problem.item(item_id)
        if isinstance(item, RequirementItem) and item.subject in problem.listed:
            before = asked.get(item.subject)
            asked[item.subject] = item.allowed if before is None else before & item.allowed
    found = []
    for subject, allowed in asked.items():
        source, versions = problem.listed[subject]
        if any(problem.by_id[c].release is not None for c in allowed):
            continue
        found.append(
            ConflictItem(
                kind="index",
                subject=subject,
                spec=f"{versions[0]} ... {versions[-1]}" if len(versions) > 1 else versions[0],
                source=source,
                text=f"{len(versions)} release{'s' if len(versions) != 1 else ''}",
            )
        )
    return found


def checks(
    problem: SolverInput,
    environments: Sequence[Environment],
    model: Model | None,
    unplaced: Sequence[Unplaced],
) -> tuple[Check, ...]:
    out = list(problem.checks)
    env_of = {name: env for env in environments for name in env.components}
    blamed = {
        (item.component, item.subject, item.spec)
        for u in unplaced
        if u.conflict is not None
        for item in u.conflict.items
    }
    violated = set(model.violated) if model is not None else set()
    for req in problem.requirements:
        name = problem.components[req.component].name
        requirement = req.requirement
        env = env_of.get(name)
        pin = env.pin(req.subject) if env is not None else None
        status: CheckStatus
        if env is None:
            status = "violated" if (name, req.subject, requirement.spec) in blamed else "unchecked"
        else:
            status = "violated" if req.id in violated else "ok"
        out.append(
            Check(
                component=name,
                subject=req.subject,
                spec=requirement.spec,
                source=requirement.source,
                status=status,
                pin=pin.version if pin is not None else None,
                environment=env.index if env is not None else None,
                hard=requirement.hard,
                also=req.also,
            )
        )
    return tuple(out)


def caveats(
    problem: SolverInput, model: Model, environments: Sequence[Environment]
) -> tuple[Unverified, ...]:
    """Recommendations not followed, per environment (numbered as in ``environments``)."""
    numbers = sorted({env for env, _rule in model.broken})
    first = {name: env.index for env in environments for name in env.components}
    renumber: dict[int, int] = {}
    for component, env in model.assign.items():
        name = problem.components[component].name
        if env in numbers and name in first:
            renumber[env] = first[name]
    out = []
    for env, rule_id in model.broken:
        item = problem.item(rule_id)
        if env not in renumber or not isinstance(item, RuleItem):
            continue
        pin = next((e.pin(item.subject) for e in environments if e.index == renumber[env]), None)
        out.append(
            Unverified(
                subject=item.then_subject,
                spec=item.rule.then_spec,
                source=rule_source(item.rule),
                reason=(
                    f"recommended for {display_name(item.subject)} "
                    f"{pin.version if pin else item.rule.spec}, not followed"
                ),
                environment=renumber[env],
                rule_id=item.rule.id,
            )
        )
    return tuple(out)


def deferred(problem: SolverInput, environments: Sequence[Environment]) -> tuple[Unverified, ...]:
    """Rules about a device this host does not have (or could not read), for each
    environment whose pins trigger them: they must hold on the machine that runs it."""
    out: list[Unverified] = []
    for env in environments:
        for pending in problem.deferred:
            pin = env.pin(pending.subject)
            if pin is None or not pending.when.contains(pin.version):
                continue
            host = pending.host
            reason = host.reason or host.status
            out.append(
                Unverified(
                    subject=canonical_subject(pending.rule.then_subject),
                    spec=pending.rule.then_spec,
                    source=rule_source(pending.rule),
                    reason=f"{display_name(host.subject)} {host.status}: {reason}",
                    environment=env.index,
                    rule_id=pending.rule.id,
                )
            )
    return tuple(out)
