"""A pasted issue body as its parts: fenced code blocks, ``<details>`` blocks and the sections
under headings. A part says what its lines are (a fence's info string, a summary, a heading),
which the readers use where content alone is not enough: a heading is the label of the answer
under it (issue forms), a fence holding only ``name  version`` rows is a package listing even
with one row, and a fence or a whole text opening with ``{`` may be JSON."""

from __future__ import annotations

import re
from typing import NamedTuple

_FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")
_DETAILS_OPEN = re.compile(r"<details\b", re.IGNORECASE)
_DETAILS_CLOSE = re.compile(r"</details\s*>", re.IGNORECASE)
_SUMMARY = re.compile(r"<summary>(.*?)</summary>", re.IGNORECASE)


class Part(NamedTuple):
    """Lines ``start`` to ``end`` (0-based, end excluded) of one kind: ``fence`` (``title``:
    its info string), ``details`` (its summary) or ``section`` (its heading)."""

    kind: str
    title: str
    start: int
    end: int


def split_parts(lines: list[str]) -> list[Part]:
    """Fences, details blocks and heading sections, in order of their first line (a fence
    inside a section or a details block is a part of its own as well)."""
    parts: list[Part] = []
    fence: tuple[str, str, int] | None = None
    details: list[tuple[str, int]] = []
    heading: tuple[str, int] | None = None
    for index, line in enumerate(lines):
        marker = _FENCE.match(line)
        if fence is not None:
            if marker is not None and marker.group(1)[0] == fence[0][0]:
                parts.append(Part("fence", fence[1], fence[2], index))
                fence = None
            continue
        if marker is not None:
            fence = (marker.group(1), marker.group(2), index + 1)
            continue
        summary = _SUMMARY.search(line)
        if _DETAILS_OPEN.search(line):
            details.append((summary.group(1) if summary else "", index + 1))
        elif details and summary is not None and not details[-1][0]:
            details[-1] = (summary.group(1), details[-1][1])
        if _DETAILS_CLOSE.search(line) and details:
            title, start = details.pop()
            parts.append(Part("details", title, start, index))
        title_match = _HEADING.match(line)
        if title_match is not None:
            if heading is not None:
                parts.append(Part("section", heading[0], heading[1], index))
            heading = (title_match.group(1), index + 1)
    if fence is not None:  # an unclosed fence runs to the end, as GitHub renders it
        parts.append(Part("fence", fence[1], fence[2], len(lines)))
    parts += [Part("details", title, start, len(lines)) for title, start in details]  # unclosed
    if heading is not None:
        parts.append(Part("section", heading[0], heading[1], len(lines)))
    return sorted(parts, key=lambda part: (part.start, -part.end))


def json_candidates(lines: list[str], parts: list[Part]) -> list[tuple[int, int]]:
    """Where JSON may have been pasted: the whole text, or a fence, opening with ``{``/``[``."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].lstrip().startswith(("{", "[")):
        return [(first, len(lines))]
    return [
        (part.start, part.end)
        for part in parts
        if part.kind == "fence"
        and part.start < part.end
        and lines[part.start].lstrip().startswith(("{", "["))
    ]
