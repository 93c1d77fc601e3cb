"""The host as the solver sees it: fixed values (what installing software cannot change) and
what is already installed (preferred candidates), each with the source that reported it.

Read from a ``Snapshot``; ``--what-if`` overrides produce another ``HostFacts`` and never
touch the snapshot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Optional

from bringup import backends, subjects
from bringup.backends.base import Backend, DeviceFacts
from bringup.errors import StackError
from bringup.model import keys
from bringup.model.facts import Fact
from bringup.model.resolution import HostValue
from bringup.model.snapshot import Accelerator, Snapshot, SystemPackage, Vendor
from bringup.model.source import Source
from bringup.solve.devicenames import kind_of
from bringup.subjects import FIXED_SCOPES, canonical_subject, scheme_for
from bringup.versions import InvalidVersion, Version, is_version

_SYMBOL_PREFIXES = ("GLIBCXX_", "CXXABI_")


@dataclass(frozen=True)
class Installed:
    """A version of a chosen subject already on the host. ``python``: the version of the
    interpreter a Python distribution is installed in (it is installed for an environment
    on that interpreter only); None for what every environment can use (a toolkit, a
    compiler, an interpreter itself)."""

    subject: str
    version: str
    source: Source
    python: Optional[str] = None


@dataclass(frozen=True)
class HostFacts:
    """``fixed``: one ``HostValue`` per fixed subject, and per subject a ``--what-if`` forces.
    ``installed``: subject -> installed versions. ``forced`` names the chosen subjects a
    what-if turned into fixed ones. ``vendors``: accelerator vendors the snapshot saw."""

    fixed: Mapping[str, HostValue]
    installed: Mapping[str, tuple[Installed, ...]]
    vendors: frozenset[Vendor] = frozenset()
    forced: frozenset[str] = frozenset()
    what_if: tuple[tuple[str, str], ...] = field(default=())
    system_packages: tuple[SystemPackage, ...] = ()
    """What the distribution's package manager lists as installed (``probe.collectors.distro``)."""

    def value(self, subject: str) -> HostValue | None:
        return self.fixed.get(subject)

    def installed_versions(self, subject: str) -> tuple[Installed, ...]:
        return self.installed.get(subject, ())


def _clean(subject: str, raw: str) -> str:
    text = raw.strip()
    if subject in ("glibcxx", "cxxabi"):
        for prefix in _SYMBOL_PREFIXES:
            if text.startswith(prefix):
                return text[len(prefix) :]
    return text


def _from_fact(subject: str, fact: Fact | None, fallback: Source) -> HostValue:
    if fact is None:
        return HostValue(subject=subject, source=fallback, status="unknown", reason="not probed")
    if not fact.ok or fact.value is None:
        status = fact.status if fact.status != "ok" else "unknown"
        return HostValue(subject=subject, source=fact.source, status=status, reason=fact.reason)
    return _read(subject, fact.source, [_clean(subject, str(fact.value))])


def _read(subject: str, source: Source, raws: Iterable[str]) -> HostValue:
    """The host's values of ``subject``, each read in its scheme: a snapshot is input (a
    pasted report, a file edited by hand), so a value that is not a version of its subject
    makes the subject ``unparsed`` (unknown to the solver), never an error deep inside it."""
    values = tuple(raws)
    for raw in values:
        try:
            Version(raw, scheme_for(subject))
        except InvalidVersion as error:
            return HostValue(subject=subject, source=source, status="unparsed", reason=str(error))
    return HostValue(subject=subject, source=source, values=values)


