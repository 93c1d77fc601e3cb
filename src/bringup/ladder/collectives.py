"""The communication rung's judge: every rank ran the collectives right, and how fast."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable, Optional

import msgspec

from bringup.ladder.model import Evidence, Judgement, Peaks, Rung
from bringup.ladder.raised import first_line, raised

BUS_FACTOR: Mapping[str, Callable[[int], float]] = {
    "all_reduce": lambda n: 2 * (n - 1) / n,
    "all_gather": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
}
"""The collective benchmarks' bus bandwidth factors (nccl-tests, doc/PERFORMANCE.md):
busbw = algbw x factor(ranks)."""


def message_bytes(op: str, count: int, ranks: int, item: int = 4) -> int:
    """The size the collective benchmarks report and divide by the time: all_gather counts the
    whole gathered buffer (count x ranks), all_reduce and broadcast one buffer."""
    return count * item * (ranks if op == "all_gather" else 1)


def judge_communication(rung: Rung, evidence: Evidence, peaks: Peaks) -> Judgement:
    """Every rank initialised, ran the three collectives and checked their results; the
    bandwidths (the slowest rank's time) as the collective benchmarks compute them. One
    device: SKIP."""
    failed = raised(evidence, rung)
    if failed is not None:
        return failed
    world = int(evidence.get("world") or 0)
    backend = str(evidence.get("backend") or "")
    if world < 2:
        devices = int(evidence.get("devices") or 0)
        return Judgement(
            verdict="SKIP",
            phase="count",
            reason=f"{devices} device(s) visible: {backend} collectives need two or more",
        )
    ranks = list(evidence.get("ranks") or ())
    for index, rank in enumerate(ranks):
        broken = _rank_failure(index, rank)
        if broken is not None:
            return broken
    if len(ranks) != world:
        return Judgement(verdict="FAIL", phase="launch", reason=f"{len(ranks)} of {world} ranks")
    measures: dict[str, float] = {}
    details = []
    for name, factor in BUS_FACTOR.items():
        timings = [r for rank in ranks for r in rank.get("collectives", ()) if r.get("op") == name]
        if len(timings) != world:
            return Judgement(verdict="FAIL", phase=name, reason=f"{name} did not run on all ranks")
        if not all(t.get("correct") for t in timings):
            bad = [i for i, t in enumerate(timings) if not t.get("correct")]
            return Judgement(verdict="FAIL", phase=name, reason=f"{name} wrong on ranks {bad}")
        seconds = max(float(t["seconds"]) for t in timings)
        size = message_bytes(name, int(timings[0]["count"]), world)
        algbw = size / seconds / 1e9
        busbw = algbw * factor(world)
        measures[f"{name}_algbw_gbps"] = algbw
        measures[f"{name}_busbw_gbps"] = busbw
        details.append(f"{name}: {size / 2**20:.0f} MiB, algbw {algbw:.2f} GB/s, busbw {busbw:.2f}")
    return Judgement(
        verdict="PASS",
        phase="collectives",
        reason=f"all_reduce, all_gather, broadcast correct on {world} ranks over {backend}",
        details=tuple(details),
        measures=measures,
    )


def _rank_failure(index: int, rank: Evidence) -> Optional[Judgement]:
    failed = raised(rank)
    stderr = str(rank.get("stderr") or "")
    if failed is not None:
        return msgspec.structs.replace(
            failed,
            reason=f"rank {index}: {failed.reason}",
            error_text=failed.error_text + "\n" + stderr,
        )
    if rank.get("hung"):
        return Judgement(
            verdict="FAIL",
            phase="timeout",
            reason=f"rank {index} hung in {rank.get('phase', 'start')}: killed after "
            f"{float(rank['hung']):.0f} s",
            details=tuple(stderr.strip().splitlines()[-6:]),
            error_text=stderr,
        )
    code = rank.get("returncode")
    if code != 0 or "collectives" not in rank:
        why = "killed by signal " + str(-code) if isinstance(code, int) and code < 0 else ""
        why = why or (f"exit status {code}" if code else "no collectives reported")
        return Judgement(
            verdict="FAIL",
            phase=str(rank.get("phase") or "rank"),
            reason=f"rank {index} ended without evidence ({why}): {first_line(stderr[-300:])}",
            error_text=stderr,
        )
    return None
