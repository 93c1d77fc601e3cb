"""From a rung program's run (``bringup.process.Completed``) to its evidence, or to the
judgement that there is none to read: it hung (killed at its timeout), it crashed (a signal
ended the interpreter), it never started, or it printed something that is not one JSON object.
Pure."""

from __future__ import annotations

import json
import signal
from typing import Union

from bringup.ladder.model import Evidence, Judgement
from bringup.process import Completed

TAIL_LINES = 12
"""Lines of a program's output kept in a reason's details."""


def tail(text: str, lines: int = TAIL_LINES) -> tuple[str, ...]:
    """The last ``lines`` non-empty lines of ``text``, each cut to 300 characters."""
    kept = [line.rstrip()[:300] for line in text.splitlines() if line.strip()]
    return tuple(kept[-lines:])


def read_evidence(done: Completed) -> Union[Evidence, Judgement]:
    """The evidence object the program printed last on stdout, or why there is none."""
    if done.timed_out:
        return Judgement(
            verdict="FAIL",
            phase="timeout",
            reason=f"no answer after {done.duration_s:.0f} s: killed at its timeout "
            "(a hung driver, runtime or collective)",
            details=tail(done.stderr or done.stdout),
            error_text=done.stderr,
        )
    if done.error is not None:
        return Judgement(verdict="ERROR", phase="start", reason=f"could not run: {done.error}")
    if done.returncode is not None and done.returncode < 0:
        return Judgement(
            verdict="FAIL",
            phase="crash",
            reason=f"the interpreter died from {signal_name(-done.returncode)}",
            details=tail(done.stderr),
            error_text=done.stderr,
        )
    found = last_json_object(done.stdout)
    if found is None:
        said = f"exit status {done.returncode}; " if done.returncode else ""
        return Judgement(
            verdict="ERROR",
            phase="output",
            reason=f"{said}printed no JSON evidence on stdout",
            details=tail(done.stdout) or tail(done.stderr),
            error_text=done.stderr,
        )
    return found


def last_json_object(stdout: str) -> Union[Evidence, None]:
    """The last stdout line that is a JSON object (libraries may print before it)."""
    for line in reversed(stdout.splitlines()):
        text = line.strip()
        if not text.startswith("{"):
            continue
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def signal_name(number: int) -> str:
    try:
        return f"{signal.Signals(number).name} (signal {number})"
    except ValueError:
        return f"signal {number}"
