"""What a long walk says while it runs: nothing for the first second (most scans end
sooner), then one line on stderr, rewritten in place, when stderr is a terminal. A pipe or a
file gets nothing, so ``--json`` output and logs stay clean."""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional, TextIO

from bringup.report.sanitize import printable

DELAY_S = 1.0


class TerminalProgress:
    """A scan ``Progress`` that writes ``scanning: N files seen, in DIR`` to a terminal at most
    ten times a second, starting ``DELAY_S`` after it was made; ``done`` clears the line."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.start = clock()
        self.last = 0.0
        self.shown = False

    def __call__(self, files_seen: int, directory: str) -> None:
        now = self.clock()
        if now - self.start < DELAY_S or now - self.last < 0.1:
            return
        self.last = now
        place = printable(directory)
        if len(place) > 60:
            place = "..." + place[-57:]
        self.stream.write(f"\r\x1b[Kscanning: {files_seen:,} files seen, in {place}")
        self.stream.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def terminal_progress(stream: Optional[TextIO] = None) -> Optional[TerminalProgress]:
    """A ``TerminalProgress`` on stderr when it is a terminal, else None."""
    target = stream if stream is not None else sys.stderr
    isatty = getattr(target, "isatty", None)
    return TerminalProgress(target) if isatty is not None and isatty() else None
