"""The hardware tier of a host, from the resolution's host values (so a what-if on the
device count changes the tier too), over the registered backends' devices."""

from __future__ import annotations

from bringup import backends
from bringup.model.plan import DeviceGroup, Tier
from bringup.model.resolution import Resolution


def device_count(resolution: Resolution, subject: str) -> int | None:
    """The number of devices, or None when the host could not tell."""
    value = resolution.host_value(subject)
    if value is None or value.status != "ok" or not value.values:
        return None
    return int(value.values[0]) if value.values[0].isascii() and value.values[0].isdigit() else None


def tier_of(resolution: Resolution) -> Tier:
    """0 with no accelerator, 1 with one, 2 with several of one vendor (communication can be
    tested); device groups by vendor and chip; what could not be counted is named."""
    groups: list[DeviceGroup] = []
    unknown: list[str] = []
    for backend, devices in backends.with_devices():
        count = device_count(resolution, devices.count_subject)
        if count is None:
            unknown.append(devices.count_subject)
            continue
        if count == 0:
            continue
        chip = resolution.host_value(devices.kind_subject)
        chips = chip.values if chip is not None and chip.status == "ok" else ()
        groups.append(
            DeviceGroup(vendor=backend.vendor or backend.name, count=count, chips=tuple(chips))
        )
    most = max((g.count for g in groups), default=0)
    level = 0 if most == 0 else 1 if most == 1 else 2
    return Tier(level=level, devices=tuple(groups), unknown=tuple(unknown))
