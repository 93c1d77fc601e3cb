"""The CPU backend's collector: architecture (``uname -m``), model, logical CPU count and
micro-architecture (``/proc/cpuinfo`` through archspec). Every host has this tier."""

from __future__ import annotations

from bringup.backends.cpu.parse import parse_cpuinfo
from bringup.model import Fact, command_source, file_source, keys
from bringup.probe.access import read_text, run
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.parsing import merge

_ARCH_NAMES = {"arm64": "aarch64", "amd64": "x86_64"}


def probe_cpu(ctx: ProbeContext) -> Collected:
    done, failure = run(ctx, ["uname", "-m"], keys.ARCH)
    arch = _ARCH_NAMES.get(done.stdout.strip(), done.stdout.strip()) if failure is None else None
    arch_facts = (
        (Fact(key=keys.ARCH, value=arch, source=command_source(done.argv)),)
        if arch
        else ((failure,) if failure else ())
    )
    text, missing = read_text(ctx, "/proc/cpuinfo", keys.CPU_MODEL)
    if text is None:
        return Collected(facts=arch_facts + ((missing,) if missing else ()))
    return merge(
        Collected(facts=arch_facts), parse_cpuinfo(text, file_source("/proc/cpuinfo"), arch=arch)
    )
