"""The ATX headings of a Markdown text, outside fenced code: each section walker (troubleshooting
sections, purpose sections) reads the same headings the same way.

Read line by line, not with a Markdown parser: these passes need only a heading's line, level
and words, and run on guides the docs reader has already parsed for other things. The title is
the heading's words without its closing hashes (``## Install ##``), read without a regex that
backtracks (review33: ``(.{1,300}?)[ \\t#]*$`` cost 300 steps a character on a line of hashes)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple


class Heading(NamedTuple):
    at: int
    """0-based index of the heading's line."""
    level: int
    title: str


def headings(lines: Sequence[str]) -> Iterator[Heading]:
    """Each heading of ``lines`` (``# ``…``###### `` then words), skipping fenced blocks."""
    fenced = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or not line.startswith("#"):
            continue
        hashes = len(line) - len(line.lstrip("#"))
        rest = line[hashes:]
        if hashes > 6 or rest[:1] not in (" ", "\t"):
            continue
        title = rest.strip(" \t").rstrip("#").rstrip(" \t")
        if title:
            yield Heading(at=index, level=hashes, title=title)
