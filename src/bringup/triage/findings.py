"""What the scan notes besides signatures, for the fallback (``bringup.triage.fallback``):
error codes, Python exceptions with the frames they were raised in, failure lines of known
components, and any line that reports a failure (with the lines after it, whose words often
say where it happened).

These are found by ``Observer`` expressions that run in the same pass as the signatures (the
prefilter names them like any pattern). Frames are not: most lines of a long log with
tracebacks are frames, so the frames of an exception are read only when one is found, from
the ``FRAMES_WINDOW`` bytes before it. Memory stays bounded whatever the log: the first
``MAX_CODES`` distinct codes, the first ``MAX_EXCEPTIONS`` exceptions and the last one, the
last ``triage.frames.MAX_FRAMES`` frames before each exception, the first line of each line
rule, the first ``MAX_FAILURES`` failure lines (of at most ``MAX_FAILURE_LINES`` read).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Optional

from bringup.triage.frames import PREFIX, package_of

CODE, EXCEPTION, CHAIN, LINE, FAILURE = "code", "exception", "chain", "line", "failure"
MARK = "mark"
"""A line that says what the job was doing (``Findings.marks``), read wherever it is."""
VERSION = "version"
"""A line that may state a version in use (``Findings.versions``, ``triage.versionpairs``)."""
OBSERVER_ROLES = frozenset({CODE, EXCEPTION, CHAIN, LINE, FAILURE, MARK, VERSION})

STATED_PREFIX = "class."
"""The ids of the rules of a cause class the log states in its own words (the fallback's
``tier = "class"``): such a line rule is read in every log, beside its codes and exceptions."""

MAX_CODES = 32
MAX_EXCEPTIONS = 8
FRAMES_WINDOW = 8 << 10
MAX_FAILURES = 8
MAX_QUIETED = 4
"""How many warnings with a failure's words that ``quiet`` silenced are kept (the first ones)."""
MAX_FAILURE_LINES = 256
MAX_VERSIONS = 48
FOLLOWING_BYTES = 320
"""A failure line keeps up to this many bytes of the (at most two) lines after it."""

EXCEPTION_PATTERN = (
    r"(?m)^[ \t]*" + PREFIX + r"(?P<exc>(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*"
    r"(?:Error|Exception|Failure|Interrupt))(?:: (?P<msg>[^\n]*))?$"
)
CHAIN_PATTERN = (
    r"(?:During handling of the above exception, another exception occurred"
    r"|The above exception was the direct cause of the following exception)"
)
PYTEST_PATTERN = (
    r"(?m)^[ \t]*(?:FAILED|ERROR) [^ \n]+ - (?P<exc>(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*"
    r"(?:Error|Exception|Failure))(?:: (?P<msg>[^\n]*))?$"
)
"""pytest's summary line of a failed test: ``FAILED tests/x.py::test - RuntimeError: ...``."""
PYTEST = "pytest"

Frames = Callable[[], tuple[str, ...]]


class Traceback(NamedTuple):
    """What is read of the traceback printed before an exception line: its frames' files
    (``frames_before``), the source line under the innermost (``call_before``) and the layer
    they show the process in (``bringup.triage.phase``), or ''."""

    frames: tuple[str, ...]
    call: str
    phase: str


NO_TRACEBACK = Traceback((), "", "")
Read = Callable[[], Traceback]


def no_traceback() -> Traceback:
    return NO_TRACEBACK


class Observer(NamedTuple):
    """An expression the scan runs for the fallback: its role, and whose it is (a code
    catalogue's name, a line rule's id; empty for the traceback expressions, ``pytest`` for
    pytest's summary lines; for failure lines, the expression of the lines that only look
    like one and the expression of the warnings among them, ``quiet_owner``)."""

    role: str
    owner: str
    pattern: str


_WARNING_SEPARATOR = "\0"


def quiet_owner(quiet: str, warning: str) -> str:
    """The owner of the failure lines' observer: the expression of the lines that only look
    like failures (``quiet``), and of the warnings among them (``warning``), which
    ``Findings.quieted`` keeps."""
    return f"{quiet}{_WARNING_SEPARATOR}{warning}" if warning else quiet


TRACEBACK_OBSERVERS = (
    Observer(EXCEPTION, "", EXCEPTION_PATTERN),
    Observer(EXCEPTION, PYTEST, PYTEST_PATTERN),
    Observer(CHAIN, "", CHAIN_PATTERN),
)


@dataclass
class CodeSighting:
    """A code a finder captured: which catalogue, looked up by which group, first line."""

    catalogue: str
    group: str
    value: str
    line: int
    text: str
    count: int = 1


