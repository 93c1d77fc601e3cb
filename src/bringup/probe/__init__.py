"""The only code that looks at the live host: a command runner, host files under a sysroot,
and collectors that turn what they see into facts."""

from bringup.probe.context import Collected, Collector, ProbeContext
from bringup.probe.files import HostFiles, Sysroot
from bringup.probe.snapshot import collect
from bringup.process import (
    DEFAULT_TIMEOUT_S,
    Budget,
    CommandRunner,
    Completed,
    SubprocessRunner,
)

__all__ = [
    "Collected",
    "Collector",
    "ProbeContext",
    "HostFiles",
    "Sysroot",
    "DEFAULT_TIMEOUT_S",
    "Budget",
    "CommandRunner",
    "Completed",
    "SubprocessRunner",
    "collect",
]
