"""Running collectors concurrently and assembling their findings into one ``Snapshot``.

A collector that raises or outlives the deadline becomes a fact saying so; the snapshot is
always produced. Collector threads are daemons, so a collector stuck in a read never holds the
process open after the deadline.
"""

from __future__ import annotations

import datetime
import queue
import threading
import time
from collections.abc import Mapping
from typing import Literal, Optional

from bringup.model import Fact, Snapshot, Source
from bringup.probe.context import Collected, Collector, ProbeContext

DEFAULT_DEADLINE_S = 20.0
"""Whole-probe wall-clock cap; the runner's budget should be set a little below it."""


def _probe_source(name: str) -> Source:
    return Source(kind="derived", ref=f"collector {name}")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def collect(
    ctx: ProbeContext,
    collectors: Mapping[str, Collector],
    *,
    deadline_s: float = DEFAULT_DEADLINE_S,
    origin: Literal["live", "replay", "report"] = "live",
    taken_at: Optional[str] = None,
) -> Snapshot:
    """Run every collector at once and merge what they found, in the collectors' order."""
    results: queue.Queue[tuple[str, Optional[Collected], Optional[BaseException]]] = queue.Queue()

    def work(name: str, collector: Collector) -> None:
        try:
            results.put((name, collector(ctx), None))
        except Exception as error:
            results.put((name, None, error))

    for name, collector in collectors.items():
        threading.Thread(target=work, args=(name, collector), daemon=True, name=name).start()

    finished: dict[str, Collected] = {}
    failures: dict[str, Fact] = {}
    end = time.monotonic() + deadline_s
    while len(finished) + len(failures) < len(collectors):
        try:
            name, collected, error = results.get(timeout=max(0.0, end - time.monotonic()))
        except queue.Empty:
            break
        if error is not None or collected is None:
            failures[name] = Fact(
                key=f"probe.{name}",
                source=_probe_source(name),
                status="failed",
                reason=f"{type(error).__name__}: {error}",
            )
        else:
            finished[name] = collected
    for name in collectors:
        if name not in finished and name not in failures:
            failures[name] = Fact(
                key=f"probe.{name}",
                source=_probe_source(name),
                status="timed_out",
                reason=f"collector did not finish within {deadline_s:.0f} s",
            )
    ordered = [finished[name] for name in collectors if name in finished]
    return Snapshot(
        taken_at=taken_at or _now(),
        origin=origin,
        facts=tuple(f for c in ordered for f in c.facts) + tuple(failures.values()),
        accelerators=tuple(a for c in ordered for a in c.accelerators),
        toolkits=tuple(t for c in ordered for t in c.toolkits),
        pythons=tuple(p for c in ordered for p in c.pythons),
        system_packages=tuple(s for c in ordered for s in c.system_packages),
    )
