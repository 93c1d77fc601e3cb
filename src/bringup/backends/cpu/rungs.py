"""The CPU backend's ladder: the same four rungs on the CPU through torch, with gloo between
two processes, so every machine runs a whole ladder and the software path is verified.

Quick-level times are measured, as the range of two runs of the four rungs
(tests/integration/test_ladder_cpu.py's command, ``bringup ladder --backend cpu --python
VENV/bin/python``): 1.6 / 1.9 / 5.0 / 1.5 s (10 s in all) with torch 2.13.0+cpu on a 2-core
x86_64 host (2026-12-04, session 24); 6.5 / 7.5 / 23.0 / 7.3 s (45 s) with torch 2.15.0+cu132,
a CUDA wheel whose import loads the CUDA libraries, on a loaded 16-core host (the outside
tester's run, outsider23c D16). The ``--list`` estimates were 3 / 4 / 10 / 4 s, about half
the slow run. The other levels are not measured: estimates, shown with ``~``."""

from __future__ import annotations

from bringup.ladder.standard import TorchBackend, torch_rungs

RUNGS = torch_rungs(
    TorchBackend(
        name="cpu",
        device="cpu",
        dist_backend="gloo",
        world=2,
        durations={
            "device-init": (7.0, 7.0, 7.0),
            "operators": (8.0, 15.0, 120.0),
            "communication": (23.0, 30.0, 60.0),
            "memory": (8.0, 10.0, 20.0),
        },
        fastest={
            "device-init": {"quick": 1.6},
            "operators": {"quick": 1.9},
            "communication": {"quick": 5.0},
            "memory": {"quick": 1.5},
        },
    )
)
