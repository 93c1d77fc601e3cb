"""The solver's input as ground facts for ``encoding.lp``.

Only integers are written: item, candidate, component and subject ids. Names, versions and
sources stay in the ``SolverInput``, so nothing a repo or the knowledge base says can ever
be read as program text, and there is nothing to quote.

A satisfaction set is written as runs of consecutive ranks (``ok(Q,S,From,To)``): a range
such as ``>=7.0,<8.1`` admits one run of the newest-first candidate list, so a stack of a
hundred repos is a few thousand facts rather than tens of thousands (parsing them was most
of the time to a verdict). The sets themselves come from ``bringup.versions``.
"""

from __future__ import annotations

from collections.abc import Collection

from bringup.solve.solverinput import SolverInput
from bringup.subjects import is_distribution, scope_of


def _runs(allowed: Collection[int], rank_of: dict[int, int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ranks among the ``allowed`` candidate ids."""
    ranks = sorted(rank_of[c] for c in allowed)
    runs: list[tuple[int, int]] = []
    for rank in ranks:
        if runs and runs[-1][1] == rank - 1:
            runs[-1] = (runs[-1][0], rank)
        else:
            runs.append((rank, rank))
    return runs


def program_facts(problem: SolverInput, components: Collection[int], environments: int) -> str:
    """Facts for placing ``components`` (ids into ``problem.components``) into at most
    ``environments`` environments. Requirements of other components are left out."""
    subject_ids = {subject: index for index, subject in enumerate(sorted(problem.candidates))}
    rank_of = {c.id: c.rank for group in problem.candidates.values() for c in group}
    out: list[str] = [f"env(1..{environments})."]
    ordered = sorted(components)
    out.extend(f"comp({c})." for c in ordered)
    out.extend(f"next({b},{c})." for b, c in zip(ordered, ordered[1:]))
    for subject, candidates in problem.candidates.items():
        s = subject_ids[subject]
        out.append(f"{problem.scopes[subject]}({s}).")
        first = candidates[0].id if candidates else 0
        if all(c.id == first + c.rank for c in candidates):
            # ids in rank order (as Candidates makes them): one fact stands for them all
            out.append(f"cands({s},{first},{first + len(candidates) - 1}).")
        else:
            out.extend(f"cand({s},{c.id},{c.rank})." for c in candidates)
        out.extend(f"installed({s},{c.id})." for c in candidates if c.installed is not None)
        out.extend(
            f"installed_in({s},{c.id},{p})." for c in candidates for p, _where in c.installed_in
        )
        out.extend(f"only_in({s},{c.id})." for c in candidates if not c.anywhere)
        out.extend(f"unknown({s},{c.id})." for c in candidates if c.id in problem.python_unknown)
        out.extend(
            f"near({s},{c.id},{p})." for c in candidates for p in problem.python_near.get(c.id, ())
        )
        out.extend(f"has_near({s},{c.id})." for c in candidates if c.id in problem.python_near)
        out.extend(
            f"paired({s},{c.id},{r})."
            for c in candidates
            for r in problem.python_paired.get(c.id, ())
        )
        if is_distribution(subject) and problem.scopes[subject] == "local":
            out.append(f"dist({s}).")
        if scope_of(subject) == "driver":
            out.append(f"driver({s}).")
    if problem.candidates.get("python"):
        out.append(f"python({subject_ids['python']}).")
    for req in problem.requirements:
        if req.component not in components:
            continue
        q = req.id
        out.append(f"req({q},{req.component},{subject_ids[req.subject]}).")
        if not req.requirement.hard:
            out.append(f"soft({q}).")
        if req.preference:
            out.append(f"pref({q}).")
        s = subject_ids[req.subject]
        out.extend(f"ok({q},{s},{a},{b})." for a, b in _runs(req.allowed, rank_of))
    for rule in problem.rules:
        r = rule.id
        out.append(f"rule({r},{subject_ids[rule.subject]},{subject_ids[rule.then_subject]}).")
        if rule.adds:
            out.append(f"adds({r}).")
        if rule.soft:
            out.append(f"soft_rule({r}).")
        s, t = subject_ids[rule.subject], subject_ids[rule.then_subject]
        out.extend(f"when({r},{s},{a},{b})." for a, b in _runs(rule.when, rank_of))
        out.extend(f"then({r},{t},{a},{b})." for a, b in _runs(rule.then, rank_of))
    for host in problem.hosts:
        h = host.id
        out.append(f"item({h}).")
        out.extend(f"host({h},{subject_ids[host.subject]},{v})." for v in host.candidates)
    return "\n".join(out) + "\n"
