"""Layered diagnosis, in the order an expert checks: device init -> operator execution ->
communication -> memory. Each backend provides rungs (``backends/<vendor>/rungs.py``); each
rung is a small program run in the target environment's Python that prints JSON evidence;
pure judges turn evidence into PASS / FAIL / SKIP / BLOCKED / ERROR with a reason.

``run_ladder(backend, python, level, reporter) -> LadderResult`` is the library entry point
(``bringup ladder``, ``bringup up --ladder``).
"""

from bringup.ladder.model import (
    LAYERS,
    LEVELS,
    LadderReporter,
    LadderResult,
    Level,
    Rung,
    RungResult,
    Verdict,
)
from bringup.ladder.run import backend_rungs, run_ladder

__all__ = [
    "LAYERS",
    "LEVELS",
    "LadderReporter",
    "LadderResult",
    "Level",
    "Rung",
    "RungResult",
    "Verdict",
    "backend_rungs",
    "run_ladder",
]
