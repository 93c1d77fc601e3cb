"""``take_snapshot``: the default collectors, run concurrently over one runner, one sysroot and
one environment, within one time budget. The same function probes the live machine, a
recorded host (replay runner + fixture sysroot) or a fake one in tests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Literal, Optional

from bringup.backends import collectors as backend_collectors
from bringup.model import Snapshot
from bringup.probe.collectors.distro import probe_distro
from bringup.probe.collectors.host import probe_host
from bringup.probe.collectors.pythons import probe_pythons
from bringup.probe.collectors.toolchain import probe_toolchain
from bringup.probe.context import Collector, ProbeContext
from bringup.probe.files import HostFiles, Sysroot
from bringup.probe.redact import redact_snapshot
from bringup.probe.snapshot import collect
from bringup.process import DEFAULT_TIMEOUT_S, Budget, CommandRunner, SubprocessRunner

DEFAULT_BUDGET_S = 15.0
"""Whole-probe budget: every command shares it, so one hung tool cannot stall the rest."""

_DEADLINE_MARGIN_S = 1.0


def default_collectors() -> dict[str, Collector]:
    """Host tier first, then every registered backend's."""
    collectors: dict[str, Collector] = {
        "host": probe_host,
        "toolchain": probe_toolchain,
        "python": probe_pythons,
        "distro": probe_distro,
    }
    collectors.update(backend_collectors())
    return collectors


def take_snapshot(
    *,
    sysroot: str | os.PathLike[str] = "/",
    runner: Optional[CommandRunner] = None,
    env: Optional[Mapping[str, str]] = None,
    budget_s: float = DEFAULT_BUDGET_S,
    collectors: Optional[Mapping[str, Collector]] = None,
    files: Optional[HostFiles] = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    taken_at: Optional[str] = None,
    origin: Literal["live", "replay"] = "live",
) -> Snapshot:
    """Probe a host and return its snapshot; never raises for what the host lacks.

    ``runner`` defaults to real subprocesses sharing a ``budget_s`` budget; ``files`` to a
    ``Sysroot(sysroot)``; ``env`` to this process's environment. Each command gets at most
    ``timeout_s`` and the whole probe ends ``budget_s`` (plus a second) after it starts,
    collectors still running then becoming ``timed_out`` facts. Secrets found by value (a
    token in a kept variable, a password in an index URL) are redacted."""
    environment = dict(os.environ if env is None else env)
    own: Optional[SubprocessRunner] = None
    if runner is None:
        own = runner = SubprocessRunner(budget=Budget(budget_s), base_env=environment)
    ctx = ProbeContext(
        runner=runner,
        files=files if files is not None else Sysroot(sysroot),
        env=environment,
        timeout_s=min(timeout_s, budget_s),
    )
    chosen = dict(collectors) if collectors is not None else default_collectors()
    try:
        snapshot = collect(
            ctx,
            chosen,
            deadline_s=budget_s + _DEADLINE_MARGIN_S,
            origin=origin,
            taken_at=taken_at,
        )
        return redact_snapshot(snapshot)
    finally:
        if own is not None:  # interrupted, or collectors past the deadline: kill what runs
            own.stop()
