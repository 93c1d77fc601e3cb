"""The CPU backend's ladder: the same four rungs on the CPU through torch, with gloo between
two processes, so every machine runs a whole ladder and the software path is verified."""

from __future__ import annotations

from bringup.ladder.standard import TorchBackend, torch_rungs

RUNGS = torch_rungs(
    TorchBackend(
        name="cpu",
        device="cpu",
        dist_backend="gloo",
        world=2,
        durations={
            "device-init": (3.0, 3.0, 3.0),
            "operators": (4.0, 10.0, 120.0),
            "communication": (10.0, 20.0, 60.0),
            "memory": (4.0, 8.0, 20.0),
        },
    )
)
