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
from typing import TYPE_CHECKING

import msgspec

from bringup import backends
from bringup.model.requirements import Component, Requirement
from bringup.model.rules import Rule
from bringup.solve.hoststeps import install_kinds, script_lines
from bringup.solve.ownpackage import own_package_kinds
from bringup.subjects import canonical_subject

if TYPE_CHECKING:
    from bringup.solve.host import HostFacts


def kind_of_subject(subject: str) -> str | None:
    """The device backend that owns ``subject`` or whose devices alone a Python distribution
    works on (``device_packages``: flash-attn); None for generic subjects and for backends
    without devices (the CPU)."""
    name = canonical_subject(subject)
    owner = backends.owner_of(name)
    if owner is None:
        # a Python distribution that works on one backend's devices only (flash-attn)
        found = (b for b in backends.registered() if name in b.vocabulary.device_packages)
        owner = next(found, None)
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
    for kind, line in own_package_kinds(component).items():  # a repo that IS flash-attn
        firm.add(kind)
        found.setdefault(kind, line)
    if firm:
        found = {kind: line for kind, line in found.items() if kind in firm}
    if found:
        for kind, lines in backend_features(component).items():
            found.setdefault(kind, _best(lines, kind))
    return _with_supported(component, found)


def _with_supported(component: Component, found: dict[str, Requirement]) -> dict[str, Requirement]:
    """``found`` widened by the kinds the repo's code also runs on (``supported``) and those
    whose toolkit it states a version of as optional (``optional_toolkits``): a repo whose
    guide asks for a GPU and whose code picks an NPU through torch_npu supports either. A
    repo that needs no kind keeps needing none (it runs on any)."""
    if not found:
        return found
    return {**supported(component), **optional_toolkits(component), **found}


def optional_toolkits(component: Component) -> dict[str, Requirement]:
    """Each device backend whose toolkit the repo's own soft lines give a version of (not a
    low-confidence mention): the repo runs on that backend's devices too, beside the kind
    its hard lines need. hiyouga/LLaMA-Factory@ff6d4d12 README.md:495-497 lists "CUDA | 11.6
    | 12.2" under "Optional" beside README.md:605-607's "For Ascend NPU users" (CANN,
    requirements/npu.txt's torch_npu): a CUDA or an Ascend host, not Ascend only (O9 #2)."""
    found: dict[str, Requirement] = {}
    for requirement in component.requirements:
        if requirement.hard or not requirement.spec.strip() or requirement.confidence == "low":
            continue
        kind = kind_of_subject(requirement.subject)
        if kind is None:
            continue
        toolkit = backends.backend(kind).vocabulary.toolkit_subject
        if canonical_subject(requirement.subject) == toolkit:
            found.setdefault(kind, requirement)
    return found


SUPPORTS = "scan.supports."
"""The key of the scan's finding that the repo's code imports a backend's torch adapter."""


def supported(component: Component) -> dict[str, Requirement]:
    """Each kind the repo's code runs on through a backend's torch adapter it imports (the
    scan's ``supports`` finding, ``scan.devicesupport``), as a soft line on that adapter."""
    found: dict[str, Requirement] = {}
    for fact in component.findings:
        subject = str(fact.value or "")
        if not fact.key.startswith(SUPPORTS) or not _adapter(subject):
            continue
        kind = kind_of_subject(subject)
        if kind is not None and kind not in found:
            found[kind] = Requirement(
                subject=subject,
                spec="",
                component=component.name,
                source=fact.source,
                confidence="medium",
                hard=False,
                text=fact.reason or f"the code imports {subject}",
            )
    return found


def _adapter(subject: str) -> bool:
    """Whether ``subject`` is a backend's torch adapter (torch_npu)."""
    owner = backends.owner_of(canonical_subject(subject))
    return owner is not None and canonical_subject(subject) in owner.vocabulary.torch_adapters


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
        # a task names what the repo is used for ("use QLoRA ... on Ascend NPU"), no route
        if not scope.feature or not scope.requirements or scope.name.startswith("task:"):
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


def _own_kind(mine: dict[str, Requirement], order: list[str], prefer: frozenset[str]) -> str:
    """The kind a repo that supports several is planned for, whatever the repos beside it:
    one this machine has (``prefer``), else its first in the backends' order. Planned for
    the kind most of its neighbours need, LLaMA-Factory (CUDA or Ascend) was "may run here"
    alone and "needs other hardware: NVIDIA driver" beside a CUDA extension (outsider14 D4)."""
    return next((k for k in order if k in mine and k in prefer), None) or next(
        k for k in order if k in mine
    )


