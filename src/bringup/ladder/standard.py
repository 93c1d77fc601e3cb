"""The four rungs every torch-based backend runs (device init, operators, communication,
memory), built from what differs between backends: the device type, the module that adds it,
the driver tool and its parser, the visible-device variable, the collective backend, and how
long each rung takes at each level there."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Optional

from bringup.ladder.model import LEVELS, LadderLayer, Rung

PROGRAM = "torch_rungs.py"

TIMEOUT_FACTOR = 6.0
TIMEOUT_FLOOR_S = 60.0
"""A rung is killed after ``max(floor, factor x expected)``: importing torch on a loaded
host takes tens of seconds, and a hung driver or collective never answers at all."""

Durations = Mapping[str, tuple[float, float, float]]
"""Rung id -> expected seconds at quick, standard, long (the slowest measured, where
measured)."""


@dataclass(frozen=True)
class TorchBackend:
    """What a backend's torch ladder needs to know. ``smi``: the driver tool's argv (words
    joined by spaces) and ``smi_parser`` its ``module:function``; ``world``: processes for
    the collectives (0: one per visible device)."""

    name: str
    device: str
    dist_backend: str
    durations: Durations
    runtime: str = ""
    smi: str = ""
    smi_parser: Optional[str] = None
    visible: str = ""
    world: int = 0
    fastest: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    """Rung id -> level -> the fastest run measured (with ``durations``, the range seen)."""


_RUNGS: tuple[tuple[str, str, LadderLayer, str, tuple[str, ...]], ...] = (
    ("device-init", "the driver and the runtime see the devices", "device_init", "device", ()),
    (
        "operators",
        "operators match a CPU reference; timed matmul",
        "operator_execution",
        "operators",
        ("device-init",),
    ),
    (
        "communication",
        "all_reduce, all_gather, broadcast across devices",
        "communication",
        "communication",
        ("operators",),
    ),
    ("memory", "allocate, free, and get memory back", "memory", "memory", ("device-init",)),
)


def torch_rungs(backend: TorchBackend) -> tuple[Rung, ...]:
    """The four rungs of ``backend``, in the order an expert checks them."""
    common = ["--device", backend.device]
    if backend.runtime:
        common += ["--runtime", backend.runtime]
    rungs = []
    for rung_id, title, layer, judge, requires in _RUNGS:
        args = [judge, *common]
        if judge == "device" and backend.smi:
            args += ["--smi", backend.smi]
        if judge == "device" and backend.visible:
            args += ["--visible", backend.visible]
        if judge == "communication":
            args += ["--dist-backend", backend.dist_backend, "--world", str(backend.world)]
        expected: dict[str, float] = dict(zip(LEVELS, backend.durations[rung_id]))
        rungs.append(
            Rung(
                id=rung_id,
                title=title,
                backend=backend.name,
                layer=layer,
                judge=judge,
                program=PROGRAM,
                args=tuple(args),
                requires=requires,
                expected_s=expected,
                fastest_s=dict(backend.fastest.get(rung_id, {})),
                timeout_s={
                    level: max(TIMEOUT_FLOOR_S, TIMEOUT_FACTOR * seconds)
                    for level, seconds in expected.items()
                },
                smi_parser=backend.smi_parser if judge == "device" else None,
            )
        )
    return tuple(rungs)
