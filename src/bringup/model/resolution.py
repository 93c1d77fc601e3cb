"""What the solver found: environments with pins, conflicts as structured causes, and what the
host itself rules out. Prose is written elsewhere (``bringup.report.wording``), from these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Optional

import msgspec

from bringup.model.facts import Fact, FactStatus
from bringup.model.requirements import Requirement
from bringup.model.source import Source

PinOrigin = Literal["installed", "release", "host", "what-if", "index", "unverified"]
ItemKind = Literal["requirement", "rule", "host", "index"]
CheckStatus = Literal[
    "ok", "violated", "hardware", "unverified", "unchecked", "invalid", "provided", "needed"
]
"""``provided``: another repo of the stack provides it (a ``pypi:`` distribution, a
CMake package); ``unchecked``: nothing is known of its versions (no release, nothing installed);
``needed``: not a version but a thing to have (a submodule, a variable, a system package,
the network), which the plan lists as an action."""
BlockKind = Literal["hardware", "platform", "driver"]


class HostValue(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What the machine has for a fixed subject (``chip``: every family present). ``status``
    ``absent`` means looked for and not there (no device); ``unknown`` means could not tell."""

    subject: str
    source: Source
    values: tuple[str, ...] = ()
    status: FactStatus = "ok"
    reason: Optional[str] = None

    @property
    def known(self) -> bool:
        return self.status in ("ok", "absent")


