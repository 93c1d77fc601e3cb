"""A pasted message in which nothing reads as a failure: the layer its own words name.

Issue 15 asks for a layer for every failure log. A report is often one message pasted alone,
in words no failure line is read from ("The DDR address of the MTE instruction is out of
range", vllm-project/vllm-ascend#2674; a compiler's "... [-Wattributes]" quoted by pybind11's
FAQ): no signature, code, exception or failure line names it, and it holds no warning for
``fallback.warned`` to read. When such a log also shows no step that succeeded and no warning
(a run that went on, or an install that worked, is no failure: test_triage_clean_logs), the
words of its last line (the ``[[evidence]]`` entries, read as a failure line's are) place it,
with low confidence and no cause. Only the last line: a paste ends in what went wrong, and a
log that goes on after a line that sounds wrong went on despite it (a build that reaches
"[100%] Built target"); and not a quiet line (a logger's INFO, a traceback's frame), which
says what ran.
"""

from __future__ import annotations

import re
from typing import Optional

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage.evidence import FAILURE_SCORE, by_words, rule_diagnosis
from bringup.triage.fallback import SUCCESS
from bringup.triage.fallbackrules import Rules, builtin_rules
from bringup.triage.findings import Findings

_TROUBLE = re.compile(
    r"(?i)\b(?:not|no|never|without|missing|lacks?|wrong|out of (?:range|bounds)|too (?:small|large"
    r"|big|many|few|old|new)|beyond|hangs?|stuck|crash\w*|broken|lost)\b|\[-W[\w+=-]{1,60}\]"
)
"""Words that say something is wrong, though no failure line is read from them (a failure line's
words are ``rules.failure``): a line without them reports what ran (a tool's version, a device
table, a command), not what failed."""
_URL = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://\S+")
"""An address: its words name a page, not the failure."""
MAX_LINES = 40
"""A log this long or shorter is a paste of what its reporter saw go wrong; a longer one that
names no failure is the output of a run (its words name what it did, not what failed)."""


def diagnose(
    findings: Findings, tail: bytes, lines: int, rules: Optional[Rules] = None
) -> list[Diagnosis]:
    """The place the words of a pasted message's last line name; [] when the log
    shows a failure line, a warning or a step that succeeded, is longer than a paste, or when no
    words name a place."""
    rules = builtin_rules() if rules is None else rules
    if findings.failures or findings.quieted or SUCCESS in findings.marks or lines > MAX_LINES:
        return []
    text = tail.decode("utf-8", "replace").splitlines()
    back, line = next(((n, t) for n, t in enumerate(reversed(text)) if t.strip()), (0, ""))
    words = _URL.sub(" ", line)
    if not _TROUBLE.search(words) or _said_quietly(words, rules):
        return []
    said = by_words((words,), rules.evidence)
    if said is None:
        return []
    return [
        rule_diagnosis(
            said,
            Evidence(line=lines - back, text=line.strip()[:400]),
            matches=1,
            score=FAILURE_SCORE,
            confidence="low",
        )
    ]


def _said_quietly(line: str, rules: Rules) -> bool:
    """A logger's INFO or warning, or a traceback's frame: what ran or what may go wrong."""
    return any(re.search(words, line) for words in (rules.quiet, rules.warning) if words)
