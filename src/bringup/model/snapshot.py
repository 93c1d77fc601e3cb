"""The facts of one host at one time: what the probe saw, and what it could not see."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.model.facts import Fact, FactValue
from bringup.model.source import Source

SNAPSHOT_SCHEMA = 1

Vendor = str
"""The vendor a backend's collectors write (its ``Backend.vendor``); any registered backend's."""


class Accelerator(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One device. ``family`` is the chip family the knowledge base keys on (the backend's
    chip-family or architecture name, ``backends/*/parse.py``); ``name`` is as reported."""

    vendor: Vendor
    index: int
    name: str
    source: Source
    family: Optional[str] = None
    compute_capability: Optional[str] = None
    memory_total_mib: Optional[int] = None
    memory_used_mib: Optional[int] = None
    health: Optional[str] = None
    bus_id: Optional[str] = None


REPORTED_PATH = "(reported)"
"""The path of a toolkit or interpreter a pasted report names without saying where it is."""


class Toolkit(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An installed toolkit package of a backend (``kind``: the toolkit itself, or one of its
    add-on packages, such as kernels per chip). Several versions can live side by side;
    ``active`` marks the one in use, as the backend's collector decides it (a ``latest``
    link, a ``*_HOME`` variable, the compiler on PATH)."""

    kind: str
    version: str
    path: str
    source: Source
    arch: Optional[str] = None
    chip: Optional[str] = None
    active: bool = False


class Package(msgspec.Struct, frozen=True, kw_only=True):
    """An installed distribution in one interpreter, by its normalised name."""

    name: str
    version: str


class SystemPackage(msgspec.Struct, frozen=True, kw_only=True):
    """A package the distribution's package manager lists as installed (``dpkg``: the status
    file; ``rpm``: its database), by the name the manager knows it by."""

    manager: Literal["dpkg", "rpm"]
    name: str
    version: str
    source: Source


class PythonInstall(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One interpreter found on the host. ``packages`` is None when it was not inspected."""

    path: str
    version: str
    origin: str
    source: Source
    implementation: str = "cpython"
    packages: Optional[tuple[Package, ...]] = None


class Snapshot(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A host at one time. ``origin``: ``live`` (this machine), ``replay`` (a recorded host),
    ``report`` (pasted text such as a vendor tool's table or ``collect_env`` output)."""

    taken_at: str
    origin: Literal["live", "replay", "report"]
    facts: tuple[Fact, ...] = ()
    accelerators: tuple[Accelerator, ...] = ()
    toolkits: tuple[Toolkit, ...] = ()
    pythons: tuple[PythonInstall, ...] = ()
    system_packages: tuple[SystemPackage, ...] = ()
    schema: int = SNAPSHOT_SCHEMA

    def fact(self, key: str) -> Optional[Fact]:
        """The first fact under ``key`` whatever its status, or None when never looked at."""
        for fact in self.facts:
            if fact.key == key:
                return fact
        return None

    def value(self, key: str) -> FactValue:
        """The value of an ``ok`` fact, else None: callers must treat None as unknown."""
        fact = self.fact(key)
        return fact.value if fact is not None and fact.ok else None

    def devices(self, vendor: Vendor) -> tuple[Accelerator, ...]:
        return tuple(a for a in self.accelerators if a.vendor == vendor)
