"""What the knowledge base cannot vouch for in a repo's environment, of what the repo uses:
the ``unchecked`` obstacles of its verdict (a pin no row says the Python of, a version no
table lists, a driver pairing with no row, a toolkit with no version to compare, a row's
recommendation not followed), and ``Uses``, what each repo asks for itself, which both
this and ``verdict`` read. Apart from ``verdict`` so that each stays one reader's size.
"""

from __future__ import annotations

from bringup.model.resolution import Environment, Obstacle, Pin, Resolution, unchecked
from bringup.solve.ownrows import own_rows_unknown
from bringup.solve.pairrows import pair_doubts
from bringup.solve.samerelease import tied
from bringup.solve.solverinput import SolverInput
from bringup.solve.toolkitpython import toolkit_python
from bringup.subjects import display_name, scope_of


class Uses:
    """What each repo asks for itself, and which candidate a pin is: computed once for all
    the verdicts (a stack of a hundred repos asks this a hundred times)."""

    def __init__(self, problem: SolverInput) -> None:
        self.problem = problem
        self.own: dict[str, set[str]] = {c.name: set() for c in problem.components}
        for r in problem.requirements:
            # a soft requirement (an optional extra) uses the subject only if something
            # else brings it
            if r.requirement.hard:
                self.own[problem.components[r.component].name].add(r.subject)
        self.candidate_of = {
            (c.subject, c.version): c.id for group in problem.candidates.values() for c in group
        }
        self.rule_of = {item.id: item for item in problem.rules}

    def paired(self, env: Environment, candidate: int) -> bool:
        """Whether another package's row that pairs ``candidate`` with a Python holds in
        ``env``: its package's pin there is among the releases it names
        (``SolverInput.python_paired``)."""
        for rule in self.problem.python_paired.get(candidate, ()):
            item = self.rule_of[rule]
            pin = env.pin(item.subject)
            if pin is not None and self.candidate_of.get((item.subject, pin.version)) in item.when:
                return True
        return False

    def subjects(self, component: str, resolution: Resolution) -> set[str]:
        """What a repo's environment holds because of it: its own requirements and, through
        the rules its pins trigger, what those need in turn."""
        used = set(self.own.get(component, ()))
        env = resolution.environment_of(component)
        if env is None:
            return used
        changed = True
        while changed:
            changed = False
            for rule in self.problem.rules:
                if rule.subject not in used or rule.then_subject in used:
                    continue
                pin = env.pin(rule.subject)
                if (
                    pin is not None
                    and self.candidate_of.get((pin.subject, pin.version)) in rule.when
                ):
                    used.add(rule.then_subject)
                    changed = True
        return used


def _unknown_setting(pin: Pin) -> Obstacle:
    """A flag's value (a C++ standard) newer than the knowledge base's table: passed as the
    repo asks, with nothing to say whether this machine's compilers know it."""
    return unchecked(pin.subject, pin.version, pin.source, pin.missing)


def unchecked_obstacles(uses: Uses, resolution: Resolution, name: str) -> list[Obstacle]:
    """What the knowledge base cannot vouch for in the repo's environment, of what it uses: a
    pin to install that no row says the Python of (``python_unknown``: torch 1.11.0 has no
    wheel for Python 3.11, which no row tells), and each recommendation of its rows not
    followed (torch 2.5.1 is built for CUDA 11.8, 12.1 or 12.4; the environment has 11.3)."""
    env = resolution.environment_of(name)
    if env is None:
        return []
    used = uses.subjects(name, resolution)
    problem = uses.problem
    found: list[Obstacle] = []
    python = env.pin("python")
    for subject in sorted(used):
        pin = env.pin(subject)
        candidate = uses.candidate_of.get((subject, pin.version)) if pin is not None else None
        if pin is not None and pin.installed and pin.origin == "unverified":
            # a setting no table knows (C++ standard 29): nothing to install, nothing vouched
            found.append(_unknown_setting(pin))
            continue
        if pin is None or pin.installed or candidate is None:
            continue
        tables = problem.python_unknown.get(candidate)
        if not tables or uses.paired(env, candidate):
            continue
        on = f" on Python {python.version}" if python is not None else ""
        found.append(
            unchecked(
                subject,
                pin.version,
                pin.source,
                (
                    f"no row in {t} says which Python {display_name(subject)} {pin.version} "
                    f"has wheels for{on}"
                    for t in tables
                ),
            )
        )
    found += _unpaired(uses, env, used)
    found += _not_checked(resolution, name)
    paired = pair_doubts(problem, uses.candidate_of, env, used)
    found += paired  # a pair's own doubt first: a toolkit's Python one follows from it
    unpaired_toolkits = {o.subject for o in paired}
    found += [
        o
        for o in toolkit_python(problem, uses.candidate_of, env, used)
        if o.subject not in unpaired_toolkits
    ]
    found += tied(problem, name, env)
    found += _unlisted(env, used, {o.subject for o in found})
    doubted = {o.subject for o in found}  # one doubt per pin: the repo's own line first
    unknown = own_rows_unknown(problem, env, used, uses.candidate_of)
    found += [o for o in unknown if o.subject not in doubted]
    rules = {item.rule.id: item for item in problem.rules}
    for caveat in resolution.caveats:
        item = rules.get(caveat.rule_id or "")
        if caveat.environment != env.index or item is None:
            continue
        if not {item.subject, item.then_subject} <= used:
            continue
        if scope_of(item.then_subject) == "driver":
            # a toolkit's own driver, recommended, where the hard series floor holds (CUDA
            # 12.8.1 on 550.90.07: minor-version compatibility): a caveat shown, not a doubt
            continue
        pin, asked = env.pin(item.then_subject), env.pin(item.subject)
        if pin is None or asked is None:
            continue
        found.append(
            unchecked(
                item.then_subject,
                pin.version,
                caveat.source,
                (
                    f"{display_name(item.subject)} {asked.version} goes with "
                    f"{display_name(item.then_subject)} {item.rule.then_spec}"
                    + (f" ({item.rule.note})" if item.rule.note else ""),
                ),
            )
        )
    return found


