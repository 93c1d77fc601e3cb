"""Failure-signature predicates about NVIDIA hosts: compute capability, the driver's CUDA.

Registered into ``bringup.triage.predicates`` when it loads (the backend names this module
in ``predicates``)."""

from __future__ import annotations

import re
from typing import Optional

from bringup.backends.cuda import keys as cuda_keys
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.triage.predicates import (
    UNKNOWN,
    PredicateArg,
    Verdict,
    installed_packages,
    numeric,
    ok_fact,
    package_fact,
    predicate,
)
from bringup.versions import Version


@predicate("compute_capability_below", str)
def compute_capability_below(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """Some NVIDIA GPU of this host has a compute capability below <arg>."""
    need = numeric(arg)
    devices = [d for d in snapshot.devices("nvidia") if d.compute_capability]
    if need is None or not devices:
        return UNKNOWN
    facts = tuple(
        Fact(
            key=f"nvidia.device.{d.index}.compute_capability",
            value=d.compute_capability,
            source=d.source,
        )
        for d in devices
    )
    low = [f for f in facts if (v := numeric(f.value)) is not None and v < need]
    return (True, tuple(low)) if low else (False, facts)


def _torch_cuda(snapshot: Snapshot) -> Optional[tuple[Version, Fact]]:
    found = installed_packages(snapshot).get("torch")
    tag = re.search(r"\+cu(\d+)(\d)$", found[0]) if found else None
    if found is None or tag is None:
        return None
    return Version(f"{tag.group(1)}.{tag.group(2)}", "numeric"), package_fact("torch", *found)


@predicate("driver_older_than_torch_cuda", bool)
def driver_older_than_torch_cuda(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The NVIDIA driver's CUDA version is older than the CUDA the torch build (+cuXYZ) needs."""
    driver = ok_fact(snapshot, cuda_keys.NVIDIA_DRIVER_CUDA)
    torch = _torch_cuda(snapshot)
    have = numeric(driver.value) if driver else None
    if driver is None or torch is None or have is None:
        return UNKNOWN
    return ((have < torch[0]) == bool(arg), (driver, torch[1]))
