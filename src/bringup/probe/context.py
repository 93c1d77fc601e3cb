"""What a collector is given: a command runner, host files, the host's environment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable

import msgspec

from bringup.model import Accelerator, Fact, PythonInstall, Toolkit
from bringup.probe.files import HostFiles
from bringup.process import DEFAULT_TIMEOUT_S, CommandRunner


class ProbeContext(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a collector may touch. ``env`` is the probed host's environment (for a
    replayed host, the recorded one), never read from ``os.environ`` by collectors."""

    runner: CommandRunner
    files: HostFiles
    env: Mapping[str, str]
    timeout_s: float = DEFAULT_TIMEOUT_S


class Collected(msgspec.Struct, frozen=True, kw_only=True):
    """One collector's findings; collectors return data and never raise for absence."""

    facts: tuple[Fact, ...] = ()
    accelerators: tuple[Accelerator, ...] = ()
    toolkits: tuple[Toolkit, ...] = ()
    pythons: tuple[PythonInstall, ...] = ()


Collector = Callable[[ProbeContext], Collected]
"""A function that looks at one area of the host (host, toolchain, pythons, ascend, cuda)."""
