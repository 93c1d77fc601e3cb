"""Accelerator backends, registered in one place: name -> the module and collector that probe
it. Modules are imported on first use, and a backend whose import fails yields a ``failed``
fact instead of breaking the probe (ReFrame's and nox's deferred-error registries).

The CPU backend is always present: it is the tier every machine has. Adding a backend (ROCm)
means one folder (``parse.py`` + ``probe.py``) and one line here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from bringup.model import Fact, Source
from bringup.parsing import Collected

if TYPE_CHECKING:  # the probe imports backends, never the other way at run time
    from bringup.probe.context import Collector, ProbeContext

BACKENDS: dict[str, str] = {
    "cpu": "bringup.backends.cpu.probe:probe_cpu",
    "ascend": "bringup.backends.ascend.probe:probe_ascend",
    "cuda": "bringup.backends.cuda.probe:probe_cuda",
}
"""Backend name -> ``module:collector``. ``cpu`` first: it is always there."""


def backend_names() -> tuple[str, ...]:
    return tuple(BACKENDS)


def load_collector(name: str) -> Collector:
    """The collector of backend ``name``; an unknown name lists the valid ones."""
    if name not in BACKENDS:
        valid = ", ".join(BACKENDS)
        raise KeyError(f"unknown backend {name!r}; known backends: {valid}")
    module_name, _, attribute = BACKENDS[name].partition(":")
    try:
        collector: Collector = getattr(importlib.import_module(module_name), attribute)
    except ImportError as error:
        return _broken(name, error)
    return collector


def _broken(name: str, error: ImportError) -> Collector:
    def collector(ctx: ProbeContext) -> Collected:
        fact = Fact(
            key=f"probe.{name}",
            source=Source(kind="derived", ref=f"backend {name}"),
            status="failed",
            reason=f"backend {name} cannot be loaded: {error}",
        )
        return Collected(facts=(fact,))

    return collector
