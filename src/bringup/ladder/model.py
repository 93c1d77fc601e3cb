"""The ladder's data: rungs (what a backend checks, in which layer, needing which rungs), the
levels, and what a run concluded. No I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Optional, Protocol

import msgspec

from bringup.model.diagnosis import Diagnosis

Level = Literal["quick", "standard", "long"]
LEVELS: tuple[Level, ...] = ("quick", "standard", "long")
"""As DCGM's run levels: seconds, a minute or two, long timed runs with bigger sizes."""

LadderLayer = Literal["device_init", "operator_execution", "communication", "memory"]
LAYERS: tuple[LadderLayer, ...] = ("device_init", "operator_execution", "communication", "memory")
"""The order an expert checks a stack in (the names of ``bringup.model.diagnosis.Layer``)."""

Verdict = Literal["PASS", "FAIL", "SKIP", "BLOCKED", "ERROR"]
"""PASS and SKIP (with the reason: the chip lacks it, one device) let the ladder go on; FAIL
(the layer is broken: the evidence, a timeout or a crash says so), ERROR (the rung's program
gave no evidence to judge) and BLOCKED (a rung it requires did not pass, or the ladder stopped
at an earlier failing layer) do not."""

Evidence = dict[str, Any]


class Rung(msgspec.Struct, frozen=True, kw_only=True):
    """One check a backend provides. ``program``: the rung's script, a file name under
    ``bringup/ladder/programs`` or an absolute path, run as ``python -I program *args --level
    L``. ``judge``: which pure judge reads its evidence (``device``, ``operators``,
    ``communication``, ``memory``). ``expected_s``/``timeout_s``: per level, how long it
    may take (the slowest measured, or an estimate; shown) and when it is killed;
    ``fastest_s``: where it was measured, the fastest run, so that the time is shown as the
    range seen (``2-7 s``), not one optimistic number. ``smi_parser``: ``module:function`` reading
    the driver tool's output (the backend's own parser), for the device rung."""

    id: str
    title: str
    backend: str
    layer: LadderLayer
    judge: str
    program: str
    args: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    expected_s: Mapping[str, float] = {}
    fastest_s: Mapping[str, float] = {}
    timeout_s: Mapping[str, float] = {}
    smi_parser: Optional[str] = None

    def expected(self, level: Level) -> Optional[float]:
        return self.expected_s.get(level)

    def fastest(self, level: Level) -> Optional[float]:
        return self.fastest_s.get(level)

    def timeout(self, level: Level) -> float:
        return self.timeout_s.get(level, DEFAULT_TIMEOUT_S)


DEFAULT_TIMEOUT_S = 300.0


def time_range(fastest: Optional[float], slowest: Optional[float]) -> str:
    """How long a rung takes, as shown: the range measured (``2-7 s``), or ``~10 s`` for an
    estimate; empty when nothing is known."""
    if not slowest:
        return ""
    if fastest:
        return f"{fastest:.0f}-{slowest:.0f} s"
    return f"~{slowest:.0f} s"


class Judgement(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A judge's conclusion from one rung's evidence: the verdict, the phase it concerns
    (``driver``, ``runtime``, ``op:matmul:fp16``, ``all_reduce``, ``allocate``), one line of
    reason, details (lines), notes that do not change the verdict, and measurements
    (``tflops``, ``peak_ratio``, ``busbw_gbps``...)."""

    verdict: Verdict
    reason: str
    phase: str = ""
    details: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    measures: dict[str, float] = {}
    error_text: str = ""


class RungResult(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What one rung did: the judgement, how long it ran against how long it usually takes,
    its command (the re-run), the tail of the error it reported and of its stderr, the
    evidence and the top diagnosis of the failure by ``bringup explain``'s engine."""

    rung: str
    title: str
    layer: LadderLayer
    verdict: Verdict
    reason: str
    phase: str = ""
    seconds: float = 0.0
    expected_s: Optional[float] = None
    fastest_s: Optional[float] = None
    timeout_s: Optional[float] = None
    details: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    measures: dict[str, float] = {}
    argv: tuple[str, ...] = ()
    evidence_tail: str = ""
    evidence: Optional[Evidence] = None
    diagnosis: Optional[Diagnosis] = None
    log_path: Optional[str] = None

    @property
    def passed(self) -> bool:
        return self.verdict in ("PASS", "SKIP")


class LadderResult(msgspec.Struct, frozen=True, kw_only=True):
    """A whole ladder: the backend, level and interpreter, each rung's result in the order
    run, and the first failing layer (None when every rung passed or was skipped); ``notes``:
    what the caller adds about how it ran (an interpreter it chose that lacks the runtime);
    ``log_dir``: where each rung's full output was written (``<rung>.log``)."""

    backend: str
    level: Level
    python: str
    results: tuple[RungResult, ...]
    failed_layer: Optional[LadderLayer] = None
    notes: tuple[str, ...] = ()
    log_dir: str = ""

    @property
    def ok(self) -> bool:
        return all(result.passed for result in self.results)


class LadderReporter(Protocol):
    """Progress of a ladder as it runs (the CLI prints it; ``bringup up`` forwards it)."""

    def rung_started(self, rung: Rung, level: Level) -> None: ...

    def rung_finished(self, result: RungResult) -> None: ...


class Peak(msgspec.Struct, frozen=True):
    """A device's nominal dense TFLOP/s in one dtype, from the knowledge base."""

    device: str
    dtype: str
    tflops: float
    source: str


class Peaks(msgspec.Struct, frozen=True):
    """The peaks the knowledge base knows, by device name exactly as the runtime reports it
    (``torch.<device>.get_device_name``: the vendor tool's product
    name or the SoC name, per backend). Exact on purpose: a product's variant (``<name> NVL``,
    ``<family>B3``) is not the product or family it extends."""

    entries: tuple[Peak, ...] = ()

    def find(self, device: str, dtype: str) -> Optional[Peak]:
        wanted = device.strip().lower()
        return next(
            (p for p in self.entries if p.dtype == dtype and p.device.lower() == wanted), None
        )
