"""What a line reader returns: facts, each at its line, and the lines it understood (so the
lines that looked like facts but were not read can be listed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Optional

from bringup.model import Fact, Source
from bringup.parsing import at_line
from bringup.probe.importers.packages import normalise

PACKAGE_PREFIX = "python.package."
"""A Python distribution a report lists: ``python.package.<PEP 503 name>`` = its version."""


class Reading:
    """Facts found so far and the line numbers they came from."""

    def __init__(self) -> None:
        self.facts: list[Fact] = []
        self.lines: set[int] = set()

    def add(self, found: Fact, number: int) -> None:
        self.facts.append(found)
        self.lines.add(number)


def package_fact(name: str, version: Optional[str], where: Source) -> Fact:
    """A package a report lists (``version`` None: the report says it is not installed)."""
    key = PACKAGE_PREFIX + normalise(name)
    if version is None:
        return Fact(key=key, source=where, status="absent", reason="the report says not installed")
    return Fact(key=key, value=version, source=where, confidence="medium")


MAX_LINE = 2000
"""Longer lines (a collapsed log, minified JSON) are not read line by line."""


def read_each_line(
    lines: Iterable[tuple[int, str]], source: Source, read: Callable[[str, Source], list[Fact]]
) -> Reading:
    """What ``read`` finds on each (number, text) line, each fact at its line."""
    reading = Reading()
    for number, line in lines:
        if len(line) > MAX_LINE:
            continue
        for found in read(line, at_line(source, number)):
            reading.add(found, number)
    return reading
