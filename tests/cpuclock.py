"""The clock of the tests' blow-up guards: CPU seconds of this process and of the children it
has waited for. A guard bounds the work a hostile input costs; wall-clock time also counts what
other processes on the machine take, so a loaded machine failed guards the code passed (sessions
with eight suites on two cores). Timings themselves belong in bench/, not in tests."""

from __future__ import annotations

import os


def cpu_seconds() -> float:
    """User and system CPU seconds of this process and its waited-for children, so far."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system
