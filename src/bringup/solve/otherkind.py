"""Which kinds of device the host shows: its devices, or a backend's driver; and a repo that
needs one kind on a host that shows another kind only. Apart from ``problem``, since the
verdict (``verdict``) and the no-device block (``nodevice``) ask the same of the host."""

from __future__ import annotations

from bringup import backends
from bringup.backends.base import Backend
from bringup.model.requirements import Component
from bringup.model.resolution import HardwareBlock, HostValue
from bringup.solve.host import HostFacts
from bringup.subjects import block_scope


def device_here(host: HostFacts, subject: str) -> bool:
    """Whether the machine has a device of the backend that owns ``subject`` (a driver)."""
    owner = backends.owner_of(subject)
    if owner is None or owner.devices is None:
        return False
    count = host.value(owner.devices.count_subject)
    return count is not None and count.status == "ok" and count.values not in ((), ("0",))


def other_kind_here(component: Component, host: HostFacts) -> list[HardwareBlock]:
    """A repo whose firm lines need one kind of device only (a CUDA toolkit, flash-attn's
    GPU build), on a host that has another kind and none of it (an npu-smi report, or one
    that names the Ascend driver): it needs other hardware, as on a ``--target`` of that
    other kind. Installing the toolkit here is no way forward; on a host with no
    accelerator at all the toolkit is still what to install."""
    from bringup.solve.kinds import kinds_needed

    needed = kinds_needed(component)
    if len(needed) != 1:
        return []
    ((kind, line),) = needed.items()
    count = other_kind_only(host, kind)
    if line.confidence == "low" or count is None:
        return []
    return [
        HardwareBlock(
            component=component.name,
            requirement=line,
            host=count,
            kind="hardware",
            scope=block_scope(count.subject),
        )
    ]


def other_kind_only(host: HostFacts, kind: str) -> HostValue | None:
    """The host's count of ``kind``'s devices when it has none of them and shows another
    backend's (its devices or its driver); None otherwise."""
    devices = backends.backend(kind).devices
    count = host.value(devices.count_subject) if devices is not None else None
    if count is None or count.values != ("0",):
        return None
    others = (b for b, _d in backends.with_devices() if b.name != kind)
    return count if any(kind_shown(host, other) for other in others) else None


def kind_shown(host: HostFacts, backend: Backend) -> bool:
    """Whether the host has this backend's devices, or its driver (a report that names the
    driver and the chip but counts no device)."""
    devices = backend.devices
    if devices is not None and device_here(host, devices.count_subject):
        return True
    driver = host.value(backend.driver_subject) if backend.driver_subject else None
    return driver is not None and driver.status == "ok" and bool(driver.values)
