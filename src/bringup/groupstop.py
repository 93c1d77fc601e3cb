"""Stopping a command's whole process group (``bringup.process``): the escalation from
interrupt or terminate to kill with a grace period between, and, at bringup's exit, the
commands a thread still runs. Apart from the runner, which reads output and keeps time."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
import time

_ESCALATION = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)


_EXIT_GRACE_S = 0.5
"""At exit, how long the commands still running have to end after SIGTERM before SIGKILL."""


class Stopping:
    """The signals still to send to a command's group, and when the next one is due."""

    def __init__(self, first: signal.Signals, now: float, grace: float) -> None:
        self.pending = list(_ESCALATION[_ESCALATION.index(first) :])
        self.due = now
        self._grace = grace

    def step(self, process: subprocess.Popen[bytes], now: float) -> bool:
        """Send what is due; ``False`` once the group was killed and its grace is over (the
        output pipes, if some escaped process still holds them, are abandoned)."""
        if process.poll() is not None and self.pending:
            # The leader is gone: what is left of its group gets no more patience.
            self.pending = [signal.SIGKILL]
            self.due = now
        if now < self.due:
            return True
        if not self.pending:
            return False
        signal_group(process, self.pending.pop(0))
        self.due = now + self._grace
        return True


RUNNING: set[subprocess.Popen[bytes]] = set()
"""The commands started and not yet stopped or done, whichever thread runs them."""


@atexit.register
def stop_left_running() -> None:
    """At exit, stop the commands a thread still runs (the background probe's vendor tools
    when the scan beside it was interrupted): each is in its own session, so nothing else
    would, and a hung ``npu-smi`` would outlive bringup. Terminate, up to half a second,
    then kill the whole group, as ``_pump`` does: what of it outlived its leader (a child that
    ignores terminate) goes too. The kernel keeps a process group's id from being reused while
    any member lives, so the kill reaches this group or none."""
    left = list(RUNNING)
    for process in left:
        signal_group(process, signal.SIGTERM)
    due = time.monotonic() + _EXIT_GRACE_S
    for process in left:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.0, due - time.monotonic()))
        signal_group(process, signal.SIGKILL)


def signal_group(process: subprocess.Popen[bytes], signum: signal.Signals) -> None:
    """Send ``signum`` to the command's whole process group (its session's leader group);
    a group already gone is fine."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


def stop_now(process: subprocess.Popen[bytes], first: signal.Signals, grace: float) -> None:
    """Stop the command's group, waiting here: ``first``, then terminate, then kill, each
    polite signal followed by up to ``grace`` seconds for the command to exit."""
    order = _ESCALATION[_ESCALATION.index(first) :]
    for signum in order:
        signal_group(process, signum)
        if signum == signal.SIGKILL:
            return
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            continue
        signal_group(process, signal.SIGKILL)  # the leader is gone: what is left of its group
        return
