"""CPU micro-architecture from ``/proc/cpuinfo`` text, through archspec's data and rules.

archspec's own ``host()`` reads the running machine's ``/proc/cpuinfo`` and ``platform``; we
use its seams instead (``partial_uarch`` builds the partial description that detection would
have built, ``COMPATIBILITY_CHECKS`` holds its per-family rules), so the same answer comes out
for a recorded host or a pasted report, and tests never read this machine's CPU.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def microarchitecture(fields: Mapping[str, str], arch: str) -> str | None:
    """The most specific archspec target that a CPU with these ``/proc/cpuinfo`` fields (its
    first processor block) runs, e.g. ``icelake``, ``zen3``, ``neoverse_n1``; None for an
    architecture archspec does not know."""
    from archspec.cpu import TARGETS
    from archspec.cpu.detect import COMPATIBILITY_CHECKS, partial_uarch
    from archspec.cpu.schema import TARGETS_JSON

    if arch not in TARGETS:
        return None
    if arch == "x86_64":
        info = partial_uarch(
            vendor=fields.get("vendor_id", "generic"),
            features=set(fields.get("flags", "").split()),
        )
    elif arch == "aarch64":
        vendors: Mapping[str, str] = TARGETS_JSON["conversions"]["arm_vendors"]
        code = fields.get("CPU implementer")
        info = partial_uarch(
            vendor=vendors.get(code, code) if code else "generic",
            features=set(fields.get("Features", "").split()),
            cpu_part=fields.get("CPU part", ""),
        )
    else:
        return str(TARGETS[arch].name)
    check = COMPATIBILITY_CHECKS.get(arch)
    if check is None:
        return str(TARGETS[arch].name)
    candidates: list[Any] = [t for t in TARGETS.values() if check(info, t)]
    return _best(candidates, info, TARGETS[arch])


def _best(candidates: list[Any], info: Any, root: Any) -> str:
    """archspec's own choice among compatible targets (``archspec.cpu.detect.host``): the
    deepest descendant of the best generic target, preferring a matching ``cpu_part``."""

    def depth(target: Any) -> tuple[int, int]:
        return len(target.ancestors), len(target.features)

    generic = [c for c in candidates if c.vendor == "generic"] or [root]
    best_generic = max(generic, key=depth)
    if info.cpu_part and any(c.cpu_part == info.cpu_part for c in candidates):
        candidates = [c for c in candidates if c.cpu_part == info.cpu_part]
    specific = [c for c in candidates if c > best_generic]
    return str(max(specific, key=depth).name if specific else best_generic.name)
