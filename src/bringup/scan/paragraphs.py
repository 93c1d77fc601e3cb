"""A paragraph read as one text (its lines joined by spaces): the line a match in it starts
on, and the words around the match a requirement quotes."""

from __future__ import annotations

import re


def joined(paragraph: list[tuple[int, str]]) -> str:
    """The paragraph's lines (numbered) as one text, one space between lines."""
    return " ".join(words for _, words in paragraph)


def line_at(paragraph: list[tuple[int, str]], at: int) -> int:
    """The number of the line that offset ``at`` of ``joined(paragraph)`` lies on."""
    offset, line = 0, paragraph[0][0]
    for number, words in paragraph:
        if offset > at:
            break
        line, offset = number, offset + len(words) + 1
    return line


def around(text: str, match: re.Match[str]) -> str:
    """The match with about 80 characters either side, in whole words: the sentence a
    requirement quotes. A window cut inside a word dropped its letters ("ote that you may
    skip", sam2 INSTALL.md:15's "Note"); each end reaches the word's edge instead."""
    start, end = max(0, match.start() - 80), match.end() + 80
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].strip()


SENTENCE_CHARS = 1000
"""How far back a sentence's start is looked for: a line with no sentence end was searched
from its start again for each quote in it (48 KB of code spans took seconds)."""


def sentence_start(text: str, at: int, ends: re.Pattern[str]) -> int:
    """Where the sentence holding offset ``at`` of ``text`` starts: after the last mark of
    ``ends`` before ``at``, within ``SENTENCE_CHARS``, else that far back."""
    start = max(0, at - SENTENCE_CHARS)
    return max((mark.end() for mark in ends.finditer(text, start, at)), default=start)
