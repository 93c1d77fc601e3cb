"""How specific a pattern is: the number of literal characters it requires.

A pattern that spells out ``Failed to initialize the HCCP process`` says more than one that
matches ``error code is (\\d+)``, so when both hit the same log the first ranks higher. Counting
literals is the measure; classes, wildcards, group syntax and optional parts count nothing.
"""

from __future__ import annotations

_CLASS_ESCAPES = frozenset("dDsSwWbBAzZpPC")
_QUANTIFIERS = frozenset("*?{")


def literal_count(pattern: str) -> int:
    """Literal characters that every match of ``pattern`` contains (an approximation that
    ignores alternation: each branch's literals count)."""
    count = 0
    index = 0
    size = len(pattern)
    while index < size:
        char = pattern[index]
        width = 1
        literal = False
        if char == "\\" and index + 1 < size:
            width = 2
            literal = pattern[index + 1] not in _CLASS_ESCAPES
        elif char == "[":
            width = _class_width(pattern, index)
        elif char == "(" and pattern.startswith("(?", index):
            width = _group_prefix_width(pattern, index)
        elif char not in "().|^$+*?{}":
            literal = True
        following = pattern[index + width] if index + width < size else ""
        if literal and following not in _QUANTIFIERS:
            count += 1
        index += width
    return count


def _class_width(pattern: str, start: int) -> int:
    """Length of the ``[...]`` class that starts at ``start``."""
    index = start + 1
    if index < len(pattern) and pattern[index] == "^":
        index += 1
    if index < len(pattern) and pattern[index] == "]":
        index += 1
    while index < len(pattern) and pattern[index] != "]":
        index += 2 if pattern[index] == "\\" else 1
    return index + 1 - start


def _group_prefix_width(pattern: str, start: int) -> int:
    """Length of ``(?:``, ``(?i)``, ``(?P<name>`` and similar group openers."""
    if pattern.startswith("(?P<", start):
        end = pattern.find(">", start)
        return end + 1 - start if end != -1 else 2
    end = start + 2
    while end < len(pattern) and pattern[end] not in ":)":
        end += 1
    return end + 1 - start
