"""The event stream of long work (check today; ``up`` and ``ladder`` next): the workflow
emits events, a ``Reporter`` shows them. The base ``Reporter`` drops everything, so library
callers pay nothing; the CLI picks one with ``reporter_for``.

- ``PlainReporter``: warnings as ``WARNING:`` lines, nothing else (a pipe, a log file).
- ``TerminalReporter``: the same, plus one transient progress line while a stage runs.
- ``JsonReporter``: one JSON object per event and line, for a program reading along.
- ``RecordingReporter``: keeps the events, for tests and for a report written afterwards.

None of them imports Rich.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable, TextIO, Union

import msgspec

LOG = logging.getLogger(__name__)
"""A debug line per stage (``-v``): which part of a command took the time."""


class Stage(msgspec.Struct, frozen=True, omit_defaults=True):
    """A named piece of long work (``scan``, ``probe``, ``kb``, ``solve``, ``plan``) and
    what it is doing, in a few words."""

    name: str
    text: str
    long: bool = False
    """Work that may take minutes (a solve of thousands of requirements): said where no
    progress line is drawn too (a CI log), so that a job running long is seen at work."""


class Started(msgspec.Struct, frozen=True, tag="started"):
    stage: Stage


class Finished(msgspec.Struct, frozen=True, tag="finished"):
    stage: Stage
    seconds: float
    ok: bool = True


class Warned(msgspec.Struct, frozen=True, tag="warning"):
    """Something the user should know that does not stop the work."""

    text: str


Event = Union[Started, Finished, Warned]

Progress = Callable[[int, str], None]
"""Called as counted work goes on (the scan: files seen so far, the directory it is in)."""


def _ignore(count: int, where: str) -> None:
    """Progress nobody is shown."""


class Reporter:
    """Receives the events of long work; this base ignores them."""

    def emit(self, event: Event) -> None:
        """Show or keep one event."""

    @contextmanager
    def stage(self, stage: Stage) -> Iterator[None]:
        """``Started`` now, ``Finished`` (with its time, and whether it raised) after."""
        self.emit(Started(stage))
        start = time.perf_counter()
        ok = False
        try:
            yield
            ok = True
        finally:
            took = time.perf_counter() - start
            LOG.debug("%s: %s: %.2f s%s", stage.name, stage.text, took, "" if ok else ", stopped")
            self.emit(Finished(stage, took, ok))

    def progress(self, stage: Stage) -> Progress:
        """Where counted work inside ``stage`` reports how far it is; ignored here."""
        return _ignore


class RecordingReporter(Reporter):
    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)


class PlainReporter(Reporter):
    """Warnings only, one ``WARNING:`` line each, on ``stream`` (stderr by default)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr

    def emit(self, event: Event) -> None:
        from bringup.report.sanitize import printable

        if isinstance(event, Warned):
            self.stream.write(f"WARNING: {printable(event.text)}\n")
        elif isinstance(event, Started) and event.stage.long:
            self.stream.write(f"bringup: {printable(event.stage.text)} ...\n")
            self.stream.flush()


class TerminalReporter(PlainReporter):
    """Warnings, and while a stage runs one line saying what it does, rubbed out when it
    ends (so the answer on stdout reads the same with or without it)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self._shown = 0

    def emit(self, event: Event) -> None:
        self._clear()
        if isinstance(event, Started):
            from bringup.report.sanitize import printable

            text = printable(f"{event.stage.text} ...")
            self.stream.write(text)
            self.stream.flush()
            self._shown = len(text)
        else:
            super().emit(event)

    def progress(self, stage: Stage) -> Progress:
        """The scan's own progress line (``scanning: N files seen, in DIR``, after a
        second), on the same line this reporter uses."""
        from bringup.report.progress import TerminalProgress

        return TerminalProgress(self.stream)

    def _clear(self) -> None:
        if self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self._shown = 0


class JsonReporter(Reporter):
    """Each event as one line of JSON (``{"type": "started", "stage": {...}}``)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self._encoder = msgspec.json.Encoder()

    def emit(self, event: Event) -> None:
        self.stream.write(self._encoder.encode(event).decode("utf-8") + "\n")
        self.stream.flush()


def reporter_for(stream: TextIO | None = None) -> Reporter:
    """The reporter a command uses on ``stream`` (stderr): progress on a terminal, only
    warnings anywhere else."""
    target = stream if stream is not None else sys.stderr
    isatty = getattr(target, "isatty", None)
    if isatty is not None and isatty():
        return TerminalReporter(target)
    return PlainReporter(target)
