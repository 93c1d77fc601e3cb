"""Which kind of device (a backend's ``device_kind``) each repo needs, and
the kinds of host a stack is for. A kind of host is keyed by the backend whose devices it
has (its name): two backends may both give their devices one ``device_kind``.

A repo whose hard lines name the subjects of one device backend only (its toolkit, the chip,
its device count, the compute capability) needs that backend's devices; one whose lines
name two supports either (an any-of), and one that names none runs on any. Repos that need
different backends' devices are for different hosts and never share an environment; on a
host of one backend, the lines and rules of another device backend are not that host's
concern (no other toolkit's pin in one host's environment). Pure: repos in, kinds out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from bringup import backends
from bringup.model.requirements import Component, Requirement
from bringup.model.rules import Rule
from bringup.subjects import canonical_subject


def kind_of_subject(subject: str) -> str | None:
    """The device backend that owns ``subject``; None for generic subjects and for backends
    without devices (the CPU)."""
    owner = backends.owner_of(canonical_subject(subject))
    if owner is None or owner.devices is None:
        return None
    return owner.name


def device_kind(kind: str) -> str:
    """What the backend ``kind`` calls its devices (its ``device_kind``)."""
    return backends.backend(kind).device_kind


def kinds_needed(component: Component) -> dict[str, Requirement]:
    """Each device backend the repo's hard lines name, with the line that says it best: one on
    the devices themselves (their kind or count) before one on the kind's toolkit.

    A kind only low-confidence lines name (a mention in prose) is left out when another kind
    is read from the repo's code, manifests or medium-confidence lines: a port that says
    where it came from ("migrated from CUDA") needs the devices it was ported to, it does
    not support either kind."""
    devices = {s for _b, d in backends.with_devices() for s in (d.kind_subject, d.count_subject)}
    found: dict[str, Requirement] = {}
    firm: set[str] = set()
    for requirement in component.requirements:
        kind = kind_of_subject(requirement.subject) if requirement.hard else None
        if kind is None:
            continue
        if requirement.confidence != "low":
            firm.add(kind)
        held = found.get(kind)
        if held is None or (held.subject not in devices and requirement.subject in devices):
            found[kind] = requirement
    if firm:
        found = {kind: line for kind, line in found.items() if kind in firm}
    if found:
        for kind, lines in backend_features(component).items():
            found.setdefault(kind, _best(lines, kind))
    return found


def _best(lines: Sequence[Requirement], kind: str) -> Requirement:
    """The line of a backend's feature that names that backend's subject, else its first."""
    return next((r for r in lines if kind_of_subject(r.subject) == kind), lines[0])


_WORD = re.compile(r"[a-z0-9]+")


def backend_features(component: Component) -> dict[str, tuple[Requirement, ...]]:
    """The requirements of each device backend's way to install the repo, by that backend: the
    features named for it (``extra:npu`` from requirements-npu.txt or install_*_npu.sh, a guide
    folder ``docs/ascend_tutorial``), by the backend's name or its device kind. montehoover/
    verl@9c46ae81 runs on CUDA by its README and on Ascend by its NPU list, script and
    docs/ascend_tutorial/ascend_quick_start.rst:44-50 (CANN 8.3.RC1, torch_npu 2.7.1)."""
    words = {
        word: backend.name
        for backend, _devices in backends.with_devices()
        for word in (backend.name.lower(), backend.device_kind.lower())
    }
    found: dict[str, list[Requirement]] = {}
    for scope in component.scopes:
        if not scope.feature or not scope.requirements:
            continue
        named = {words[w] for w in _WORD.findall(scope.name.lower()) if w in words}
        if len(named) == 1:
            found.setdefault(named.pop(), []).extend(scope.requirements)
    return {kind: _one_file_a_subject(lines) for kind, lines in found.items()}


def _rank(ref: str) -> int:
    """How firmly a file of a way to install states it: a list or manifest, then a guide, then
    a script (one route of several)."""
    name = ref.rsplit("/", 1)[-1].lower()
    if name.endswith((".md", ".rst", ".txt")) and "requirement" not in name:
        return 1
    return 2 if name.endswith((".sh", ".bash")) else 0


def _one_file_a_subject(lines: Sequence[Requirement]) -> tuple[Requirement, ...]:
    """Each subject's lines from one file only, the firmest (``_rank``), then the first: the
    guides of one folder are routes of their own (verl's ascend_quick_start.rst pins
    torch_npu ==2.7.1, its ascend_sglang_quick_start.rst >=2.7.1.post2), not one list."""
    chosen: dict[str, str] = {}
    for line in sorted(lines, key=lambda r: _rank(r.source.ref)):
        chosen.setdefault(canonical_subject(line.subject), line.source.ref)
    return tuple(r for r in lines if chosen[canonical_subject(r.subject)] == r.source.ref)


@dataclass(frozen=True)
class HostGroup:
    """The repos for one kind of host (``kind``: its backend, empty when no repo needs a
    device); ``only``: those that need this kind and no other, each with the line."""

    kind: str
    components: tuple[Component, ...]
    only: tuple[tuple[str, Requirement], ...]


def host_groups(
    components: Sequence[Component], target_kinds: frozenset[str]
) -> tuple[list[HostGroup], list[tuple[Component, str, Requirement]]]:
    """The kinds of host ``components`` are for, and the repos that cannot run on the target.

    With ``target_kinds`` (the target's device backends) there is one host: a repo that needs
    another kind only is returned apart, with its kind and line. Without, one host per kind
    some repo needs alone, in the backends' order; a repo that supports several kinds, or
    none, goes to the host with the most repos that need its kind only (the first on a tie).
    No kind at all: one group of kind ``""`` with every repo."""
    needed = [(c, kinds_needed(c)) for c in components]
    order = [b.name for b, _devices in backends.with_devices()]
    if target_kinds:
        kinds = [k for k in order if k in target_kinds]
    else:
        alone = {next(iter(k)) for _c, k in needed if len(k) == 1}
        kinds = [k for k in order if k in alone]
    if not kinds:
        return [HostGroup(kind="", components=tuple(components), only=())], []
    members: dict[str, list[Component]] = {k: [] for k in kinds}
    only: dict[str, list[tuple[str, Requirement]]] = {k: [] for k in kinds}
    apart: list[tuple[Component, str, Requirement]] = []
    for component, mine in needed:
        if len(mine) == 1:
            kind, line = next(iter(mine.items()))
            if kind in members:
                members[kind].append(component)
                only[kind].append((component.name, line))
            else:
                apart.append((component, kind, line))
    for component, mine in needed:
        if len(mine) != 1:
            fits = [k for k in kinds if not mine or k in mine] or kinds
            members[max(fits, key=lambda k: (len(only[k]), -kinds.index(k)))].append(component)
    position = {c.name: n for n, c in enumerate(components)}
    groups = [
        HostGroup(
            kind=k,
            components=tuple(sorted(members[k], key=lambda c: position[c.name])),
            only=tuple(only[k]),
        )
        for k in kinds
        if members[k]
    ]
    return groups, apart


def for_host(component: Component, kind: str) -> Component:
    """``component`` on a host of ``kind``: its lines on other kinds' subjects left out; a repo
    whose own lines are for another kind, on a host of a kind it has a feature for
    (``backend_features``), takes that feature's lines, which restate the repo's where both
    name a subject (its NPU script's torch over the CUDA one's)."""
    if not kind:
        return component
    kept = tuple(r for r in component.requirements if kind_of_subject(r.subject) in (None, kind))
    own = {kind_of_subject(r.subject) for r in component.requirements if r.hard} - {None}
    feature = backend_features(component).get(kind, ()) if own - {kind} else ()
    if feature:
        restated = {canonical_subject(r.subject) for r in feature}
        kept = (
            *(r for r in kept if canonical_subject(r.subject) not in restated),
            *(msgspec.structs.replace(r, feature="") for r in feature),
        )
    elif len(kept) == len(component.requirements):
        return component
    return msgspec.structs.replace(component, requirements=kept)


def rules_for_host(rules: Sequence[Rule], kind: str) -> list[Rule]:
    """The rules that concern a host of ``kind``: none that names another kind's subject."""
    if not kind:
        return list(rules)
    return [
        r
        for r in rules
        if kind_of_subject(r.subject) in (None, kind)
        and kind_of_subject(r.then_subject) in (None, kind)
    ]