def _count_without_tool(
    snapshot: Snapshot,
    subject: str,
    probe: Fact | None,
    devices: DeviceFacts,
    others: Sequence[tuple[str, Source]] = (),
) -> HostValue:
    """The device count when the vendor tool listed no device: its own count fact, else the
    PCI bus (which needs no driver), else the tool's answer (absent or empty: none), else,
    when nothing asked for this backend's devices but the snapshot shows another backend's
    (``others``: a pasted npu-smi report listing 2 x 910B, or an environment report naming
    the Ascend driver and the 910B), none: those are the host's accelerators, as
    ``--target 910B:2`` names a host of 910Bs only; else unknown with the tool's failure as
    the reason."""
    for key in (devices.count_fact, devices.pci_fact):
        fact = snapshot.fact(key)
        if fact is not None and fact.ok and fact.value is not None:
            return _read(subject, fact.source, [str(fact.value)])
    if probe is not None and probe.status in ("ok", "absent"):
        return HostValue(subject=subject, source=probe.source, values=("0",))
    if probe is None and snapshot.accelerators:
        vendors = Counter(a.vendor for a in snapshot.accelerators)
        each = ", ".join(f"{n} x {vendor}" for vendor, n in vendors.items())
        listed = f"the host's accelerators are {each}"
        source = snapshot.accelerators[0].source
        return HostValue(subject=subject, source=source, values=("0",), reason=listed)
    if probe is None and others:
        named = f"the host's accelerators are {' and '.join(name for name, _ in others)}"
        return HostValue(subject=subject, source=others[0][1], values=("0",), reason=named)
    if probe is None:
        source = Source(kind="derived", ref=subject)
        return HostValue(subject=subject, source=source, status="unknown", reason="not probed")
    return HostValue(subject=subject, source=probe.source, status=probe.status, reason=probe.reason)


def _shown(snapshot: Snapshot, backend: Backend, devices: DeviceFacts) -> Source | None:
    """Where the snapshot shows this backend's accelerators: a device listed, a device named
    (a report's chip or product name) or its driver's version (an environment report that
    names ``Ascend-hdk-910b-npu-driver_23.0.3`` without a device table); None when nowhere."""
    found = snapshot.devices(backend.vendor or backend.name)
    if found:
        return found[0].source
    driver = subjects.subject(backend.driver_subject) if backend.driver_subject else None
    for key in (devices.name_fact, driver.fact_key if driver is not None else None):
        fact = snapshot.fact(key) if key else None
        if fact is not None and fact.ok and fact.value is not None:
            return fact.source
    return None


def _device_values(
    snapshot: Snapshot,
    vendor: Vendor,
    devices: DeviceFacts,
    others: Sequence[tuple[str, Source]] = (),
) -> list[HostValue]:
    """Count and kinds (chip families, compute capabilities) of one backend's devices. No
    device anywhere is a known zero, and then the kind is absent; devices on the PCI bus that
    no tool describes have an unknown kind. A device reported by name only (a pasted
    collect_env's ``GPU 0: NVIDIA H100 PCIe``, nvidia-smi's ``Quadro RTX 4000``) has the kind
    the knowledge base gives its name (``devicenames``)."""
    count_subject, kind_subject = devices.count_subject, devices.kind_subject
    found = snapshot.devices(vendor)
    if found:
        source = found[0].source
        kinds = {
            str(k)
            for d in found
            for k in [getattr(d, devices.kind_field) or kind_of(d.name, kind_subject)]
            if k
        }
        kind = (
            _read(kind_subject, source, sorted(kinds))
            if kinds
            else HostValue(
                subject=kind_subject, source=source, status="unknown", reason=_unnamed(found)
            )
        )
        count = HostValue(subject=count_subject, source=source, values=(str(len(found)),))
        listed = snapshot.fact(devices.count_fact) if devices.count_fact else None
        if listed is not None and listed.status == "unknown":  # a table cut off: a lower bound
            count = HostValue(
                subject=count_subject, source=listed.source, status="unknown", reason=listed.reason
            )
        elif listed is not None and listed.ok and _more(listed.value, len(found)):
            # the tool's own count beyond the devices pasted ("Attached GPUs : 4", one block)
            count = HostValue(
                subject=count_subject, source=listed.source, values=(str(listed.value),)
            )
        return [count, kind]
    probe = snapshot.fact(devices.tool_fact)
    count = _count_without_tool(snapshot, count_subject, probe, devices, others)
    named = snapshot.fact(devices.name_fact) if devices.name_fact else None
    said = kind_of(str(named.value), kind_subject) if named and named.ok and named.value else None
    if count.values == ("0",):
        kind = HostValue(
            subject=kind_subject, source=count.source, status="absent", reason=devices.none
        )
    elif named is not None and said is not None:
        # a device named with no table (nunchaku#27's "Device: NVIDIA A100-SXM4-40GB") is
        # its product's kind, though how many there are is unsaid (outsider23c D17)
        kind = HostValue(subject=kind_subject, source=named.source, values=(said,))
    else:
        reason = "the device is not described" + (
            f" ({probe.source}: {probe.status})" if probe is not None else ""
        )
        kind = HostValue(subject=kind_subject, source=count.source, status="unknown", reason=reason)
    return [count, kind]