def host_groups(
    components: Sequence[Component],
    target_kinds: frozenset[str],
    prefer: frozenset[str] = frozenset(),
) -> tuple[list[HostGroup], list[tuple[Component, str, Requirement]]]:
    """The kinds of host ``components`` are for, and the repos that cannot run on the target.

    With ``target_kinds`` (the target's device backends) there is one host: a repo that needs
    another kind only is returned apart, with its kind and line. Without, one host per kind
    some repo needs alone, in the backends' order; a repo that supports several kinds goes
    to the host of a kind in ``prefer`` (this machine's devices) it supports, else to the
    host with the most repos that need one of its kinds only (the first on a tie), else to
    its first kind in the backends' order: a repo that runs on CUDA or on Ascend is planned
    for one of them, never both in one environment (hiyouga/LLaMA-Factory, README.md:605-607
    "For Ascend NPU users" beside its CUDA route, got CANN, torch_npu and CUDA together: O9
    #2). A repo that needs no kind joins the host with the most repos that need one kind
    only, and may share their environment: on purpose, as the design asks for one environment
    where one holds the repos, the fewest otherwise (DESIGN.md, ``solve``). A CPU repo runs on
    that host too, and one a GPU repo imports must share its interpreter; sharing no package is
    no reason to split (packages not shared do not conflict), and where its versions do
    conflict the solver splits it off with that conflict as the reason. A group of its own
    would give it an environment of its own on every stack, with no conflict to show for it
    (outsider14 D4: sbe beside chamfer shares environment 1; its verdict asks for no CUDA).
    One that asks for nothing and has no step (a book of samples: outsider11 #14,
    zhouxzh/Ascend310@c6c6460 was planned into the CANN and torch_npu environment) is no
    kind's: a group of kind ``""`` of its own; no kind at all: one such group of every repo."""
    needed = [(c, kinds_needed(c)) for c in components]
    order = [b.name for b, _devices in backends.with_devices()]
    if target_kinds:
        kinds = [k for k in order if k in target_kinds]
    else:
        alone = {next(iter(k)) for _c, k in needed if len(k) == 1}
        alone |= {_own_kind(mine, order, prefer) for _c, mine in needed if len(mine) > 1}
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
    idle = [c for c, mine in needed if not mine and not c.requirements and not c.steps]
    for component, mine in needed:
        if len(mine) > 1 and any(k in kinds for k in mine):
            members[_own_kind({k: mine[k] for k in mine if k in kinds}, order, prefer)].append(
                component
            )
        elif len(mine) != 1 and component not in idle:
            members[max(kinds, key=lambda k: (len(only[k]), -kinds.index(k)))].append(component)
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
    if idle:
        groups.append(HostGroup(kind="", components=tuple(idle), only=()))
    return groups, apart


def for_host(component: Component, kind: str) -> Component:
    """``component`` on a host of ``kind``: its lines on other kinds' subjects left out; a repo
    that runs on another kind too, on a host of a kind it has a feature for
    (``backend_features``: LLaMA-Factory's requirements/npu.txt), takes that feature's lines,
    which restate the repo's where both name a subject (its NPU script's torch over the CUDA
    one's); and its torch run through the kind's torch adapter where its code imports one
    (torch alone sees no NPU: on a 910B, torchtune's torch needs torch_npu, whose rows
    choose the torch, Python and CANN that go together); its install steps that install
    only another kind's packages left out."""
    if not kind:
        return component
    kept = tuple(
        _release(r, kind)
        for r in component.requirements
        if kind_of_subject(r.subject) in (None, kind)
    )
    others = set(kinds_needed(component)) - {kind}
    feature = backend_features(component).get(kind, ()) if others else ()
    if feature:
        restated = {canonical_subject(r.subject) for r in feature}
        kept = (
            *(r for r in kept if canonical_subject(r.subject) not in restated),
            *(msgspec.structs.replace(r, feature="") for r in feature),
        )
    steps = tuple(s for s in component.steps if _for_kind(install_kinds(s, component), kind))
    # what a left-out step's script installs is that step's, not this host's (verl's
    # install_vllm_sglang_mcore.sh: vllm 0.11.0, sglang, flashinfer beside its CUDA wheels)
    theirs = {id(r) for s in component.steps if s not in steps for r in script_lines(s, component)}
    kept = tuple(r for r in kept if id(r) not in theirs)
    kept = _through_adapter(component, kind, kept)
    if kept == component.requirements and steps == component.steps:
        return component
    return msgspec.structs.replace(component, requirements=kept, steps=steps)


