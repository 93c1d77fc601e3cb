"""A log cut inside a Python traceback: the failure its frames report, when nothing else does.

A traceback is printed only when an exception was raised; a log that ends inside one was cut
before the exception's own line (a trimmed paste, a search excerpt, a process killed while
printing). When no signature, code, exception or failure line names a failure, the end of the
log (the scan's ``tail``) is read for such a traceback, in Python's form (``File "...", line
N`` frames, innermost last, each followed by its source line) or pybind11's (``path(N):
function`` under ``At:``, innermost first: pybind11's ``error_fetch_and_normalize``). The
``raise X(...)`` source line of the innermost frame gives the exception's type and message,
read by the fallback's exception rules as a printed exception would be; else the files of the
frames place it (the ``[[evidence]]`` ``paths``), else no words say where: a cut traceback whose
frames place it nowhere (the program's own script, ``File "/root/x.py", line 13, in <module>``)
is told as an exception no rule explains is (``evidence.default``), so the reader still learns
that the log was cut. The exception itself is not there: the diagnosis is of low confidence,
and says the log was cut.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

import msgspec

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage import fallback
from bringup.triage.evidence import FAILURE_SCORE, by_paths, default, rule_diagnosis
from bringup.triage.fallbackrules import Rules, builtin_rules
from bringup.triage.findings import ExceptionSighting, Findings
from bringup.triage.frames import MAX_FRAMES

_PYTHON_FRAME = re.compile(r'\bFile "([^"\n]{1,400})", line [0-9]{1,9}, in ')
"""A frame of a traceback; faulthandler's dumps (``line 88 in f``, innermost first) differ."""
_PYBIND_FRAME = re.compile(
    r"^[ \t]+(<frozen [\w.]{1,200}>|[^\s()]{1,400}\.py)\([0-9]{1,9}\): \S{1,200}$"
)
_HEADER = re.compile(
    r"Traceback \(most recent call last\):|^At:$|\bStack \(most recent call last\):"
)
_STACK_DUMP = re.compile(r"\bStack \(most recent call last\):")
"""Where logging's ``stack_info`` dump begins: frames like a traceback's, but no exception."""
_RAISE = re.compile(r"\braise ((?:[A-Za-z_]\w{0,100}\.){0,8}[A-Z]\w{0,100})\b(?:\((.{0,400})\))?")
_QUOTED = re.compile(r"""^[rRbBuUfF]{0,2}(["'])(.{0,400})\1$""")
SOURCE_LINES = 2
"""Python prints after a frame its source line, and from 3.11 a line of ``^`` markers under
it, both indented: a log with more lines after its last frame, or a line at the margin (the
exception's own: ``KeyboardInterrupt``, ``SystemExit: 0``), went on after the traceback."""
CUT = (
    " The log ends inside a Python traceback (innermost frame: {frame}): the exception's own "
    "line is not in it, so this is read from the traceback alone."
)


class Cut(NamedTuple):
    """The traceback a log ends in: its frames (innermost last), the line number and text of
    its innermost frame's line, or of the ``raise`` line after it when there is one."""

    frames: tuple[str, ...]
    line: int
    text: str
    raised: bool


def cut_traceback(tail: bytes, lines: int) -> Optional[Cut]:
    """The traceback ``tail`` (the end of a log of ``lines`` lines, its last unterminated or
    not) ends in, if any; a stack dump is none (faulthandler's, logging's ``Stack``)."""
    parts = [part.rstrip("\r") for part in tail.decode("utf-8", "replace").split("\n")]
    end = len(parts)
    while end and not parts[end - 1].strip():
        end -= 1
    last = next((i for i in range(end - 1, -1, -1) if _frame(parts[i]) is not None), None)
    if last is None or end - 1 - last > SOURCE_LINES:
        return None
    if not all(_under(parts[last], part) for part in parts[last + 1 : end]):
        return None
    start = next((i for i in range(last, -1, -1) if _HEADER.search(parts[i].strip())), 0)
    if _STACK_DUMP.search(parts[start]):
        return None
    found = [(i, _frame(parts[i])) for i in range(start, last + 1)]
    frames = [(i, frame) for i, frame in found if frame is not None]
    pybind = _PYTHON_FRAME.search(parts[last]) is None
    if pybind:
        frames.reverse()
    after = [] if pybind else range(last + 1, end)
    said = next((i for i in after if _RAISE.search(parts[i])), frames[-1][0])
    return Cut(
        tuple(frame for _, frame in frames[-MAX_FRAMES:]),
        lines - (len(parts) - 1 - said) + tail.endswith(b"\n"),
        parts[said].strip(),
        said > last,
    )


def _under(frame: str, line: str) -> bool:
    """Whether ``line`` is indented under ``frame`` as its source or marker line is, a prefix
    both carry (``(TaskRunner pid=1513738)``, ``[rank0]:``) aside; the exception's own line
    stands at the frame's margin or left of it."""
    found = _PYTHON_FRAME.search(frame)
    at = found.start() if found else len(frame) - len(frame.lstrip())
    prefix = frame[:at].rstrip()
    if not line.startswith(prefix):
        return False
    own, rest = frame[len(prefix) :], line[len(prefix) :]
    return len(rest) - len(rest.lstrip()) > len(own) - len(own.lstrip())


def _frame(line: str) -> Optional[str]:
    found = _PYTHON_FRAME.search(line) or _PYBIND_FRAME.search(line)
    return found.group(1) if found else None


def diagnose(tail: bytes, lines: int, rules: Optional[Rules] = None) -> list[Diagnosis]:
    """The failure of a log cut inside a traceback, as one diagnosis of low confidence that
    says the log was cut (placed where its frames say, else where a failure no words place
    is); none for a log that does not end in one."""
    cut = cut_traceback(tail, lines)
    if cut is None:
        return []
    rules = builtin_rules() if rules is None else rules
    note = CUT.format(frame=cut.frames[-1] if cut.frames else "?")
    raised = _RAISE.search(cut.text) if cut.raised else None
    if raised is not None:
        message = (raised.group(2) or "").strip()
        quoted = _QUOTED.match(message)
        sighting = ExceptionSighting(
            cut.line,
            raised.group(1),
            quoted.group(2) if quoted else message,
            cut.text,
            cut.frames,
            False,
        )
        found = fallback.diagnose(Findings(exceptions=[sighting]), rules=rules)
        if found:
            best = found[0]
            return [msgspec.structs.replace(best, cause=best.cause + note, confidence="low")]
    rule = by_paths(cut.frames, rules.evidence) or default(rules.evidence)
    told = rule_diagnosis(
        rule,
        Evidence(line=cut.line, text=cut.text),
        matches=1,
        score=FAILURE_SCORE,
        confidence="low",
    )
    return [msgspec.structs.replace(told, cause=told.cause + note)]
