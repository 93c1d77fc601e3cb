"""A docs table's exact release read as its line of builds where only that reading conflicts.

shangxt10/verl_mindspeedmm@da9e8534 docs/ascend_tutorial/quick_start/ascend_quick_start.rst:45,49
tabulates "CANN | == 8.5.0" beside "torch_npu | == 2.8.0": torch_npu numbers its builds for one
torch release as post releases (Ascend/pytorch COMPATIBILITY.en.md: 2.8.0 pairs CANN 8.3.RC1 and
8.3.RC2, 2.8.0.post2 CANN 8.5.0), so the table names the 2.8.0 line, whose build for CANN 8.5.0
is 2.8.0.post2. Read under PEP 440, ``==2.8.0`` excludes 2.8.0.post2, and the repo was called
unable to run while its own plan pinned 2.8.0.post2 (outsider19 D4). A line read from a docs
page or README (a person's table or sentence, not an installer's pin) that states one exact
release ``X.Y.Z`` is read as that release's builds (``X.Y.Z.postN``) where the strict reading
keeps the repo's own lines and the knowledge base's rows from holding together and the wider
one lets them: a requirements file's ``==2.8.0`` stays exact, as pip installs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bringup import lazyre
from bringup.kb.series import series_of
from bringup.solve.engine import Engine, items_union
from bringup.solve.prosenames import from_prose
from bringup.solve.solverinput import RequirementItem, SolverInput
from bringup.subjects import scheme_for

_EXACT = lazyre.compile(r"==(\d+\.\d+\.\d+)")
"""One release of three parts, the shape torch_npu's builds extend (2.8.0 -> 2.8.0.post2)."""


def _builds(problem: SolverInput, item: RequirementItem) -> frozenset[int]:
    """The candidates of ``item``'s line of builds where it is a prose line stating one exact
    release whose builds the candidates hold beyond it; else ``item.allowed``."""
    requirement = item.requirement
    exact = _EXACT.fullmatch(requirement.spec.replace(" ", ""))
    if (
        exact is None
        or scheme_for(item.subject) != "pep440"
        or not from_prose(requirement.source, requirement.text)
    ):
        return item.allowed
    release = exact.group(1)
    builds = frozenset(
        c.id
        for c in problem.candidates.get(item.subject, ())
        if not c.region and series_of(c.version) == release
    )
    return item.allowed | builds


def read_series(
    problem: SolverInput, single: Engine, components: Sequence[int]
) -> tuple[SolverInput, Engine]:
    """``problem`` (and an engine for it) with the prose lines of each repo whose own lines
    and the rows conflict strictly but hold read as lines of builds; the same ones where no
    repo gains."""
    strict = {r.id: r.allowed for r in problem.requirements}
    wide = {r.id: _builds(problem, r) for r in problem.requirements}
    if wide == strict:
        return problem, single
    rows = [rule.id for rule in problem.rules]
    widened = replace(
        problem,
        requirements=tuple(replace(r, allowed=wide[r.id]) for r in problem.requirements),
    )
    engine = Engine(widened, components, 1)
    gains: set[int] = set()
    for c in components:
        own = problem.requirement_items(c)
        if all(wide[i] == strict[i] for i in own):
            continue
        on = items_union(own, rows)
        if not single.satisfiable(on) and engine.satisfiable(on):
            gains.add(c)
    if not gains:
        return problem, single
    kept = tuple(
        replace(r, allowed=wide[r.id]) if r.component in gains else r for r in problem.requirements
    )
    if all(r.component in gains or wide[r.id] == strict[r.id] for r in problem.requirements):
        return widened, engine
    kept_problem = replace(problem, requirements=kept)
    return kept_problem, Engine(kept_problem, components, 1)