def _for_kind(kinds: frozenset[str], kind: str) -> bool:
    """Whether a step that installs for ``kinds`` belongs on a host of ``kind``: one that
    installs only other kinds' packages does not (``hoststeps``)."""
    return not kinds or kind in kinds


def _release(requirement: Requirement, kind: str) -> Requirement:
    """A pin on another kind's build (``torch==2.1.0+cu118``, a CUDA wheel: InternLM/InternEvo
    @c628a8c requirements/torch.txt:2) on a host of ``kind``: the release it names, without
    the build label (the NPU host installs torch 2.1.0 for torch_npu)."""
    if "+" not in requirement.spec:
        return requirement
    labels = [
        b.vocabulary.local_builds
        for b in backends.registered()
        if b.name != kind and b.vocabulary.local_builds
    ]
    if not labels:
        return requirement
    spec = re.sub(rf"\+(?:{'|'.join(labels)})(?![\w.])", "", requirement.spec)
    if spec == requirement.spec:
        return requirement
    return msgspec.structs.replace(requirement, spec=spec)


def _through_adapter(
    component: Component, kind: str, kept: tuple[Requirement, ...]
) -> tuple[Requirement, ...]:
    """``kept`` with the torch adapter of ``kind`` a need where the repo needs torch: torch
    alone sees no NPU, so a repo for these devices that names the adapter anywhere (a soft
    line: its ``npu`` dependency group, a script's inline import) needs it, as does one whose
    code imports it. zhonganbi102-netizen/nano-chat-NPU@fe64c6dd pyproject.toml:47-49 (``npu =
    ["torch_npu"]``) and wangdengkai/AscendOpGenAgent@8b7a8f41's evaluate_ascendc.sh:115 were
    planned on a 910B with torch 2.14.0 and no torch_npu, a torch no torch_npu supports."""
    if not any(r.hard and canonical_subject(r.subject) == "torch" for r in kept):
        return kept
    adapters = set(backends.backend(kind).vocabulary.torch_adapters)
    named = [r for r in kept if canonical_subject(r.subject) in adapters]
    if any(r.hard for r in named):
        return kept
    if named and kind in kinds_needed(component):
        # the need stands for the unversioned lines it cites; versioned ones stay soft
        bare = {id(r) for r in named if not r.spec}
        return (*(r for r in kept if id(r) not in bare), _adapter_need(named))
    adapter = supported(component).get(kind)
    if adapter is None or named:
        return kept
    text = f"{adapter.text}; torch needs it on these devices"
    return (*kept, msgspec.structs.replace(adapter, hard=True, text=text))


def _adapter_need(named: Sequence[Requirement]) -> Requirement:
    """One unversioned need of the adapter the repo names only softly, cited where it is
    named: a soft line keeps its version soft (a "Tested environment" row ``torch_npu
    2.1.0`` says what was tried), so the solver picks the adapter release that matches the
    chosen torch and CANN rather than a tried one that conflicts with the repo's CANN floor."""
    first = next((r for r in named if not r.spec), named[0])
    places = (first.source, *(s for r in named for s in (r.source, *r.also_at)))
    also = tuple(dict.fromkeys(s for s in places if s != first.source))
    text = f"{first.subject} named by the repo; torch needs it on these devices"
    return msgspec.structs.replace(
        first, spec="", hard=True, text=text, also_at=also, any_of=(), prefers=()
    )


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


def kinds_absent(host: HostFacts) -> frozenset[str]:
    """The device backends the target's facts count none of: a pasted collect_env whose "GPU
    models and configuration: No CUDA" lists no GPU (pytorch/pytorch#10657), a snapshot
    whose vendor tool is absent and whose PCI bus shows none."""
    found = set()
    for backend, devices in backends.with_devices():
        count = host.value(devices.count_subject)
        if count is not None and count.known and count.values == ("0",):
            found.add(backend.name)
    return frozenset(found)


def set_apart(
    components: Sequence[Component], absent: frozenset[str]
) -> tuple[list[Component], list[tuple[Component, str, Requirement]]]:
    """``components`` less those that need only kinds of device the target has none of
    (``kinds_absent``), which are returned apart with their kind and line, as ``host_groups``
    returns a repo that needs a kind the target lacks (outsider14 D15: the same repo was
    "cannot run (needs a GPU)" beside an npu-smi report, "GPU count unknown (not probed)"
    beside a collect_env that says there is no GPU)."""
    kept, apart = [], []
    order = [b.name for b, _devices in backends.with_devices()]
    for component in components:
        mine = kinds_needed(component)
        if mine and absent.issuperset(mine):
            kind = min(mine, key=order.index)
            apart.append((component, kind, mine[kind]))
        else:
            kept.append(component)
    return kept, apart
