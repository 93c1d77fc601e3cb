"""One device per device, however many parts of a report list it.

A report often lists the same GPUs twice: ``nvidia-smi -L`` then ``nvidia-smi`` (the 2 x Quadro
RTX 4000 of akash-network/provider-configs#12, lines 3-4 and 15, 19), or collect_env's ``GPU 0:
...`` line beside the tool's table. A device is its vendor and index on one host: the
statements of it are merged, the first saying each property winning, the others filling in
what it lacks (the table's memory and bus id beside ``-L``'s name). Two statements of one index
whose bus ids differ are two devices (two hosts' outputs pasted together) and stay apart."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bringup.model import Accelerator

_FILLED = (
    "family",
    "compute_capability",
    "memory_total_mib",
    "memory_used_mib",
    "health",
    "bus_id",
)


def same_devices(devices: Iterable[Accelerator]) -> tuple[Accelerator, ...]:
    """``devices`` with each (vendor, index) listed once, in first-seen order."""
    merged: list[Accelerator] = []
    for device in devices:
        at = next((n for n, seen in enumerate(merged) if _same(seen, device)), None)
        if at is None:
            merged.append(device)
        else:
            merged[at] = _filled(merged[at], device)
    return tuple(merged)


def _same(one: Accelerator, other: Accelerator) -> bool:
    if (one.vendor, one.index) != (other.vendor, other.index):
        return False
    return not (one.bus_id and other.bus_id and _bus(one.bus_id) != _bus(other.bus_id))


def _bus(bus_id: str) -> str:
    """A bus id as both tools print it: ``00000000:06:00.0`` and ``0000:06:00.0`` alike."""
    parts = bus_id.lower().split(":")
    domain = parts[0].lstrip("0") if len(parts) == 3 else ""
    return ":".join([domain, *parts[-2:]])


def _filled(first: Accelerator, other: Accelerator) -> Accelerator:
    """``first`` with the properties it lacks taken from ``other``."""
    changes = {
        name: getattr(other, name)
        for name in _FILLED
        if getattr(first, name) is None and getattr(other, name) is not None
    }
    return msgspec.structs.replace(first, **changes) if changes else first