@dataclass
class ExceptionSighting:
    """An exception line, the frames printed before it (innermost last) and whether it was
    raised while handling the exception before it (``chained``)."""

    line: int
    name: str
    message: str
    text: str
    frames: tuple[str, ...]
    chained: bool
    call: str = field(default="", compare=False)
    """The source line under the innermost frame: what it called when it raised."""
    phase: str = field(default="", compare=False)
    """The layer of what the process was doing when it raised, as its frames show (importing
    a module, opening the device, a collective: ``bringup.triage.phase``), or ''."""

    @property
    def nested(self) -> bool:
        return indented(self.text)

    @property
    def packages(self) -> tuple[str, ...]:
        """The installed package of each frame ('' for code outside site-packages and outside a
        checkout of a package installed in place)."""
        return tuple(package_of(path) for path in self.frames)


def indented(text: str) -> bool:
    """Whether an exception's line is indented: printed inside another tool's output (pip's
    build subprocess, a launcher's report), whose own failure line says more about the step
    that failed."""
    return text[:1] in (" ", "\t")


@dataclass
class LineSighting:
    rule: str
    line: int
    text: str
    preceding: str = field(default="", compare=False)
    """The line printed right before it (a line rule's: where a message printed under its
    location says it is, CMake's "CMake Error at <file>:<line> (<command>):")."""


@dataclass
class FailureSighting:
    """A line that reports a failure, and the lines printed right after it (context to
    read its words in, not a finding: read within the part of the log scanned, so a line
    that ends a part, in a parallel scan, has none; left out of comparisons)."""

    line: int
    text: str
    following: str = field(compare=False)
    preceding: str = field(default="", compare=False)
    """The line printed right before it: what ran when a process died without a message of its
    own (``bringup.triage.evidence.text``)."""


