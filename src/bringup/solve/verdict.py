"""One verdict per repo, from a resolution: runs here, runs here after some obstacles are
removed, needs other hardware, or blocked. Structured obstacles; prose is written later."""

from __future__ import annotations

from bringup.model.resolution import (
    Environment,
    Obstacle,
    ObstacleKind,
    Pin,
    Resolution,
    Verdict,
    VerdictStatus,
    unchecked,
)
from bringup.model.source import Source
from bringup.solve.builddownloads import build_downloads
from bringup.solve.kinds import kind_of_subject
from bringup.solve.needs import missing_tools
from bringup.solve.otherkind import other_kind_only
from bringup.solve.ownrows import own_rows_unknown
from bringup.solve.pairrows import pair_doubts
from bringup.solve.partsonly import parts_only
from bringup.solve.prosenames import built_from, docs_only, left_by_hand
from bringup.solve.samerelease import tied
from bringup.solve.solverinput import SolverInput, rule_source
from bringup.solve.submodulecode import unfetched_code
from bringup.solve.toolkitpython import toolkit_python
from bringup.solve.unreadfiles import unread_files
from bringup.subjects import display_name, scope_of


class _Uses:
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


def _host_kind(subject: str, source: Source) -> ObstacleKind:
    """What kind of obstacle a host value in a repo's own conflict is; a value a what-if
    gives (a chosen subject fixed, or a driver held at a version) is part of the conflict
    itself: the question was whether the repo runs with it, so changing it is no way out."""
    if source.kind == "user":
        return "conflict"
    scope = scope_of(subject)
    if scope == "driver":
        return "driver"
    if scope == "hardware":
        return "hardware"
    if scope == "platform":
        return "platform"
    return "conflict"


def _installed_meets(uses: _Uses, env: Environment, subject: str) -> bool:
    """Whether the driver the host has already meets every hard line this environment puts on
    it: its repos' own and its pins' rows. The driver is one for the machine, so another
    environment's change moves it here too (CANN 9.0.0 beside CANN 8.1.RC1 on driver 24.1.0,
    outsider26 #5); this one asks for no change of its own then."""
    problem = uses.problem
    installed = {c.id for c in problem.candidates.get(subject, ()) if c.installed is not None}
    if not installed:
        return False
    members = set(env.components)
    for req in problem.requirements:
        if req.subject != subject or not req.requirement.hard:
            continue
        if problem.components[req.component].name in members and not installed & req.allowed:
            return False
    for item in problem.rules:
        if item.then_subject != subject or item.soft:
            continue
        held = env.pin(item.subject)
        if held is None or uses.candidate_of.get((item.subject, held.version)) not in item.when:
            continue
        if not installed & item.then:
            return False
    return True


def _driver_change(uses: _Uses, env: Environment, pin: Pin) -> Obstacle:
    """A driver the environment needs changed, as the bound its rows set (CANN 9.0.0 needs
    the Ascend driver >= 25.5.1, cann_hdk.toml): the change an admin makes, not the newest
    release the solver happened to pick (outsider23 D28: "to 26.1.0"), each row's release
    named in ``missing`` ("for CANN 9.0.0"); the pin itself where no row bounds it."""
    bounds: dict[str, Source] = {}
    needed_by: list[str] = []
    for item in uses.problem.rules:
        if item.then_subject != pin.subject or item.soft:
            continue
        held = env.pin(item.subject)
        if held is None or uses.candidate_of.get((item.subject, held.version)) not in item.when:
            continue
        bounds.setdefault(item.rule.then_spec, rule_source(item.rule))
        needed_by.append(f"for {display_name(item.subject)} {held.version}")
    if not bounds:
        return Obstacle(kind="driver", subject=pin.subject, detail=pin.version, source=pin.source)
    return Obstacle(
        kind="driver",
        subject=pin.subject,
        detail=",".join(bounds),
        source=next(iter(bounds.values())),
        missing=tuple(dict.fromkeys(needed_by)),
    )


