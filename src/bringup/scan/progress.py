"""How a long walk reports where it is: the scan calls a ``Progress`` per directory; drawing
it is the caller's (``bringup.report.progress`` draws a line on a terminal)."""

from __future__ import annotations

from typing import Callable, Optional

Progress = Callable[[int, str], None]
"""Called per directory walked: files seen so far, the directory. A progress with a
``done()`` method is told when the walk ends."""


def finish(progress: Optional[Progress]) -> None:
    """Tell ``progress`` the walk ended, if it wants to know (a terminal line to clear)."""
    done = getattr(progress, "done", None)
    if callable(done):
        done()
