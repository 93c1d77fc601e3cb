"""``bringup up`` on the terminal: the commands awaiting consent, the progress of the steps
(a live display on a terminal, one plain line per step anywhere else) and the summary with
every failure's phase, log tail, diagnosis and re-run command. Every line written goes
through ``console.safe`` (secrets redacted, control sequences made visible), the plain
stream of a pipe or a CI log as much as the terminal."""

from __future__ import annotations

import shlex
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Optional, TextIO

from bringup.model.plan import PlanStep
from bringup.report.action_wording import action_text
from bringup.report.commandline import shown_step
from bringup.report.console import safe
from bringup.report.document import Block, Document, Paragraph, Verbatim, section, text
from bringup.report.styled import Line
from bringup.report.wording import counted
from bringup.run.outcome import EnvironmentOutcome, Failure, RunOutcome, StepOutcome

if TYPE_CHECKING:
    from rich.live import Live
    from rich.text import Text

_MARK = {
    "passed": "ok",
    "reused": "reused",
    "failed": "FAILED",
    "timed out": "TIMED OUT",
    "interrupted": "interrupted",
    "not run": "not run",
    "skipped": "skip",
    "blocked": "blocked",
}


_WIDTH = 96
"""Characters of one line of a command in the consent list: one environment's install of
InternVL's 181 pins was one line of 3,000 to 6,000 characters (outside tester 25, D10)."""


