"""An environment written as one line of releases joined by "+", no word of need around it.

"比赛官方 docker = **Py3.11 + CANN 8.5.0 + torch_npu 2.7.1.post4 + triton-ascend 3.2.1**" and,
beside it, the author's "**Py3.12 + CANN 9.1.0-beta.1 + torch_npu 2.10.0 + triton-ascend 3.2.1**"
(ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:263): each names a whole stack the code
ran on. ``prose`` reads a bare release only where a clause says it is needed, so none of it was
read and torch_npu and the Python were missed (outsider17 D4). Each release of such a line is
what is known to work: a soft mention, as a tested configuration is.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import Mention
from bringup.scan.phrases import read_phrase
from bringup.scan.prose_vocabulary import subject_of, vocabulary

_CLAUSE = lazyre.compile(r"[^。；;！!？?|\n]{1,2000}")
_JOIN = lazyre.compile(r"\s{1,3}\+\s{1,3}")
"""The "+" between two releases, spaced: not a floor's "2.6.0+"."""
_LABEL = lazyre.compile(r"^.{0,200}?(?<![=<>!~])[=:：](?!=)\s{0,3}")
"""What names the stack before it ("比赛官方 docker ="), left off its first release; not the
"==" of a pin ("torch==2.1.0 + numpy==1.26 + python==3.10": review36)."""
_SHORT_PYTHON = lazyre.compile(r"^Py(?:thon)?\s?(3\.\d{1,2})$", re.IGNORECASE)
"""Python written short ("Py3.11")."""
_MARKS = "*_` "
_ASIDE = lazyre.compile(r"[*_`\s]{0,6}[(\uff08][^()\uff08\uff09]{0,200}[)\uff09]$")
"""A remark after the last release ("（真 910B3 硬件，非模拟器）"), left off it."""
_REFUSED = lazyre.compile(
    r"\b(?:unsupported|not\s{1,3}supported|broken|known\s{1,3}(?:issues?|bad|bugs?)|"
    r"(?:does|do)(?:\s{1,3}not|n't)\s{1,3}work|fails?|avoid)\b|不支持|已知问题|无法使用",
    re.IGNORECASE,
)
"""Words that refuse the stack they label ("Unsupported: Py3.8 + CUDA 10.2 + torch 1.8",
"... (not supported)"): its releases are no preference (review36)."""
_LEAST = 3
"""Releases a line must join to be a stack (two could be any pair of words)."""


def stack_lines(line: str) -> list[Mention]:
    """Each release of every stack ``line`` writes (``_JOIN``, at least ``_LEAST`` parts, each
    a subject and its version), as soft mentions; none from a clause with another part."""
    found: list[Mention] = []
    for clause in _CLAUSE.finditer(line):
        text = clause.group(0)
        if text.count("+") < _LEAST - 1 or _REFUSED.search(text):
            continue
        label = _LABEL.match(text)
        start = clause.start() + (
            label.end() if label is not None and "+" not in label.group(0) else 0
        )
        parts = _parts(line, start, clause.end())
        mentions = [_release(line, at, end) for at, end in parts]
        if len(parts) >= _LEAST and all(m is not None for m in mentions):
            found.extend(m for m in mentions if m is not None)
    return found


def _parts(line: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans between the joins of ``line[start:end]``, their marks stripped."""
    spans, at = [], start
    for join in _JOIN.finditer(line, start, end):
        spans.append((at, join.start()))
        at = join.end()
    spans.append((at, end))
    stripped = []
    for span in spans:
        left, right = span
        while left < right and line[left] in _MARKS:
            left += 1
        while right > left and line[right - 1] in _MARKS:
            right -= 1
        stripped.append((left, right))
    return stripped


def _release(line: str, start: int, end: int) -> Mention | None:
    """The subject and release ``line[start:end]`` is, all of it; None otherwise."""
    text = _ASIDE.sub("", line[start:end]).rstrip(_MARKS)
    short = _SHORT_PYTHON.match(text)
    if short is not None:
        return Mention("python", f"=={short.group(1)}.*", text, "medium", False, start)
    subject = vocabulary().subject.match(text)
    if subject is None:
        return None
    name = subject_of(subject)
    phrase = read_phrase(text[subject.end() :], name)
    if phrase is None or text[subject.end() + phrase.length :].strip():
        return None
    return Mention(name, phrase.spec, text, "medium", False, start)
