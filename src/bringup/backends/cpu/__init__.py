"""The CPU backend: the tier every machine has. Its subjects (arch, glibc, compilers, ...) are
the catalogue's generic ones; it owns the CPU collector (``probe.py``)."""

from __future__ import annotations

from bringup.backends.base import DeclaredBackend

BACKEND = DeclaredBackend(
    name="cpu",
    vendor=None,
    device_kind="cpu",
    collectors={"cpu": "bringup.backends.cpu.probe:probe_cpu"},
    ladder_rungs=("bringup.backends.cpu.rungs:RUNGS",),
    signature_namespace="toolchain.",
)
