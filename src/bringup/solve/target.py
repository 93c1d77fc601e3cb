"""The host the environments are designed for (``--target``), as the solver sees it.

Environments are designed from the repos' software requirements for a *target* host, not for the
machine ``bringup`` runs on (a CPU laptop planning for an accelerator server). With no target named,
nothing is known of the host the repos ask for: every fixed subject is unknown and nothing is
installed, so hardware never splits or drops a repo. ``--target 910B:8`` names a device kind and
count from the backends' vocabulary (the knowledge base's chip families and compute capabilities); a
recorded host or a pasted report gives a whole snapshot (read by ``bringup.workflow``, the solver
only sees its ``HostFacts``).
"""

from __future__ import annotations

from dataclasses import replace

from bringup import backends, lazyre
from bringup.errors import StackError
from bringup.model.resolution import HostValue
from bringup.model.source import Source
from bringup.solve.catalogue import Catalogue
from bringup.solve.devicenames import typed_kinds
from bringup.solve.host import HostFacts
from bringup.subjects import FIXED_SCOPES, display_name, names

ASKED = "the hardware the repos ask for"
"""What the environments are designed for when no ``--target`` is named."""

_DEVICES = lazyre.compile(
    r"(?P<kind>[A-Za-z0-9_.](?:[A-Za-z0-9_. -]*[A-Za-z0-9_.])?):(?P<count>[0-9]+)"
)
"""``KIND:COUNT``; a kind may be a product's name of several words (``Atlas 300I Duo:2``)."""
MAX_DEVICES = 4096
"""More devices than one host has; a larger count is a typo, not a host."""


def open_host(reason: str = ASKED) -> HostFacts:
    """A host of which nothing is known: every fixed subject unknown (``reason``), nothing
    installed. Requirements on hardware are then unverified, never blocks."""
    source = Source(kind="derived", ref=reason)
    fixed = {
        subject: HostValue(subject=subject, source=source, status="unknown", reason=reason)
        for subject in sorted(names(*FIXED_SCOPES))
    }
    return HostFacts(fixed=fixed, installed={})


def is_devices(text: str) -> bool:
    """Whether ``text`` has the shape of ``KIND:COUNT`` (``910B:8``, ``9.0:4``)."""
    return _DEVICES.fullmatch(text) is not None


def device_kinds(catalogue: Catalogue) -> dict[str, tuple[str, str, str]]:
    """Every device kind the backends and the knowledge base name -> (vendor, kind subject,
    count subject): each backend's chip families or compute capabilities."""
    kinds: dict[str, tuple[str, str, str]] = {}
    for backend, devices in backends.with_devices():
        vendor = backend.vendor or backend.name
        for release in catalogue.releases(devices.kind_subject):
            kinds.setdefault(release.version, (vendor, devices.kind_subject, devices.count_subject))
    return kinds


def device_host(text: str, catalogue: Catalogue) -> HostFacts:
    """The host ``--target KIND:COUNT`` names: that many devices of that kind, everything
    else unknown. An unknown kind is bad input that lists the known ones."""
    match = _DEVICES.fullmatch(text)
    if match is None:
        raise StackError(
            f"--target {text!r} is not CHIP:COUNT, a snapshot or a pasted report",
            hint="for example --target 910B:8, or a file from `bringup probe --json`",
        )
    kind, count = match["kind"], int(match["count"])
    known = device_kinds(catalogue)
    kind = _product_kind(kind, known)
    if kind not in known:
        raise StackError(
            f"--target {text}: {_unknown(kind, known)}",
            hint=f"known: {_listed(known)}; or a product, npu-smi or SoC name the knowledge "
            "base lists (`bringup kb show chips`, `bringup kb show gpus`)",
        )
    if not 1 <= count <= MAX_DEVICES:
        raise StackError(f"--target {text}: a count from 1 to {MAX_DEVICES}")
    vendor, kind_subject, count_subject = known[kind]
    source = Source(kind="user", ref=f"--target {text}")
    host = open_host(f"not given by --target {text}")
    fixed = dict(host.fixed)
    fixed[kind_subject] = HostValue(subject=kind_subject, source=source, values=(kind,))
    fixed[count_subject] = HostValue(subject=count_subject, source=source, values=(str(count),))
    return replace(host, fixed=fixed, vendors=frozenset({vendor}))


def _products() -> list[tuple[str, str]]:
    """(device kind value, product name) of every backend's products by name (``a100`` is
    compute capability 8.0: the CUDA backend's vocabulary, from NVIDIA's list)."""
    return [
        (value, name)
        for backend, _devices in backends.with_devices()
        for name, value in backend.vocabulary.products.items()
    ]


def gpu_capability(name: str) -> str | None:
    """The compute capability a GPU product name stands for (``H100`` -> ``9.0``), as
    ``--target H100:8`` reads it; None for a name no backend lists as a product."""
    found = {value for value, product in _products() if product == name.lower()}
    return found.pop() if len(found) == 1 else None


def _product_kind(kind: str, known: dict[str, tuple[str, str, str]]) -> str:
    """The device kind ``kind`` names: itself when the knowledge base lists it (``910B``,
    ``8.0``), in any case (``910b``, as people write it: outsider22b #19) or after brand words
    (``Ascend 910B``); else that of the product, npu-smi or SoC name it is (``A100`` -> ``8.0``,
    ``Atlas 300I Duo`` and ``310P3`` -> ``310P``, ``910B4`` -> ``910B``: a user names the
    device they have, outsider8 #13); else ``kind`` itself (unknown)."""
    words = kind.split()
    for start in range(len(words)):
        said = " ".join(words[start:])
        near = [k for k in known if k.lower() == said.lower()]
        if len(near) == 1:
            return near[0]
        if not words[start].isalpha():
            break
    found = {value for _subject, value in typed_kinds(kind) if value in known}
    return found.pop() if len(found) == 1 else kind


def _unknown(kind: str, known: dict[str, tuple[str, str, str]]) -> str:
    """Why ``kind`` names no device kind: several it may be, or none (with near ones)."""
    several = sorted(value for _subject, value in typed_kinds(kind) if value in known)
    if len(several) > 1:
        return f"{kind!r} may be any of {', '.join(several)}: name the chip or the product in full"
    near = [k for k in known if k.lower().startswith(kind.lower()[:3])][:3]
    guess = f"; did you mean {' or '.join(repr(k) for k in near)}?" if near else ""
    return f"unknown chip {kind!r}{guess}"


def _listed(known: dict[str, tuple[str, str, str]]) -> str:
    """The known device kinds by subject, and the backends' short product names."""
    by_subject: dict[str, list[str]] = {}
    for name, (_vendor, subject, _count) in known.items():
        by_subject.setdefault(subject, []).append(name)
    listed = "; ".join(f"{display_name(s)}: {', '.join(n)}" for s, n in by_subject.items())
    products = sorted({p.upper() for _b, p in _products()})
    return listed + (f"; products: {', '.join(products)}" if products else "")