def _verdict(uses: _Uses, resolution: Resolution, name: str) -> Verdict:
    obstacles: list[Obstacle] = []
    for block in resolution.hardware:
        if block.component == name:
            obstacles.append(
                Obstacle(
                    kind=block.kind,
                    subject=block.requirement.subject,
                    detail=block.requirement.spec,
                    source=block.requirement.source,
                )
            )
    unplaced = next((u for u in resolution.unplaced if u.component == name), None)
    env = resolution.environment_of(name)
    # every reason it is out (each --what-if's own), each member once
    items = dict.fromkeys(i for c in unplaced.reasons for i in c.items) if unplaced else {}
    if items:
        for item in items:
            if item.kind == "requirement":
                obstacles.append(
                    Obstacle(
                        kind="conflict", subject=item.subject, detail=item.spec, source=item.source
                    )
                )
            elif item.kind == "host":
                obstacles.append(
                    Obstacle(
                        kind=_host_kind(item.subject, item.source),
                        subject=item.subject,
                        detail=item.spec,
                        source=item.source,
                    )
                )
    # a design places a repo whose own lines contradict each other without them: it runs
    # there only once they are resolved, as check's verdict and solve's exit both say
    aside = [c for c in resolution.set_aside if name in c.components]
    obstacles += [
        Obstacle(kind="conflict", subject=item.subject, detail=item.spec, source=item.source)
        for conflict in aside
        for item in conflict.items
        if item.kind == "requirement"
    ]
    if env is not None:
        for subject in sorted(uses.subjects(name, resolution)):
            pin = env.pin(subject)
            if pin is not None and not pin.installed:
                kind: ObstacleKind = "driver" if scope_of(subject) == "driver" else "install"
                none = _none_of_its_kind(uses.problem, subject)
                if none is not None:
                    obstacles.append(none)
                    continue
                if kind == "driver":
                    if not _installed_meets(uses, env, subject):
                        obstacles.append(_driver_change(uses, env, pin))
                    continue
                obstacles.append(
                    Obstacle(
                        kind=kind,
                        subject=subject,
                        detail=pin.version,
                        source=pin.source,
                        missing=pin.missing or _built(resolution, name, subject),
                    )
                )
    own = [c for c in uses.problem.components if c.name == name]
    obstacles += [o for c in own for o in unread_files(c)]
    obstacles += missing_tools(resolution, name)
    if env is not None:
        obstacles += _unchecked(uses, resolution, name)
    obstacles += [o for c in own for o in unfetched_code(c)]
    obstacles += [o for c in own for o in parts_only(c)]
    obstacles += [o for c in own for o in build_downloads(c)]
    for unverified in resolution.unverified:
        # a name read from prose is solved as any other: only up leaves it to the user
        if unverified.component == name and not left_by_hand(unverified.reason):
            obstacles.append(
                Obstacle(
                    kind="unverified",
                    subject=unverified.subject,
                    detail=unverified.spec,
                    source=unverified.source,
                )
            )
    kinds = {o.kind for o in obstacles}
    status: VerdictStatus
    if kinds & {"hardware", "platform"}:
        status = "needs_hardware"
    elif unplaced is not None:
        status = "runs_after" if "driver" in kinds else "blocked"
    elif any(not docs_only(c) for c in aside):
        status = "blocked"
    elif "unchecked" in kinds:
        status = "unverified"
    elif kinds & {"install", "driver"}:
        status = "runs_after"
    else:
        status = "runs"
    return Verdict(
        component=name,
        status=status,
        obstacles=tuple(obstacles),
        environment=env.index if env is not None else None,
    )


def _built(resolution: Resolution, name: str, subject: str) -> tuple[str, ...]:
    """Where the guide of repo ``name`` builds ``subject`` from (``built from https://…``),
    when up leaves it to the user for that (``prosenames.BUILT_REASON``); else nothing."""
    return tuple(
        built
        for u in resolution.unverified
        if u.component == name and u.subject == subject and (built := built_from(u.reason))
    )[:1]


def _none_of_its_kind(problem: SolverInput, subject: str) -> Obstacle | None:
    """A pin of one device backend's toolkit (CUDA, brought by flash-attn's row) on a host
    that has another backend's devices and none of this one's: the devices are what it
    needs, and installing the toolkit is no way forward here."""
    kind = kind_of_subject(subject)
    count = other_kind_only(problem.host, kind) if kind is not None else None
    if count is None:
        return None
    return Obstacle(kind="hardware", subject=count.subject, detail=">=1", source=count.source)


def _unknown_setting(pin: Pin) -> Obstacle:
    """A flag's value (a C++ standard) newer than the knowledge base's table: passed as the
    repo asks, with nothing to say whether this machine's compilers know it."""
    return unchecked(pin.subject, pin.version, pin.source, pin.missing)


def _unchecked(uses: _Uses, resolution: Resolution, name: str) -> list[Obstacle]:
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


def _unpaired(uses: _Uses, env: Environment, used: set[str]) -> list[Obstacle]:
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


def verdicts(resolution: Resolution, problem: SolverInput) -> tuple[Verdict, ...]:
    """A verdict for every repo, in the order the repos were given."""
    uses = _Uses(problem)
    return tuple(_verdict(uses, resolution, name) for name in problem.names)