def spelled(command: str) -> list[str]:
    """``command`` in lines of at most ``_WIDTH`` characters (a word longer stays whole), its
    ``(environment 1)`` label in front: every word shown, since the user consents to all of it;
    "+6 more (--json lists them all)" hid gpustat's pynvml install (outsider19 D17)."""
    label, _, rest = command.partition(") ") if command.startswith("(") else ("", "", command)
    rest, said, note = rest.partition(_NOTE)  # what bringup says beside it is kept whole
    try:
        words = [shlex.quote(word) for word in shlex.split(rest)]
    except ValueError:
        return [command]
    lines = [f"{label})" if label else ""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > _WIDTH:
            lines.append("  " + word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    if said:
        lines.append(f"  # {note}" if len(lines) > 1 else f"{lines.pop()}{said}{note}")
    return lines


_NOTE = "  # "
"""Where a consent line's note starts: a shell comment after the command (``run.consent``)."""


def consent_text(found: Mapping[str, Sequence[str]]) -> str:
    lines = ["bringup up would run these commands from the repos, which are not marked trusted:"]
    for repo, commands in found.items():
        lines.append(f"  {safe(repo)}")
        lines += [f"    {safe(line)}" for c in commands for line in spelled(c)]
    lines.append(
        "Run again with --yes to run them, or set `trusted = true` in a repo's bringup.toml."
    )
    return "\n".join(lines) + "\n"


def _line(outcome: StepOutcome, done: int, total: int) -> str:
    took = f" ({outcome.duration_s:.1f} s)" if outcome.duration_s is not None else ""
    shows = ("skipped", "blocked", "passed")  # a pass's reason: why it was not reused
    why = f": {outcome.reason}" if outcome.reason and outcome.status in shows else ""
    if outcome.status == "blocked" and outcome.actions:
        why += "; next: " + "; ".join(action_text(a) for a in outcome.actions)
    return safe(
        f"[{done}/{total}] {_MARK[outcome.status]:<8} {outcome.component}: "
        f"{shown_step(outcome.argv, 'bringup history')}{took}{why}"
    )


def environment_line(outcome: EnvironmentOutcome) -> str:
    """``environment N: STATUS: ...``; one made anew where another stood says what it replaced,
    whose packages went with it (outsider13 D2: a Python changed on PATH wiped env-1 in silence)."""
    what = outcome.error or f"Python {outcome.python} at {outcome.path}"
    if outcome.replaced:
        what += f" (replaced {outcome.replaced} there, and what was installed in it)"
    if outcome.detour:
        what += (
            f"; the index {outcome.detour} did not answer: uv stops there where pip reads the "
            "other indexes and find-links of your settings, so it came from those"
        )
    if outcome.torch_detour:
        what += (
            f"; the PyTorch index {outcome.torch_detour} did not answer: uv stops there, so "
            f"torch came from your other indexes{_torch_got(outcome.torch_detour_got)}"
        )
    if outcome.beside and not outcome.error:
        what += f" (beside env-{outcome.index} on {outcome.beside}, kept for that interpreter)"
    return f"environment {outcome.index}: {outcome.status}: {what}"


def _torch_got(version: Optional[str]) -> str:
    """What the other indexes gave: the version the environment holds, its build where its
    local label names one (``+cpu``); PyPI's torch wheels carry none and are its CUDA builds."""
    if not version:
        return ""
    if "+" in version:
        return f": torch {version}"
    return f": torch {version} (PyPI's is its CUDA build)"


class PlainProgress:
    """One line per finished step (a pipe, a log file, CI)."""

    def __init__(self, total: int, stream: Optional[TextIO] = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stdout
        self.done = 0
        self._lock = threading.Lock()

    def environment(self, outcome: EnvironmentOutcome) -> None:
        with self._lock:
            self.stream.write(safe(environment_line(outcome)) + "\n")
            self.stream.flush()

    def start(self, step: PlanStep) -> None:
        """Nothing: a plain stream says each step once, when it ends."""

    def end(self, outcome: StepOutcome) -> None:
        with self._lock:
            self.done += 1
            self.stream.write(_line(outcome, self.done, self.total) + "\n")
            self.stream.flush()

    def close(self) -> None:
        """A blank line after the steps, to set them apart from the summary."""
        if self.done:
            self.stream.write("\n")


class TerminalProgress(PlainProgress):
    """Finished steps as lines, and below them a live line per running step with its elapsed
    time and the count done/total (Rich)."""

    def __init__(self, total: int) -> None:
        super().__init__(total)
        from rich.live import Live

        from bringup.report.console import RichWriter

        self._running: dict[tuple[str, str], float] = {}
        self._writer = RichWriter(self.stream)
        self._live: Live = Live(
            get_renderable=self._view,
            console=self._writer.console,
            refresh_per_second=4,
            transient=True,
        )
        self._live.start()

    def _view(self) -> Text:
        from rich.text import Text

        now = time.monotonic()
        lines = [
            f"  running {safe(c)}: {safe(n)}  {now - t:.0f} s"
            for (c, n), t in list(self._running.items())
        ]
        lines.append(f"  {self.done}/{self.total} steps done")
        return Text("\n".join(lines))

    def environment(self, outcome: EnvironmentOutcome) -> None:
        self._writer.print(Line(environment_line(outcome)))

    def start(self, step: PlanStep) -> None:
        with self._lock:
            self._running[(step.component, step.name)] = time.monotonic()

    def end(self, outcome: StepOutcome) -> None:
        with self._lock:
            self._running.pop((outcome.component, outcome.name), None)
            self.done += 1
            self._writer.print(Line(_line(outcome, self.done, self.total)))

    def close(self) -> None:
        self._live.stop()
        super().close()


def summary_document(outcome: RunOutcome) -> Document:
    """The failures in full (phase, reason, log, its last lines, the diagnosis, the re-run
    command), then the counts, the run id and where the logs are."""
    document = Document(Line())
    for item in outcome.submodules:
        why = f": {item.reason}" if item.reason else ""
        log = f" (log: {item.log_path})" if item.status == "failed" and item.log_path else ""
        said = f"submodule {item.path} of {item.component}: {item.status}{why}{log}"
        document.add(Paragraph(Line(said)))
    covered = _by_cause(outcome.steps)
    tails: dict[tuple[Optional[str], ...], set[tuple[str, ...]]] = {}
    for step in outcome.steps:
        failure = step.failure
        if failure is None:
            continue
        title = f"{step.component}: step {step.order} ({step.name}) {step.status}"
        lines: list[Optional[Block]] = [
            Paragraph(Line(step.reason)) if step.reason else None,
            Paragraph(text("log: ", (step.log_path, "code"))) if step.log_path else None,
        ]
        first = covered[_cause(failure)][0] if failure.diagnosis else step
        # a log's last lines are the step's own evidence: written unless a step of the same
        # cause wrote the same lines (two compilers' different errors share one cause, o20b)
        shown = tails.setdefault(_cause(failure), set()) if failure.diagnosis else set()
        if failure.tail and failure.tail not in shown:
            shown.add(failure.tail)
            lines += [
                Paragraph(Line(f"last {counted(len(failure.tail), 'line')}:")),
                Verbatim(failure.tail),
            ]
        if first is not step:  # the cause is written once, at its first step
            lines.append(Paragraph(Line(f"probable cause: the same as {_named(first)}")))
            lines.append(Paragraph(text("re-run: ", (failure.rerun, "code"))))
            document.add(section(f"{title} in its {failure.phase} phase", *lines))
            continue
        if failure.diagnosis:
            lines.append(Paragraph(Line(f"probable cause: {failure.diagnosis}")))
            if failure.fix:
                lines.append(Paragraph(Line(f"fix: {failure.fix}")))
            if failure.diagnosis_source:
                lines.append(Paragraph(Line(f"source: {failure.diagnosis_source}")))
        lines.append(Paragraph(text("re-run: ", (failure.rerun, "code"))))
        document.add(section(f"{title} in its {failure.phase} phase", *lines))
    document.add(*_shared_causes(covered))
    counts: dict[str, int] = {}
    for step in outcome.steps:
        counts[step.status] = counts.get(step.status, 0) + 1
    said = ", ".join(f"{n} {s}" for s, n in counts.items()) or (
        "no steps here: a repo needs other hardware, as `bringup check` says"
        if outcome.status == "nothing ran"
        else "no steps"
    )
    if not outcome.steps and outcome.environments:  # the installs were the plan
        said += "; " + ", ".join(f"environment {e.index} {e.status}" for e in outcome.environments)
    elif outcome.status == "nothing ran" and outcome.steps:
        # the installs `check` named wait for a step that runs here: none were done (outsider40
        # D14: attorch's one step needed a GPU; torch and triton were not installed)
        said += "; no environment made, nothing installed"
    ran = f"run {outcome.run_id}: {outcome.status} ({said}); history and logs in "
    document.add(Paragraph(text(ran, (outcome.state_dir, "code"))))
    return document


def _cause(failure: Failure) -> tuple[Optional[str], ...]:
    """What makes two failures' diagnoses one: the same cause, fix and source."""
    return (failure.phase, failure.diagnosis, failure.fix, failure.diagnosis_source)


def _named(step: StepOutcome) -> str:
    return f"step {step.order} ({step.component}: {step.name})"


def _by_cause(steps: Sequence[StepOutcome]) -> dict[tuple[Optional[str], ...], list[StepOutcome]]:
    """The failed steps with a diagnosis, by probable cause (``_cause``), in their order."""
    covered: dict[tuple[Optional[str], ...], list[StepOutcome]] = {}
    for step in steps:
        if step.failure is not None and step.failure.diagnosis:
            covered.setdefault(_cause(step.failure), []).append(step)
    return covered


def _shared_causes(
    covered: dict[tuple[Optional[str], ...], list[StepOutcome]],
) -> list[Paragraph]:
    """One line per probable cause that several failed steps share (``_by_cause``), with the
    steps it covers: bringup's own `up` on nvmath-python printed one missing module's diagnosis
    18 times, ~390 lines (outsider 20 D18)."""
    return [
        Paragraph(
            Line(
                f"{len(group)} failed steps share one probable cause ({cause[1]}): "
                f"steps {', '.join(str(s.order) for s in group)}"
            )
        )
        for cause, group in covered.items()
        if len(group) > 1
    ]