@dataclass
class Findings:
    codes: dict[tuple[str, str, str], CodeSighting] = field(default_factory=dict)
    exceptions: list[ExceptionSighting] = field(default_factory=list)
    last_exception: Optional[ExceptionSighting] = None
    lines: dict[str, LineSighting] = field(default_factory=dict)
    failures: list[FailureSighting] = field(default_factory=list)
    failure_lines: int = 0
    """How many failure lines were read (kept or not)."""
    quieted: list[FailureSighting] = field(default_factory=list)
    """The first warnings with a failure's words that ``quiet`` silenced (not an INFO line or
    a frame: the observer's ``quiet_owner``): the fallback reads them in a log with no failure
    line at all."""
    marks: dict[str, LineSighting] = field(default_factory=dict)
    """The first line of each mark (a kernel compiled while the job runs): unlike a line
    rule's, read after an exception too, and no diagnosis of its own."""
    versions: list[FailureSighting] = field(default_factory=list)
    """The first ``MAX_VERSIONS`` lines that may state a version, each with the lines after it."""
    _chained: bool = False
    _last_traceback: Optional[Read] = field(default=None, compare=False)

    def note(
        self,
        role: str,
        owner: str,
        groups: dict[str, str],
        line: int,
        text: str,
        *,
        traceback: Read = no_traceback,
        following: Frames = tuple,
    ) -> None:
        """Record one observer match (called in log order); ``traceback`` reads the traceback
        printed before an exception, ``following`` the line before a failure line and the
        lines after it, only for the exceptions and failure lines that are kept."""
        if role == CHAIN:
            self._chained = True
        elif role == EXCEPTION:
            pytest = owner == PYTEST
            self._exception(groups, line, text, no_traceback if pytest else traceback)
        elif role == FAILURE:
            self._failure(owner, line, text, following)
        elif role == CODE:
            self._code(owner, groups, line, text)
        elif role == LINE and owner not in self.lines:
            before = following()[:1]
            self.lines[owner] = LineSighting(owner, line, text, before[0] if before else "")
        elif role == MARK and owner not in self.marks:
            self.marks[owner] = LineSighting(owner, line, text)
        elif role == VERSION and self._new_version(line):
            prior, *after = following() or ("",)
            self.versions.append(FailureSighting(line, text, "\n".join(after), prior))

    def _new_version(self, line: int) -> bool:
        """Whether a line that may state a version is kept: there is room, and not yet."""
        room = len(self.versions) < MAX_VERSIONS
        return room and not (self.versions and self.versions[-1].line == line)

    def counted(self, role: str, owner: str, group: str, value: str) -> bool:
        """Whether a match of an observer that captures one ``group`` only adds to what is
        noted already (a code seen before: counted here; a failure line already found), so
        that its line need not be read."""
        if role == LINE:
            return owner in self.lines
        if role == MARK:
            return owner in self.marks
        if role == VERSION:
            return len(self.versions) >= MAX_VERSIONS
        if role == FAILURE:
            return self.failures_done()
        if role != CODE:
            return False
        seen = self.codes.get((owner, group, value.strip()))
        if seen is not None:
            seen.count += 1
        return seen is not None or not value.strip()

    def _exception(self, groups: dict[str, str], line: int, text: str, read: Read) -> None:
        keep = len(self.exceptions) < MAX_EXCEPTIONS
        traceback = read() if keep else NO_TRACEBACK
        sighting = ExceptionSighting(
            line,
            groups.get("exc", ""),
            groups.get("msg", "").strip(),
            text,
            traceback.frames,
            self._chained,
            traceback.call,
            traceback.phase,
        )
        self._chained = False
        if keep:
            self.exceptions.append(sighting)
        self.last_exception = sighting
        self._last_traceback = None if keep else read

    def failures_done(self) -> bool:
        """Whether no more failure lines are kept (enough kept, or enough read)."""
        return len(self.failures) >= MAX_FAILURES or self.failure_lines >= MAX_FAILURE_LINES

    def _failure(self, owner: str, line: int, text: str, following: Frames) -> None:
        """Keep a failure line, the line before it and the lines after it, unless ``quiet``
        (from the observer's owner, ``quiet_owner``: an expression for the lines that only
        look like failures, INFO and WARN lines) matches it (them: the lines after it); such
        a line is kept among the ``quieted`` when it is a warning."""
        if self.failures_done() or (self.failures and self.failures[-1].line == line):
            return
        self.failure_lines += 1
        quiet, _, warning = owner.partition(_WARNING_SEPARATOR)
        if quiet and re.search(quiet, text):
            if warning and not re.search(warning, text):
                return
            if len(self.quieted) < MAX_QUIETED and not (
                self.quieted and self.quieted[-1].line == line
            ):
                before, *around = following() or ("",)
                self.quieted.append(FailureSighting(line, text, "\n".join(around), before))
            return
        before, *around = following() or ("",)
        after = [t for t in around if not (quiet and re.search(quiet, t))]
        self.failures.append(FailureSighting(line, text, "\n".join(after), before))

    def _code(self, catalogue: str, groups: dict[str, str], line: int, text: str) -> None:
        for group, raw in groups.items():
            value = raw.strip()
            if not value:
                continue
            key = (catalogue, group, value)
            seen = self.codes.get(key)
            if seen is not None:
                seen.count += 1
            elif len(self.codes) < MAX_CODES:
                self.codes[key] = CodeSighting(catalogue, group, value, line, text)

    def extend(self, later: Findings, shift: int) -> None:
        """Add what a scan of the following part of the same log found (its lines start
        after ``shift`` lines of this one). Frames printed at the end of this part for an
        exception at the start of the next are not joined to it."""
        for key, sighting in later.codes.items():
            seen = self.codes.get(key)
            if seen is not None:
                seen.count += sighting.count
            elif len(self.codes) < MAX_CODES:
                self.codes[key] = replace(sighting, line=sighting.line + shift)
        for exception in later.all_exceptions():
            moved = replace(exception, line=exception.line + shift)
            if len(self.exceptions) < MAX_EXCEPTIONS:
                self.exceptions.append(moved)
            self.last_exception = moved
        for rule, line in later.lines.items():
            self.lines.setdefault(rule, replace(line, line=line.line + shift))
        for owner, line in later.marks.items():
            self.marks.setdefault(owner, replace(line, line=line.line + shift))
        room = max(0, MAX_FAILURES - len(self.failures))
        self.failures.extend(replace(f, line=f.line + shift) for f in later.failures[:room])
        self.failure_lines += later.failure_lines
        room = max(0, MAX_QUIETED - len(self.quieted))
        self.quieted.extend(replace(f, line=f.line + shift) for f in later.quieted[:room])
        room = max(0, MAX_VERSIONS - len(self.versions))
        self.versions.extend(replace(f, line=f.line + shift) for f in later.versions[:room])
        self._chained = later._chained

    def explains_without_lines(self) -> bool:
        """Whether failure lines can no longer matter: the fallback reads them only for a log
        with no code and no exception but indented ones (printed inside another tool's
        output), so once one is found they need not be matched; but for the class rules'
        (``STATED_PREFIX``), which it reads beside codes (ATC's "E10040: ... [--input_shape]"
        4,300 lines after a code of a warning: outsider12 #1)."""
        return bool(self.codes) or any(not e.nested for e in self.exceptions)

    def all_exceptions(self) -> list[ExceptionSighting]:
        """The first exceptions, and the last one when it is not among them."""
        if self.last_exception is not None and self._last_traceback is not None:
            traceback = self._last_traceback()
            self.last_exception = replace(
                self.last_exception,
                frames=traceback.frames,
                call=traceback.call,
                phase=traceback.phase,
            )
            self._last_traceback = None
        found = list(self.exceptions)
        if self.last_exception is not None and self.last_exception not in found:
            found.append(self.last_exception)
        return found
