"""The memory rung: allocate a fraction of free memory in blocks, the largest single block, free,
and what the allocator gives back.

Standard library and torch only: this runs *inside* the target environment's Python (see
``torch_rungs.py``)."""

from __future__ import annotations

import argparse
import os
from typing import Any, List, Tuple

try:  # imported as bringup.ladder.programs.* (bringup's own tests)
    from .rung_common import MIB, Evidence, device_module, open_device, synchronize
except ImportError:  # run as a script: torch_rungs.py put this folder on sys.path
    from rung_common import MIB, Evidence, device_module, open_device, synchronize  # type: ignore[import-not-found,no-redef]

# Fraction of free memory to allocate, and the CPU's cap (a shared host is not a device).
MEMORY_SHARE = {
    "quick": (0.25, 256 * MIB),
    "standard": (0.5, 1024 * MIB),
    "long": (0.9, 4096 * MIB),
}
BLOCK = 64 * MIB


def run_memory(args: argparse.Namespace, evidence: Evidence) -> None:
    torch, module = open_device(args, evidence)
    share, cpu_cap = MEMORY_SHARE[args.level]
    free_before, total = free_memory(torch, args.device)
    used_before = in_use(torch, args.device)
    target = int(free_before * share)
    if module is None:
        target = min(target, cpu_cap)
    evidence.update(total=total, free_before=free_before, used_before=used_before, target=target)
    evidence["phase"] = "allocate"
    blocks: List[Any] = []
    try:
        while len(blocks) * BLOCK < target:
            blocks.append(torch.empty(BLOCK, dtype=torch.uint8, device=args.device))
            blocks[-1].fill_(1)  # touch it: the CPU hands out pages lazily
        synchronize(torch, args.device)
    finally:
        evidence["allocated"] = len(blocks) * BLOCK
        evidence["blocks"] = len(blocks)
        del blocks
    evidence["phase"] = "largest"
    evidence["largest_block"] = largest_block(torch, args.device, target)
    evidence["phase"] = "free"
    release(torch, args.device)
    evidence["used_after"] = in_use(torch, args.device)
    evidence["free_after"] = free_memory(torch, args.device)[0]


def free_memory(torch: Any, device: str) -> Tuple[int, int]:
    """(free, total) bytes: the runtime's view on a device, MemAvailable on the CPU."""
    module = device_module(torch, device)
    if module is not None:
        free, total = module.mem_get_info()
        return int(free), int(total)
    fields = {}
    with open("/proc/meminfo", encoding="utf-8") as handle:
        for line in handle:
            name, _, rest = line.partition(":")
            fields[name] = int(rest.split()[0]) * 1024
    return fields.get("MemAvailable", fields.get("MemFree", 0)), fields.get("MemTotal", 0)


def in_use(torch: Any, device: str) -> int:
    """Bytes the allocator holds for tensors (device), or this process's resident set (CPU)."""
    module = device_module(torch, device)
    if module is not None:
        return int(module.memory_allocated())
    with open("/proc/self/statm", encoding="utf-8") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def largest_block(torch: Any, device: str, limit: int) -> int:
    """The largest single block obtained, halving from ``limit`` until one succeeds."""
    size = limit
    while size >= MIB:
        try:
            block = torch.empty(size, dtype=torch.uint8, device=device)
        except (RuntimeError, MemoryError):
            release(torch, device)
            size //= 2
            continue
        del block
        release(torch, device)
        return size
    return 0


def release(torch: Any, device: str) -> None:
    module = device_module(torch, device)
    if module is not None:
        synchronize(torch, device)
        module.empty_cache()
