"""Placing a value read from a structured file back on its line, for citations."""

from __future__ import annotations

import re


def line_of_value(text: str, value: str, start: int = 1) -> int | None:
    """The first line at or after ``start`` where ``value`` is written as a quoted string."""
    quoted = re.compile(r"""(["'])""" + re.escape(value) + r"\1")
    for number, line in enumerate(text.splitlines()[start - 1 :], start=start):
        if quoted.search(line):
            return number
    return None


def line_of_table(text: str, header: str) -> int | None:
    """The line of a TOML table header such as ``[project.optional-dependencies]``."""
    pattern = re.compile(r"^\s*\[\s*" + re.escape(header).replace(r"\.", r"\s*\.\s*") + r"\s*\]")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None
