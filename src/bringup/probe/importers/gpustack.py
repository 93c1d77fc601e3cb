"""gpustack's worker JSON (``GET /v1/workers/{id}``, what users paste from the UI or API): its
``gpu_devices`` (name, vendor, index, memory in bytes, type), the worker's OS and kernel, and
its ``arch`` label. Pasted as a whole text or a fenced block; found by its keys, not its name.
A device is the backend's whose ``ReportTerms.json_vendors`` names its vendor; a device of a
vendor no registered backend claims is left out."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Optional

from bringup.model import Accelerator, Fact, Source, keys
from bringup.parsing import Collected, at_line
from bringup.probe.importers.terms import report_terms

MAX_JSON = 1 << 20
_ARCHES = {"arm64": "aarch64", "amd64": "x86_64", "aarch64": "aarch64", "x86_64": "x86_64"}


def parse_gpustack(text: str, source: Source) -> Collected | None:
    """The worker's devices and host facts, or None when ``text`` is not gpustack JSON."""
    if len(text) > MAX_JSON or not text.lstrip().startswith(("{", "[")):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays nested past Python's stack
        return None
    worker = _dict(data)
    status = _dict(worker.get("status")) or worker
    devices = data if isinstance(data, list) else status.get("gpu_devices")
    if not isinstance(devices, list) or not all(_is_device(d) for d in devices):
        return None
    lines = text.splitlines()
    found: list[Fact] = []
    owners = {
        name: (t, t.vendor)
        for t in reversed(report_terms())
        if t.vendor is not None
        for name in t.terms.json_vendors
    }
    accelerators: list[Accelerator] = []
    by_owner: dict[str, list[Accelerator]] = {}
    for n, device in enumerate(devices):
        owner = owners.get(str(device.get("vendor", "")).lower())
        if owner is None:
            continue
        same_name = sum(d["name"] == device["name"] for d in devices[:n])
        where = at_line(source, _line_of(lines, "name", device["name"], same_name))
        accelerators.append(_accelerator(device, owner[1], owner[0].terms.family, where))
        by_owner.setdefault(owner[0].name, []).append(accelerators[-1])
    for item in report_terms():
        mine = by_owner.get(item.name, [])
        if mine and item.count_fact:
            found.append(Fact(key=item.count_fact, value=len(mine), source=mine[0].source))
    found += _host(status, worker, lines, source)
    return Collected(facts=tuple(found), accelerators=tuple(accelerators))


def _is_device(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("name"), str) and "vendor" in item


def _accelerator(
    device: dict[str, Any], vendor: str, family: Callable[[str], Optional[str]], where: Source
) -> Accelerator:
    memory = _dict(device.get("memory"))
    total, used = memory.get("total"), memory.get("used")
    index = device.get("index")
    return Accelerator(
        vendor=vendor,
        index=index if isinstance(index, int) else 0,
        name=device["name"],
        source=where,
        family=family(device["name"]),
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
