"""Signals while a command runs (``bringup.cli.main`` sets them before and after it).

Ctrl-C raises ``KeyboardInterrupt``, reported where ``main`` catches it; SIGTERM is handled as
Ctrl-C is. CI runners cancelling a job, ``timeout``, Kubernetes and systemd send SIGTERM; its
default action ends bringup at once, leaving a step's process group running and its run
"running" in the history for ever. Raised as ``Terminated`` (a ``KeyboardInterrupt``), it
takes Ctrl-C's path instead: steps stopped, run recorded as interrupted, the envelope printed,
exit 143.

Neither is raised inside the import machinery's own code: there it can leave a module's import
lock held, and a thread importing beside it (the probe's) waits for ever. It is raised as soon
as the machinery has handed over to a module's code instead (looked for every 10 ms). A module's
own code is no such place (unless a C module's initialisation imports it): an exception raised
there unwinds through the machinery's cleanup (the module dropped from ``sys.modules``, its lock
released), as any error in a module does. Waiting instead for the whole import to end made
Ctrl-C wait on the slowest import tree, seconds where no ``.pyc`` is cached and the machine is
loaded (``bringup.solve``'s: 3-6 s).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Optional

from bringup.errors import Terminated

_POLL_S = 0.01


_MACHINERY = "<frozen importlib._bootstrap"
"""The file names of the import machinery's code (``_bootstrap``, ``_bootstrap_external``)."""


def _importing(frame: Optional[FrameType]) -> bool:
    """Whether ``frame``, where the signal found the main thread, is the import machinery's
    own code, or runs inside a C module's initialisation (which may import Python modules:
    ``_decimal`` imports ``numbers``; stopped there, it is initialised again by the next
    ``import decimal``, and libmpdec writes a warning to stderr)."""
    if frame is not None and frame.f_code.co_filename.startswith(_MACHINERY):
        return True
    while frame is not None:
        code = frame.f_code
        # what the machinery calls: ``exec`` of a module's code, or ``_imp``'s C initialisers
        if (
            code.co_name == "_call_with_frames_removed"
            and code.co_filename.startswith(_MACHINERY)
            and getattr(frame.f_locals.get("f"), "__module__", None) == "_imp"
        ):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def command_signals() -> Iterator[None]:
    """While the command runs, Ctrl-C raises ``KeyboardInterrupt`` and SIGTERM ``Terminated``
    in the main thread (a second SIGTERM must not cut short the stopping the first one began;
    SIGKILL still ends it), each outside the import machinery's code and C modules'
    initialisation."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (a command run in a test's thread)
        return
    pending: list[type[KeyboardInterrupt]] = []

    def stop(reason: type[KeyboardInterrupt], frame: Optional[FrameType]) -> None:
        if _importing(frame):
            pending[:] = [reason]
            signal.setitimer(signal.ITIMER_REAL, _POLL_S)
            return
        pending.clear()
        raise reason

    def interrupted(signum: int, frame: Optional[FrameType]) -> None:
        stop(KeyboardInterrupt, frame)

    def terminated(signum: int, frame: Optional[FrameType]) -> None:
        signal.signal(signal.SIGTERM, later)
        stop(Terminated, frame)

    def later(signum: int, frame: Optional[FrameType]) -> None:
        """Stopping is under way."""

    def again(signum: int, frame: Optional[FrameType]) -> None:
        if pending:
            stop(pending[0], frame)

    previous = {
        signum: signal.signal(signum, handler)
        for signum, handler in (
            (signal.SIGINT, interrupted),
            (signal.SIGTERM, terminated),
            (signal.SIGALRM, again),
        )
    }
    try:
        yield
        if pending:  # the command ended inside the import the signal waited on
            raise pending[0]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
