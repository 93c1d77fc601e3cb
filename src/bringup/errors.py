"""The project's exceptions and exit codes.

Anything that escapes a command and is not a ``StackError`` is a bug in bringup; the CLI shows
its traceback. A ``StackError`` is the user's problem, shown as one ``ERROR`` line and an
optional ``TIP`` line.
"""

from __future__ import annotations

import enum
from typing import Optional


class ExitCode(enum.IntEnum):
    """Exit codes every command shares; the JSON envelope repeats them."""

    OK = 0
    """Everything asked for holds (or runs)."""
    PROBLEMS = 1
    """The command worked and found something blocked or failing."""
    BAD_INPUT = 2
    """Usage error, a path that does not exist, a malformed manifest or overlay."""
    INTERNAL = 3
    """A bug in bringup (a traceback is shown)."""
    INTERRUPTED = 130
    """Ctrl-C."""
    TERMINATED = 143
    """SIGTERM (a cancelled CI job, ``timeout``, Kubernetes, systemd), handled as Ctrl-C is."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: raised where Ctrl-C's ``KeyboardInterrupt`` would be, so that every
    place that stops its work for Ctrl-C (a running step's process group, the run's history
    row) does so for SIGTERM too."""


class StackError(Exception):
    """Base of bringup's own errors: ``message`` says what, ``hint`` what to do about it."""

    exit_code: ExitCode = ExitCode.BAD_INPUT

    def __init__(self, message: str, *, hint: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        cause = self.__cause__
        if cause is not None and not isinstance(cause, StackError):
            return f"{self.message}: {cause}"
        return self.message


class InputError(StackError, ValueError):
    """Bad input from the user: a missing path, an unreadable or malformed file.

    ``path``, ``line`` and ``column`` locate the fault when it is in a file; ``excerpt`` is the
    offending line, shown with a caret under ``column`` (``width`` carets to underline a span).
    """

    def __init__(
        self,
        message: str,
        *,
        path: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        excerpt: Optional[str] = None,
        hint: Optional[str] = None,
        width: int = 1,
    ) -> None:
        super().__init__(message, hint=hint)
        self.path = path
        self.line = line
        self.column = column
        self.excerpt = excerpt
        self.width = max(1, width)

    @property
    def location(self) -> str:
        if self.path is None:
            return ""
        parts = [self.path]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if self.location else self.message
        if self.excerpt is not None:
            shown, column, width = _window(self.excerpt, self.column, self.width)
            text += "\n    " + shown
            if column is not None:
                text += "\n    " + " " * (column - 1) + "^" * width
        return text


class InputErrors(InputError):
    """Several problems in one file, said together (a manifest with five mistakes is fixed
    in one round, not five). Located as its first problem, so a reader of one error (the JSON
    envelope's ``file``/``line``/``column``) still has a place; ``problems`` holds them all."""

    def __init__(self, problems: list[InputError]) -> None:
        first = problems[0]
        super().__init__(
            f"{len(problems)} problems; the first: {first.message}",
            path=first.path,
            line=first.line,
            column=first.column,
            excerpt=first.excerpt,
            hint=first.hint,
            width=first.width,
        )
        self.problems = tuple(problems)

    def __str__(self) -> str:
        head = f"{self.path}: " if self.path else ""
        said = [f"{head}{len(self.problems)} problems"]
        said += [f"  {line}" for problem in self.problems for line in str(problem).splitlines()]
        return "\n".join(said)


EXCERPT_WIDTH = 100
"""The most characters of an offending line an error shows: a 5,000-character line (a
deep ``[a.a.a…]`` header, minified data) is cut to a window around the caret."""


def _window(line: str, column: Optional[int], width: int) -> tuple[str, Optional[int], int]:
    """``line`` cut to ``EXCERPT_WIDTH`` around ``column`` (``…`` where cut), with the column
    and caret width moved to match."""
    if len(line) <= EXCERPT_WIDTH:
        return line, column, width
    at = (column or 1) - 1
    start = max(0, min(at - EXCERPT_WIDTH // 3, len(line) - EXCERPT_WIDTH))
    end = start + EXCERPT_WIDTH
    head = "…" if start else ""
    shown = head + line[start:end] + ("…" if end < len(line) else "")
    if column is None:
        return shown, None, width
    moved = column - start + len(head)
    return shown, moved, max(1, min(width, EXCERPT_WIDTH - (at - start)))


class KnowledgeBaseError(InputError):
    """A knowledge-base file that does not load or validate; names the record and field."""

    def __init__(
        self,
        message: str,
        *,
        path: Optional[str] = None,
        line: Optional[int] = None,
        record_id: Optional[str] = None,
        field: Optional[str] = None,
    ) -> None:
        where = ", ".join(
            part
            for part in (
                f"record {record_id!r}" if record_id else "",
                f"field {field!r}" if field else "",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message, path=path, line=line)
        self.record_id = record_id
        self.field = field


class ProbeError(StackError):
    """The probe itself cannot work (an unreadable sysroot, a broken replay file). A probe
    that merely fails to read something yields a fact instead, never this."""
