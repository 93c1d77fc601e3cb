"""The hardware tier of a host, from the resolution's host values (so a what-if on the
device count changes the tier too)."""

from __future__ import annotations

from bringup.model.plan import DeviceGroup, Tier
from bringup.model.resolution import Resolution
from bringup.model.snapshot import Vendor

_COUNTS: tuple[tuple[Vendor, str, str], ...] = (
    ("ascend", "npu_count", "chip"),
    ("nvidia", "gpu_count", "compute_capability"),
)


def device_count(resolution: Resolution, subject: str) -> int | None:
    """The number of devices, or None when the host could not tell."""
    value = resolution.host_value(subject)
    if value is None or value.status != "ok" or not value.values:
        return None
    return int(value.values[0]) if value.values[0].isdigit() else None


def tier_of(resolution: Resolution) -> Tier:
    """0 with no accelerator, 1 with one, 2 with several of one vendor (communication can be
    tested); device groups by vendor and chip; what could not be counted is named."""
    groups: list[DeviceGroup] = []
    unknown: list[str] = []
    for vendor, count_subject, chip_subject in _COUNTS:
        count = device_count(resolution, count_subject)
        if count is None:
            unknown.append(count_subject)
            continue
        if count == 0:
            continue
        chip = resolution.host_value(chip_subject)
        chips = chip.values if chip is not None and chip.status == "ok" else ()
        groups.append(DeviceGroup(vendor=vendor, count=count, chips=tuple(chips)))
    most = max((g.count for g in groups), default=0)
    level = 0 if most == 0 else 1 if most == 1 else 2
    return Tier(level=level, devices=tuple(groups), unknown=tuple(unknown))
