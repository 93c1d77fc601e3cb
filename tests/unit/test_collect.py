from __future__ import annotations

import threading
import time

from bringup.model import Fact, Source
from bringup.probe import Collected, ProbeContext, Sysroot, collect
from bringup.process import SubprocessRunner

_release = threading.Event()


def _context() -> ProbeContext:
    return ProbeContext(runner=SubprocessRunner(), files=Sysroot("/"), env={})


def _good(ctx: ProbeContext) -> Collected:
    return Collected(
        facts=(Fact(key="host.arch", value="x86_64", source=Source(kind="user", ref="t")),)
    )


def _broken(ctx: ProbeContext) -> Collected:
    raise RuntimeError("parser exploded")


def _stuck(ctx: ProbeContext) -> Collected:
    _release.wait(30)
    return Collected()


def test_failures_and_hangs_become_facts() -> None:
    started = time.monotonic()
    snapshot = collect(
        _context(), {"good": _good, "broken": _broken, "stuck": _stuck}, deadline_s=0.5
    )
    _release.set()
    assert time.monotonic() - started < 3
    assert snapshot.value("host.arch") == "x86_64"
    broken = snapshot.fact("probe.broken")
    assert broken is not None
    assert broken.status == "failed"
    assert "parser exploded" in (broken.reason or "")
    stuck = snapshot.fact("probe.stuck")
    assert stuck is not None
    assert stuck.status == "timed_out"
    assert snapshot.value("probe.stuck") is None