def _more(value: object, listed: int) -> bool:
    """Whether a stated device count says more devices than the ``listed`` ones."""
    return isinstance(value, int) and not isinstance(value, bool) and value > listed


def _unnamed(found: Sequence[Accelerator]) -> str:
    """Why listed devices have no kind: the report gives none, and the knowledge base lists
    no such name."""
    names = sorted({d.name for d in found if d.name})
    if not names:
        return "not reported"
    return f"not reported, and {', '.join(names)} is no name the knowledge base lists"


def _merge(first: HostValue, second: HostValue) -> HostValue:
    """One subject two backends report (``chip``: the families of two vendors' devices): what
    either has, the first source; a backend with nothing to say does not hide the other."""
    if first.status != "ok" or not first.values:
        return second if second.status == "ok" or first.status == "absent" else first
    if second.status != "ok":
        return first
    values = tuple(sorted(set(first.values) | set(second.values)))
    return HostValue(subject=first.subject, source=first.source, values=values)


def _installed(snapshot: Snapshot) -> dict[str, tuple[Installed, ...]]:
    found: dict[str, list[Installed]] = {}

    def add(subject: str, version: str, source: Source, python: str | None = None) -> None:
        try:
            Version(version, scheme_for(subject))
        except InvalidVersion:
            return
        bucket = found.setdefault(subject, [])
        if all((item.version, item.python) != (version, python) for item in bucket):
            bucket.append(Installed(subject, version, source, python))

    by_kind = {kind: s.name for s in subjects.catalogue() for kind in s.toolkit_kinds}
    for toolkit in snapshot.toolkits:
        subject = by_kind.get(toolkit.kind)
        if subject is not None:
            add(subject, toolkit.version, toolkit.source)
    for python in snapshot.pythons:
        add("python", python.version, python.source)
        if not is_version(python.version, scheme_for("python")):
            continue  # unknown interpreter version: no environment is known to have its packages
        for package in python.packages or ():
            add(canonical_subject(package.name), package.version, python.source, python.version)
    default_python = snapshot.fact(keys.PYTHON_DEFAULT)
    if default_python is not None and default_python.ok and default_python.value is not None:
        add("python", str(default_python.value), default_python.source)
    for subject, key in _fact_keys("system_tool"):
        fact = snapshot.fact(key)
        if fact is not None and fact.ok and fact.value is not None:
            add(subject, str(fact.value), fact.source)
    return {subject: tuple(items) for subject, items in found.items()}


def _fact_keys(*scopes: subjects.Scope) -> list[tuple[str, str]]:
    """Catalogued subjects of ``scopes`` read straight from one fact, in catalogue order."""
    return [
        (s.name, s.fact_key)
        for s in subjects.catalogue()
        if s.scope in scopes and s.fact_key is not None
    ]


