"""Releases a sentence refuses: said unsupported, or said to break.

A release named beside words that it breaks ("torch 2.1.0/2.1.1 break the build"), does not
work, or is a known issue ("This is a known issue for `torch==2.1.0` and `torch==2.1.1`",
ashawkey/cubvh@7855c00 readme.md:22, under "Trouble Shooting") is one to stay away from: an
exclusion (``!=``), never the release the repo needs (outsider17 D1). Kept apart from ``prose``
(which reads the subjects and their versions) because these are words about the release.
"""

from __future__ import annotations

import re

from bringup import lazyre

_ITEM = (
    r"[`*]{0,2}(?:[A-Za-z][\w-]{0,30}(?:\s{0,2}[=<>!~]=?\s{0,2}|\s{1,2}))?"
    r"v?\d[\w.*+-]{0,40}[`*]{0,2}"
)
"""A release in a list of them ("2.1.1", "torch==2.1.1", "`torch 2.1.1`")."""
_SEP = r"\s{0,3}(?:,|/|&|\band\b|\bor\b|和|与|、|及)?\s{0,3}"
_JOIN = r"\s{0,3}(?:/|&|\band\b|\bor\b|和|与|、|及)\s{0,3}"
"""A word that joins releases into one list before a subject: not a bare comma, after which a
new clause may name a release that works ("Fails with torch 2.0, torch 2.1 works": review36)."""
_LIST = rf"(?:{_SEP}{_ITEM}){{0,8}}"
"""More releases after the first, each after a comma, a slash, "and" or "or". Every run is
bounded: the words after a release are untrusted text, and a run of blanks read by two
repetitions at once is quadratic (``tests/unit/test_linear_patterns.py``)."""

_NEGATED_AFTER = lazyre.compile(
    r"\s*(?:(?:is|are|was|were)\s*)?(?:not\s+supported|unsupported|不支持|不被支持)", re.IGNORECASE
)
"""A release then "is not supported": the one a negated phrase reads."""
_BROKEN_AFTER = lazyre.compile(
    rf"{_LIST}[\s`*)]{{0,6}}(?:(?:is|are|was|were)\s{{1,3}})?(?:(?:known|reported|said)\s{{1,3}}to"
    r"\s{1,3})?(?:break|breaks|broke|broken|be\s{1,3}broken|fail|fails|failed|crash|crashes|"
    r"crashed|(?:do|does|did)(?:\s{1,3}not|n['’]t)\s{1,3}work|not\s{1,3}working|"
    r"(?:has|have|had)\s{1,3}(?:a\s{1,3}|some\s{1,3})?(?:known\s{1,3})?"
    r"(?:bugs?|issues?|problems?|regressions?)|(?:known\s{1,3})?(?:bad|buggy|problematic)\b|"
    r"(?:should|must)\s{1,3}be\s{1,3}avoided)\b|"
    rf"{_LIST}\s{{0,3}}(?:(?:存在|有)(?:已知)?(?:问题|bug|缺陷)(?!请|可|欢迎|时|的话)|会?(?:报错|编译失败|崩溃)|"
    r"无法(?:使用|编译|运行|工作)|不可用|不能使用)",
    re.IGNORECASE,
)
"""Words after a release (and the releases listed with it) that say it breaks: "2.1.0/2.1.1
break the build", "CUDA 12.0 does not work", "8.0.RC1 存在已知问题"."""
_BROKEN_BEFORE = lazyre.compile(
    r"(?:\bknown[\s-]{1,3}(?:issues?|bugs?|problems?|regressions?)\s{1,3}"
    r"(?:with|in|for|on|of|affecting)"
    r"|\b(?:broken|breaks?|fails?|crash(?:es)?)\s{1,3}(?:with|on|in|under|for)"
    r"|\b(?:do|does|did|will|would)(?:\s{1,3}not|n['’]t)\s{1,3}(?:work|build|compile|run)\s{1,3}"
    r"(?:with|on|in|under|for)|\bavoid(?:\s{1,3}using)?|\bknown[\s-]{1,3}bad)\s{1,3}"
    rf"(?:the\s{{1,3}})?(?:(?:versions?|releases?)\s{{1,3}})?(?:{_ITEM}{_JOIN}){{0,8}}[`*\s]{{0,4}}$",
    re.IGNORECASE,
)
"""Words before a release (and the releases listed before it) that say it breaks: "a known
issue for torch==2.1.0 and torch==2.1.1", "the build fails with GCC 13", "avoid CUDA 12.0"."""
_LOOKBEHIND = 160
_CONDITION = lazyre.compile(
    r"\b(?:if|when|whenever|in case)\b|如果|若|假如|如遇|遇到", re.IGNORECASE
)
"""A condition the release sits in ("if the install of torch 2.1.0 has problems, open an
issue"): words of what may happen, not about the release (review36)."""
_FIXED = lazyre.compile(
    r"\b(?:fixed|resolved|solved|addressed)\b|修复|已解决|解决了", re.IGNORECASE
)
"""Words saying the trouble is over ("torch 2.1.0 crashes are fixed in this release")."""
_NEAR = 100


def refused_after(clause: str, end: int) -> bool:
    """Whether the words from ``end`` (right after a release) say it is unsupported or breaks."""
    if _NEGATED_AFTER.match(clause, end):
        return True
    return bool(_BROKEN_AFTER.match(clause, end)) and not _in_passing(clause, end, end)


def broken_before(clause: str, start: int) -> bool:
    """Whether the words right before ``start`` (a subject) say the release after it breaks."""
    found = _BROKEN_BEFORE.search(clause, max(0, start - _LOOKBEHIND), start)
    return found is not None and not _in_passing(clause, found.start(), start)


def _in_passing(clause: str, start: int, end: int) -> bool:
    """Whether the words of trouble around ``start``..``end`` are a condition or a trouble
    fixed, not a word against the release."""
    return bool(
        _CONDITION.search(clause, max(0, start - _NEAR), end)
        or _FIXED.search(clause[end : end + _NEAR])
    )