class Pin(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The version chosen for one subject in one environment, and what chose it: the host's
    installed copy, a knowledge-base release record, the host's fixed value, a what-if, or
    the package index (a Python distribution the knowledge base does not know: ``version``
    is then the range the environment's repos state, for the installer to resolve), or
    ``unverified``: a version a repo names that the knowledge base does not list, pinned as
    asked; ``missing`` names the compatibility rows that would check it."""

    subject: str
    version: str
    origin: PinOrigin
    source: Source
    installed: bool = False
    missing: tuple[str, ...] = ()


_SCANNED = 32
"""Up to this many pins, ``Environment.pin`` looks through them; past it, through an index."""

_INDEXES: dict[int, tuple[tuple[Pin, ...], dict[str, Pin]]] = {}
"""The subject index of recent large pin lists, by the list's identity; each entry holds its
list, so that identity stays that list's while it is here."""


def _pins_by_subject(pins: tuple[Pin, ...]) -> dict[str, Pin]:
    """An index of ``pins`` by subject, kept for the few latest lists: with thousands of pins
    (a 10,000-line requirements.txt), a look through them per asked subject made ``check``
    quadratic (outsider o2 D17). An environment is a frozen struct, so it has no room of its
    own for the index."""
    held = _INDEXES.get(id(pins))
    if held is not None and held[0] is pins:
        return held[1]
    index: dict[str, Pin] = {}
    for pin in pins:
        index.setdefault(pin.subject, pin)
    for oldest in list(_INDEXES)[: max(0, len(_INDEXES) - 15)]:  # list(): keys taken before popping
        _INDEXES.pop(oldest, None)
    _INDEXES[id(pins)] = (pins, index)
    return index


class Environment(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    index: int
    components: tuple[str, ...]
    pins: tuple[Pin, ...] = ()
    design: tuple[int, ...] = ()
    """On this machine, when design environments merged here (their repos that hold here
    can share one): the design environments it holds, ``index`` the first. Empty: design
    environment ``index`` alone (or no design)."""

    def pin(self, subject: str) -> Optional[Pin]:
        """The pin of ``subject`` (the first, as the pins are listed)."""
        if len(self.pins) <= _SCANNED:
            return next((pin for pin in self.pins if pin.subject == subject), None)
        return _pins_by_subject(self.pins).get(subject)


class ConflictItem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One member of a conflict: a repo's requirement, a knowledge-base rule ("if ``subject``
    in ``spec`` then ``then_subject`` in ``then_spec``"), a value of this host, or the
    package index's whole list of ``subject`` (``--index``; ``spec``: its oldest and newest
    releases, ``text``: how many), which no version the requirements ask for is on."""

    kind: ItemKind
    subject: str
    spec: str
    source: Source
    component: Optional[str] = None
    then_subject: Optional[str] = None
    then_spec: Optional[str] = None
    rule_id: Optional[str] = None
    text: Optional[str] = None
    also: tuple[Source, ...] = ()
    """Other places that state the same requirement."""


class Conflict(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A minimal set of items that cannot hold together in one environment: drop any one and
    the rest can. ``alone``: a single repo cannot hold on this host; ``between``: repos that
    cannot share an environment."""

    kind: Literal["between", "alone"]
    items: tuple[ConflictItem, ...]
    components: tuple[str, ...]
    subjects: tuple[str, ...]


class HardwareBlock(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A requirement on a fixed subject that this host does not meet. ``scope`` ``device``
    stops only the steps that use a device; ``all`` stops the repo here altogether."""

    component: str
    requirement: Requirement
    host: HostValue
    kind: BlockKind
    scope: Literal["all", "device"]
    also: tuple[Source, ...] = ()


class Unverified(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Something that could not be checked here, and why: a requirement on a subject the host
    could not report, or a rule about a device that is not present (it holds on the host
    that has one)."""

    subject: str
    spec: str
    source: Source
    reason: str
    component: Optional[str] = None
    environment: Optional[int] = None
    rule_id: Optional[str] = None


class Unplaced(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A repo no environment on this host can hold, with the minimal reason (None when the
    solve was asked for a verdict only). ``also``: under several ``--what-if`` values, a
    minimal reason for each value that ``conflict`` does not hold and that keeps the repo
    out on its own (a driver too old and a Python its lines refuse are two reasons)."""

    component: str
    conflict: Optional[Conflict] = None
    also: tuple[Conflict, ...] = ()

    @property
    def reasons(self) -> tuple[Conflict, ...]:
        return ((self.conflict,) if self.conflict is not None else ()) + self.also


VerdictStatus = Literal["runs", "runs_after", "unverified", "needs_hardware", "blocked"]
"""``unverified``: the repo's environment can be made here, but the knowledge base cannot vouch
that it runs: a pin no row says the Python of, or a recommendation of its rows not followed
(``unchecked`` obstacles). Not "runs here": the exit code says 1."""
ObstacleKind = Literal[
    "install", "hardware", "platform", "driver", "conflict", "unverified", "unchecked"
]


class Obstacle(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What stands between a repo and running here: a pin to install (``detail`` is the
    version), a host value it needs (``detail`` is the spec), a conflict it is part of.
    ``missing``: for a version to install that the knowledge base does not list (unverified,
    not known compatible), the compatibility rows that would check it; for an ``unchecked``
    pin (``detail`` its version), what the knowledge base says of it or lacks; for a
    ``driver`` to change (``detail`` the bound its rows set), the pins that need it ("for
    CANN 9.0.0")."""

    kind: ObstacleKind
    subject: str
    detail: str
    source: Optional[Source] = None
    missing: tuple[str, ...] = ()


def unchecked(
    subject: str, detail: str, source: Optional[Source], missing: Iterable[str]
) -> Obstacle:
    """An ``unchecked`` obstacle: ``subject`` at ``detail`` (a version, a spec, a path) may
    stand in the repo's way and nothing here says whether it does; ``missing`` says what the
    knowledge base lacks or what would tell. The repo may run here, unverified, never "runs"."""
    return Obstacle(
        kind="unchecked", subject=subject, detail=detail, source=source, missing=tuple(missing)
    )


class Verdict(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One repo's answer: runs here, runs here after the obstacles are removed, may run here
    after them but unverified, needs other hardware, or is blocked by a conflict no
    environment on this host resolves."""

    component: str
    status: VerdictStatus
    obstacles: tuple[Obstacle, ...] = ()
    environment: Optional[int] = None


class Check(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One cell of the version-matching table: a repo's requirement and what was chosen."""

    component: str
    subject: str
    spec: str
    source: Source
    status: CheckStatus
    pin: Optional[str] = None
    environment: Optional[int] = None
    hard: bool = True
    also: tuple[Source, ...] = ()
    """Other places that state the same requirement."""
    distribution: str = ""
    """For a system package: the distribution whose package manager's install line named it
    (``debian`` for ``apt install libeigen3-dev``), so the name is that distribution's own."""


class Fit(msgspec.Struct, frozen=True, kw_only=True):
    """In a design: a repo that could join other environments as well (``others``, each
    checked on the solver) and where it went (``environment``). The solver puts it where it
    has most in common: ``shared`` are the subjects it requires that other repos of its
    environment require too (each one install fewer), ``repos`` how many repos are there
    besides it; ``shared_there`` and ``repos_there`` the same counts per ``others``."""

    component: str
    environment: int
    shared: tuple[str, ...]
    repos: int
    others: tuple[int, ...]
    shared_there: tuple[int, ...]
    repos_there: tuple[int, ...]


class Resolution(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The solver's answer. ``environments`` is the fewest that hold every placeable repo;
    ``conflicts`` say why one is not enough; ``unplaced`` repos cannot run on this host at
    any pin; ``hardware`` lists requirements the machine itself does not meet."""

    environments: tuple[Environment, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    unplaced: tuple[Unplaced, ...] = ()
    hardware: tuple[HardwareBlock, ...] = ()
    unverified: tuple[Unverified, ...] = ()
    checks: tuple[Check, ...] = ()
    caveats: tuple[Unverified, ...] = ()
    """Recommendations (knowledge-base rows marked ``hard = false``) an environment does not
    follow because following them would cost another environment or break a requirement."""
    host: tuple[HostValue, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    findings: tuple[Fact, ...] = ()
    what_if: tuple[tuple[str, str], ...] = ()
    set_aside: tuple[Conflict, ...] = ()
    """In a design (every repo takes part, ``SolveOptions.design``): requirements of one repo
    that cannot hold together even alone; its lines on those subjects are left out of the
    split so that the repo still takes part."""
    apart: tuple[Conflict, ...] = ()
    """In a design: for every two repos in different environments that cannot share one, the
    minimal reason (``components``: the two; a rule or a host value may take part)."""
    fits: tuple[Fit, ...] = ()
    """In a design (asked to explain): every repo that could join another environment as
    well, and why it is where it is."""
    optimal: bool = True
    """False when the time limit stopped the search for the best pins (the environment
    count is still the fewest: that is proven before pins are chosen)."""

    def environment_of(self, component: str) -> Optional[Environment]:
        for environment in self.environments:
            if component in environment.components:
                return environment
        return None

    def verdict(self, component: str) -> Optional[Verdict]:
        for verdict in self.verdicts:
            if verdict.component == component:
                return verdict
        return None

    def host_value(self, subject: str) -> Optional[HostValue]:
        for value in self.host:
            if value.subject == subject:
                return value
        return None


class VerdictChange(msgspec.Struct, frozen=True, kw_only=True):
    """A repo whose verdict differs under a what-if: the status, or what stands in its way."""

    component: str
    before: Verdict
    after: Verdict


class WhatIf(msgspec.Struct, frozen=True, kw_only=True):
    """The host changes asked for, the resolution under them, and what changed."""

    changes: tuple[tuple[str, str], ...]
    resolution: Resolution
    changed: tuple[VerdictChange, ...]
    environments_before: int
    environments_after: int