def host_facts(snapshot: Snapshot) -> HostFacts:
    """Everything the solver needs from ``snapshot``, with sources; unknown stays unknown:
    the fixed subjects read from one fact each, then each backend's devices."""
    origin = Source(kind="derived", ref=f"snapshot {snapshot.taken_at}")
    fixed = {
        subject: _from_fact(subject, snapshot.fact(key), origin)
        for subject, key in _fact_keys(*FIXED_SCOPES)
    }
    shown = {
        backend.name: (backend.vendor or backend.name, where)
        for backend, devices in backends.with_devices()
        for where in [_shown(snapshot, backend, devices)]
        if where is not None
    }
    for backend, devices in backends.with_devices():
        others = [seen for name, seen in shown.items() if name != backend.name]
        vendor = backend.vendor or backend.name
        for value in _device_values(snapshot, vendor, devices, others):
            known = fixed.get(value.subject)
            fixed[value.subject] = value if known is None else _merge(known, value)
    vendors = frozenset(a.vendor for a in snapshot.accelerators)
    return HostFacts(
        fixed=fixed,
        installed=_installed(snapshot),
        vendors=vendors,
        system_packages=snapshot.system_packages,
    )


def what_if_subject(key: str, host: HostFacts) -> str:
    """The subject a ``--what-if`` key names; ``driver`` means the host's accelerator driver:
    that of the one backend whose devices or driver the host has. With none or several,
    ``driver`` could mean any backend's: bad input that names the keys to give instead."""
    name = canonical_subject(key)
    if name == "driver":
        drivers = [b.driver_subject for b in backends.registered() if b.driver_subject]
        present = [
            b.driver_subject
            for b in backends.registered()
            if b.driver_subject and (b.vendor in host.vendors or _has_value(host, b.driver_subject))
        ]
        if len(present) == 1:
            return present[0]
        if len(drivers) == 1:
            return drivers[0]
        here = "several accelerator drivers" if present else "no accelerator driver"
        raise StackError(
            f"--what-if {key}: ambiguous here ({here} on this host): it could mean "
            + " or ".join(present or drivers),
            hint=f"name the driver, e.g. --what-if {(present or drivers)[0]}=<version>",
        )
    return subjects.what_if_alias(name)


def _has_value(host: HostFacts, subject: str) -> bool:
    value = host.value(subject)
    return value is not None and bool(value.values)


def parse_what_if(pairs: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``K=V`` strings from the command line, in order; a malformed one is bad input."""
    parsed: list[tuple[str, str]] = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise StackError(
                f"--what-if {pair!r} is not KEY=VALUE",
                hint="for example --what-if ascend_driver=24.1.0 --what-if python=3.11",
            )
        parsed.append((key.strip(), value.strip()))
    return tuple(parsed)


def apply_what_if(host: HostFacts, overrides: Iterable[tuple[str, str]]) -> HostFacts:
    """``host`` with each ``key=value`` taking effect: a fixed subject gets the new value; a
    chosen subject (Python, a toolkit, ...) is fixed to it for every environment, as an upgrade or
    a site policy would. A value that is not a version of that subject is bad input."""
    fixed = dict(host.fixed)
    installed = dict(host.installed)
    forced = set(host.forced)
    applied = list(host.what_if)
    for key, raw in overrides:
        subject = what_if_subject(key, host)
        scheme = scheme_for(subject)
        values = tuple(v.strip() for v in raw.split(",")) if scheme == "name" else (raw,)
        try:
            for value in values:
                Version(value, scheme)
        except InvalidVersion as error:
            raise StackError(f"--what-if {key}: {error}") from None
        source = Source(kind="user", ref=f"--what-if {key}={raw}")
        fixed[subject] = HostValue(subject=subject, source=source, values=values)
        if subjects.scope_of(subject) not in FIXED_SCOPES:
            forced.add(subject)
            installed[subject] = tuple(Installed(subject, v, source) for v in values)
        if values == ("0",):
            for _backend, devices in backends.with_devices():
                if devices.count_subject == subject:
                    kind = devices.kind_subject
                    fixed[kind] = HostValue(subject=kind, source=source, status="absent")
        applied.append((subject, raw))
    return replace(
        host, fixed=fixed, installed=installed, forced=frozenset(forced), what_if=tuple(applied)
    )
