"""What a collector is given (a command runner, host files, the host's environment) and what
it returns (``Collected``, defined with the parsers in ``bringup.parsing``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable

import msgspec

from bringup.parsing import Collected
from bringup.probe.files import HostFiles
from bringup.process import DEFAULT_TIMEOUT_S, CommandRunner

__all__ = ["Collected", "Collector", "ProbeContext"]


class ProbeContext(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a collector may touch. ``env`` is the probed host's environment (for a
    replayed host, the recorded one), never read from ``os.environ`` by collectors."""

    runner: CommandRunner
    files: HostFiles
    env: Mapping[str, str]
    timeout_s: float = DEFAULT_TIMEOUT_S


Collector = Callable[[ProbeContext], Collected]
"""A function that looks at one area of the host (host, toolchain, pythons,
each backend's devices and toolkits)."""
