"""gpustack's worker JSON (``GET /v1/workers/{id}``, what users paste from the UI or API): its
``gpu_devices`` (name, vendor, index, memory in bytes, type), the worker's OS and kernel, and
its ``arch`` label. Pasted as a whole text or a fenced block; found by its keys, not its name."""

from __future__ import annotations

import json
import re
from typing import Any

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend.parse import chip_family
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Accelerator, Fact, Source, keys
from bringup.parsing import Collected, at_line

MAX_JSON = 1 << 20
_VENDORS = {"huawei": "ascend", "ascend": "ascend", "nvidia": "nvidia"}
_ARCHES = {"arm64": "aarch64", "amd64": "x86_64", "aarch64": "aarch64", "x86_64": "x86_64"}


def parse_gpustack(text: str, source: Source) -> Collected | None:
    """The worker's devices and host facts, or None when ``text`` is not gpustack JSON."""
    if len(text) > MAX_JSON or not text.lstrip().startswith(("{", "[")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    worker = _dict(data)
    status = _dict(worker.get("status")) or worker
    devices = data if isinstance(data, list) else status.get("gpu_devices")
    if not isinstance(devices, list) or not all(_is_device(d) for d in devices):
        return None
    lines = text.splitlines()
    found: list[Fact] = []
    accelerators = [
        _accelerator(device, at_line(source, _line_of(lines, "name", device["name"], n)))
        for n, device in enumerate(devices)
    ]
    for vendor, key in (
        ("ascend", ascend_keys.ASCEND_DEVICE_COUNT),
        ("nvidia", cuda_keys.NVIDIA_DEVICE_COUNT),
    ):
        mine = [a for a in accelerators if a.vendor == vendor]
        if mine:
            found.append(Fact(key=key, value=len(mine), source=mine[0].source))
    found += _host(status, worker, lines, source)
    return Collected(facts=tuple(found), accelerators=tuple(accelerators))


def _is_device(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("name"), str) and "vendor" in item


def _accelerator(device: dict[str, Any], where: Source) -> Accelerator:
    vendor = _VENDORS.get(str(device.get("vendor", "")).lower(), "nvidia")
    memory = _dict(device.get("memory"))
    total, used = memory.get("total"), memory.get("used")
    index = device.get("index")
    return Accelerator(
        vendor="ascend" if vendor == "ascend" else "nvidia",
        index=index if isinstance(index, int) else 0,
        name=device["name"],
        source=where,
        family=chip_family(device["name"]) if vendor == "ascend" else None,
        memory_total_mib=total >> 20 if isinstance(total, int) else None,
        memory_used_mib=used >> 20 if isinstance(used, int) else None,
    )


def _host(
    status: dict[str, Any], worker: dict[str, Any], lines: list[str], source: Source
) -> list[Fact]:
    found = []
    release = _dict(status.get("kernel")).get("release")
    if isinstance(release, str) and release:
        where = at_line(source, _line_of(lines, "release", release, 0))
        found.append(Fact(key=keys.KERNEL, value=release, source=where))
    system = _dict(status.get("os"))
    name, version = system.get("name"), system.get("version")
    if isinstance(name, str) and name:
        where = at_line(source, _line_of(lines, "name", name, 0))
        found.append(Fact(key=keys.OS_PRETTY_NAME, value=name, source=where))
    number = re.match(r"\d+(?:\.\d+)?", version) if isinstance(version, str) else None
    if isinstance(version, str) and number is not None:
        where = at_line(source, _line_of(lines, "version", version, 0))
        found.append(Fact(key=keys.OS_VERSION_ID, value=number.group(0), source=where))
    label = str(_dict(worker.get("labels")).get("arch", ""))
    arch = _ARCHES.get(label)
    if arch is not None:
        where = at_line(source, _line_of(lines, "arch", label, 0))
        found.append(Fact(key=keys.ARCH, value=arch, source=where))
    return found


def _dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def _line_of(lines: list[str], key: str, value: str, nth: int) -> int:
    """The line of the ``nth`` ``"key": "value"`` pair (1-based; the first line if absent)."""
    pattern = re.compile(rf'"{re.escape(key)}"\s*:\s*"{re.escape(value)}"')
    seen = 0
    for number, line in enumerate(lines, start=1):
        if pattern.search(line):
            if seen == nth:
                return number
            seen += 1
    return 1
