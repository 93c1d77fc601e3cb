"""A ladder's progress as ``bringup.report.events`` events, so the ladder is shown by the same
``Reporter`` as every other long piece of work (a transient line on a terminal, nothing on a
pipe, JSON lines for a program): each rung that runs is one stage."""

from __future__ import annotations

from typing import Callable, Optional

from bringup.ladder.model import Level, Rung, RungResult
from bringup.report.events import Finished, Reporter, Stage, Started


class EventLadderReporter:
    """A ``LadderReporter`` over a ``Reporter``: ``Started`` when a rung begins,
    ``Finished`` (its time, whether it passed) when it ends; ``on_result`` gets every result,
    blocked rungs included (the CLI prints each rung's lines as it finishes)."""

    def __init__(
        self, reporter: Reporter, on_result: Optional[Callable[[RungResult], None]] = None
    ) -> None:
        self.reporter = reporter
        self.on_result = on_result
        self._running: dict[str, Stage] = {}

    def rung_started(self, rung: Rung, level: Level) -> None:
        expected = rung.expected(level)
        about = f" (~{expected:.0f} s)" if expected else ""
        stage = Stage("ladder", f"rung {rung.id}{about}")
        self._running[rung.id] = stage
        self.reporter.emit(Started(stage))

    def rung_finished(self, result: RungResult) -> None:
        stage = self._running.pop(result.rung, None)
        if stage is not None:
            self.reporter.emit(Finished(stage, result.seconds, result.passed))
        if self.on_result is not None:
            self.on_result(result)