def _unlisted(env: Environment, used: set[str], doubted: set[str]) -> list[Obstacle]:
    """Each pin to install at a version the knowledge base does not list (CANN
    5.0.3.alpha001): the environment can be made as the repo asks, but nothing vouches for
    it, so the repo may run here, unverified, never "runs here after" with exit 0 (outsider12
    #2: 1171800323/photo-translator-ascend@ee32d8b README.md:11, exit 0 and ``runs_after``)."""
    found: list[Obstacle] = []
    for subject in sorted(used - doubted):
        pin = env.pin(subject)
        if pin is None or pin.installed or pin.origin != "unverified":
            continue
        found.append(
            Obstacle(
                kind="unchecked",
                subject=subject,
                detail=pin.version,
                source=pin.source,
                missing=pin.missing,
            )
        )
    return found


_ON_THE_MACHINE = frozenset({"toolkit", "driver"})


def _not_checked(resolution: Resolution, name: str) -> list[Obstacle]:
    """Each hard need of the repo's on the machine, a toolkit or a library a toolkit brings
    (cuDNN), that the check has no version of to compare, known or installed: nothing says the
    machine has it, so the repo may run here, unverified, never "runs" (outsider10 #2:
    nnabla-ext-cuda "runs here", exit 0, beside "cuDNN (any version) not checked", its
    build-tools/cmake/get_cuda_version.cmake:16 and src/nbla/cuda/CMakeLists.txt:96)."""
    return [
        unchecked(
            check.subject,
            check.spec,
            check.source,
            (f"nothing here tells whether the machine has {display_name(check.subject)}",),
        )
        for check in resolution.checks
        if check.component == name
        and check.hard
        and check.status == "unchecked"
        and scope_of(check.subject) in _ON_THE_MACHINE
    ]


def _unpaired(uses: Uses, env: Environment, used: set[str]) -> list[Obstacle]:
    """Each pin to install whose table of pairings with a driver the host has (CANN with the
    Ascend driver, cann_hdk.toml) has no row for it, where the host's value is read: nothing
    vouches that the two go together (CANN 9.1.0-beta.3 on driver 24.1.0, while CANN 9.0.0
    needs >= 25.5.1), so the repo may run, unverified, never "runs"."""
    problem = uses.problem
    fixed = {
        h.subject
        for h in problem.hosts
        if h.value.status == "ok" and h.value.values and scope_of(h.subject) == "driver"
    }
    found: list[Obstacle] = []
    for subject in sorted(used):
        pin = env.pin(subject)
        candidate = uses.candidate_of.get((subject, pin.version)) if pin is not None else None
        if pin is None or pin.installed or candidate is None:
            continue
        tables: dict[tuple[str, str], bool] = {}
        for item in problem.rules:
            if item.subject == subject and item.then_subject in fixed:
                key = (item.rule.topic, item.then_subject)
                tables[key] = tables.get(key, False) or candidate in item.when
        missing = tuple(
            f"no {display_name(then)} row for {display_name(subject)} {pin.version} in {topic}.toml"
            for (topic, then), covered in sorted(tables.items())
            if not covered
        )
        if missing:
            found.append(unchecked(subject, pin.version, pin.source, missing))
    return found
