"""One requirement read from words, and the look-behind the readers share."""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup.model import Confidence


class Mention(NamedTuple):
    """One requirement read from a line: ``text`` keeps the words it came from; ``hard`` is
    false for what only tests need ("多卡测试需要至少两张卡"); ``offset`` is where in the
    text the words start (to find their line when a paragraph spans several)."""

    subject: str
    spec: str
    text: str
    confidence: Confidence
    hard: bool = True
    offset: int = 0


_LOOKBEHIND = 32
"""How far before a match the words that qualify it ("earlier than", "up to", "每") are
looked for: they stand right before it, and a bounded window keeps a long line linear."""


def right_before(pattern: re.Pattern[str], clause: str, start: int) -> bool:
    """Whether ``pattern`` (anchored with ``$``) ends where ``start`` is; word boundaries
    still see the text before the window."""
    return pattern.search(clause, max(0, start - _LOOKBEHIND), start) is not None
