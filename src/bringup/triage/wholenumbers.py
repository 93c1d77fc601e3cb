"""A number that ends or starts a pattern is read whole (issue 15).

FaultDiag's keyword ``cqeStatus=0x1`` matched CANN's SDMA error ``cqeStatus=0x150000``: a
literal number at a pattern's edge also matches the start (or end) of a longer number. RE2 and
Hyperscan have no look-around, so the character beyond the number is matched instead: one that
is not a digit of the number's form (hexadecimal after ``0x``, decimal otherwise), or the line's
start or end. FaultDiag's keywords are bounded where they are joined (``faultdiag``), every
signature's patterns (FAQ entries' too) where the engine takes them (``Signature.finding``).
"""

from __future__ import annotations

import re

HEX = "0-9A-Fa-f"
_HEX_END = re.compile(r"0[xX][0-9A-Fa-f]+\Z")
_HEX_START = re.compile(r"0[xX][0-9A-Fa-f]")
_DECIMAL_END = re.compile(r"[0-9]\Z")
_DECIMAL_START = re.compile(r"[0-9]")
_ESCAPED_END = re.compile(r"\\x[0-9A-Fa-f]*\Z|\\[0-9]+\Z")
"""A pattern's last digits that are an escape's (``\\x31``), not a literal number."""
_NOT_TOP_LEVEL = re.compile(r"\\.|\[(?:\\.|[^\]\\])*\]")
"""Escapes and classes, whose ``|`` and brackets are not a pattern's own alternation."""


def end_digits(text: str) -> str:
    """The digits of the number ``text`` ends with, as a class (hexadecimal after ``0x``), or
    "" when it does not end with one."""
    if _HEX_END.search(text):
        return HEX
    return "0-9" if _DECIMAL_END.search(text) else ""


def start_digits(text: str) -> str:
    """The digits of the number ``text`` starts with, as ``end_digits``."""
    if _HEX_START.match(text):
        return HEX
    return "0-9" if _DECIMAL_START.match(text) else ""


def before(digits: str) -> str:
    """What must precede a number of ``digits``: the line's start or a character not one."""
    return f"(?m:^|[^{digits}])" if digits else ""


def after(digits: str) -> str:
    """What must follow a number of ``digits``: a character not one, or the line's end."""
    return f"(?:[^{digits}]|(?m:$))" if digits else ""


def bounded(pattern: str) -> str:
    """An RE2 pattern whose literal number at its end or start is read whole; one with an
    alternation of its own is left as it is (a bound would apply to every branch)."""
    if _alternates(pattern):
        return pattern
    tail = "" if _ESCAPED_END.search(pattern) else end_digits(pattern)
    return before(start_digits(pattern)) + pattern + after(tail)


def _alternates(pattern: str) -> bool:
    depth = 0
    for char in _NOT_TOP_LEVEL.sub("", pattern):
        depth += (char == "(") - (char == ")")
        if char == "|" and depth == 0:
            return True
    return False
