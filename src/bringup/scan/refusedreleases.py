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

_ITEM = r"[`*\s]*(?:[A-Za-z][\w-]{0,30}\s*(?:[=<>!~]=?\s*|\s+))?v?\d[\w.*+-]*[`*]*"
"""A release in a list of them ("2.1.1", "torch==2.1.1", "`torch 2.1.1`")."""
_LIST = rf"(?:\s*(?:,|/|&|\band\b|\bor\b|和|与|、|及)?{_ITEM})*"
"""More releases after the first, each after a comma, a slash, "and" or "or"."""

_NEGATED_AFTER = lazyre.compile(
    r"\s*(?:(?:is|are|was|were)\s*)?(?:not\s+supported|unsupported|不支持|不被支持)", re.IGNORECASE
)
"""A release then "is not supported": the one a negated phrase reads."""
_BROKEN_AFTER = lazyre.compile(
    rf"{_LIST}[\s`*)]*(?:(?:is|are|was|were)\s+)?(?:(?:known|reported|said)\s+to\s+)?"
    r"(?:break|breaks|broke|broken|be\s+broken|fail|fails|failed|crash|crashes|crashed|"
    r"(?:do|does|did)(?:\s+not|n['’]t)\s+work|not\s+working|"
    r"(?:has|have|had)\s+(?:a\s+|some\s+)?(?:known\s+)?(?:bugs?|issues?|problems?|regressions?)|"
    r"(?:known\s+)?(?:bad|buggy|problematic)\b|(?:should|must)\s+be\s+avoided)\b|"
    rf"{_LIST}\s*(?:(?:存在|有)(?:已知)?(?:问题|bug|缺陷)|会?(?:报错|编译失败|崩溃)|"
    r"无法(?:使用|编译|运行|工作)|不可用|不能使用)",
    re.IGNORECASE,
)
"""Words after a release (and the releases listed with it) that say it breaks: "2.1.0/2.1.1
break the build", "CUDA 12.0 does not work", "8.0.RC1 存在已知问题"."""
_BROKEN_BEFORE = lazyre.compile(
    r"(?:\bknown[\s-]+(?:issues?|bugs?|problems?|regressions?)\s+(?:with|in|for|on|of|affecting)"
    r"|\b(?:broken|breaks?|fails?|crash(?:es)?)\s+(?:with|on|in|under|for)"
    r"|\b(?:do|does|did|will|would)(?:\s+not|n['’]t)\s+(?:work|build|compile|run)\s+"
    r"(?:with|on|in|under|for)|\bavoid(?:\s+using)?|\bknown[\s-]+bad)\s+"
    rf"(?:the\s+)?(?:versions?\s+|releases?\s+)?(?:{_ITEM}\s*(?:,|/|&|\band\b|\bor\b)\s*)*[`*\s]*$",
    re.IGNORECASE,
)
"""Words before a release (and the releases listed before it) that say it breaks: "a known
issue for torch==2.1.0 and torch==2.1.1", "the build fails with GCC 13", "avoid CUDA 12.0"."""
_LOOKBEHIND = 160


def refused_after(clause: str, end: int) -> bool:
    """Whether the words from ``end`` (right after a release) say it is unsupported or breaks."""
    return bool(_NEGATED_AFTER.match(clause, end) or _BROKEN_AFTER.match(clause, end))


def broken_before(clause: str, start: int) -> bool:
    """Whether the words right before ``start`` (a subject) say the release after it breaks."""
    return _BROKEN_BEFORE.search(clause, max(0, start - _LOOKBEHIND), start) is not None
