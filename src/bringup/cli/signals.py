"""SIGTERM handled as Ctrl-C is. CI runners cancelling a job, ``timeout``, Kubernetes and
systemd send SIGTERM; its default action ends bringup at once, leaving a step's process group
running and its run "running" in the history for ever. Raised as ``Terminated`` (a
``KeyboardInterrupt``), it takes Ctrl-C's path instead: steps stopped, run recorded as
interrupted, the envelope printed, exit 143."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Optional

from bringup.errors import Terminated


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While the command runs, SIGTERM raises ``Terminated`` in the main thread, once: a second
    SIGTERM must not cut short the stopping the first one began (SIGKILL still ends it)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (a command run in a test's thread)
        return

    def later(signum: int, frame: Optional[FrameType]) -> None:
        """Stopping is under way."""

    def first(signum: int, frame: Optional[FrameType]) -> None:
        signal.signal(signal.SIGTERM, later)
        raise Terminated

    previous = signal.signal(signal.SIGTERM, first)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
