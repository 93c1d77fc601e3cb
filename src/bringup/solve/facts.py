"""The problem as ground facts for ``encoding.lp``.

Only integers are written: item, candidate, component and subject ids. Names, versions and
sources stay in the ``Problem``, so nothing a repo or the knowledge base says can ever be
read as program text, and there is nothing to quote.
"""

from __future__ import annotations

from collections.abc import Collection

from bringup.solve.problem import Problem


def program_facts(problem: Problem, components: Collection[int], environments: int) -> str:
    """Facts for placing ``components`` (ids into ``problem.components``) into at most
    ``environments`` environments. Requirements of other components are left out."""
    subject_ids = {subject: index for index, subject in enumerate(sorted(problem.candidates))}
    out: list[str] = [f"env(1..{environments})."]
    out.extend(f"comp({c})." for c in sorted(components))
    for subject, candidates in problem.candidates.items():
        s = subject_ids[subject]
        out.append(f"{problem.scopes[subject]}({s}).")
        for candidate in candidates:
            out.append(f"cand({s},{candidate.id}).")
            if candidate.rank:
                out.append(f"rank({s},{candidate.id},{candidate.rank}).")
            if candidate.installed is not None:
                out.append(f"installed({s},{candidate.id}).")
    for req in problem.requirements:
        if req.component not in components:
            continue
        q = req.id
        out.append(f"item({q}). req({q},{req.component},{subject_ids[req.subject]}).")
        if not req.requirement.hard:
            out.append(f"soft({q}).")
        out.extend(f"ok({q},{v})." for v in req.allowed)
    for rule in problem.rules:
        r = rule.id
        out.append(
            f"item({r}). rule({r},{subject_ids[rule.subject]},{subject_ids[rule.then_subject]})."
        )
        if rule.guard:
            out.append(f"guard({r}).")
        out.extend(f"when({r},{v})." for v in rule.when)
        out.extend(f"then({r},{v})." for v in rule.then)
    for host in problem.hosts:
        h = host.id
        out.append(f"item({h}).")
        out.extend(f"host({h},{subject_ids[host.subject]},{v})." for v in host.candidates)
    return "\n".join(out) + "\n"
