"""Every match of one RE2 pattern in part of a block, as plain group spans.

The scanner reads millions of matches on a long failure log, and only their offsets and a few
groups of each. ``re2``'s ``finditer`` builds a match object per match through several Python
calls (``start``, ``groupdict``, ``group``: a third of a real-log scan), so the matches are
walked here with the module's own matcher call, which returns every group's span: the same
matches, in the same order, found by the same RE2 search. A build of ``re2`` without that
call is walked through its ``finditer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional, Union

Text = Union[bytes, bytearray]
Spans = list[tuple[int, int]]
"""``(start, end)`` of the whole match, then of each group; ``(-1, -1)`` for a group that did
not take part."""
Find = Callable[[Text, int, int], list[Spans]]


def finder(regex: Any) -> Find:
    """Every match of ``regex`` (a compiled ``re2`` pattern) in ``text[pos:endpos]``, as its
    spans, in the order and by the walk of ``re2``'s ``finditer``: each search starts at the
    end of the last match, one byte on after an empty one."""
    compiled = getattr(regex, "_regexp", None)
    anchor = getattr(getattr(_re2_module(), "_Anchor", None), "UNANCHORED", None)
    if compiled is None or anchor is None or not hasattr(compiled, "Match"):
        groups = range(regex.groups + 1)

        def public(text: Text, pos: int, endpos: int) -> list[Spans]:
            return [[m.span(g) for g in groups] for m in regex.finditer(text, pos, endpos)]

        return public
    match = compiled.Match

    def native(text: Text, pos: int, endpos: int) -> list[Spans]:
        found: list[Spans] = []
        pos = max(0, min(pos, len(text)))
        endpos = max(0, min(endpos, len(text)))
        if pos > endpos:
            return found
        while True:
            spans: Spans = match(anchor, text, pos, endpos)
            end = spans[0][1]
            if spans[0][0] == -1:
                return found
            found.append(spans)
            if pos == endpos:
                return found
            pos = pos + 1 if pos == end else end

    return native


def _re2_module() -> Any:
    import re2

    return re2


def group(text: Text, spans: Spans, number: int) -> Optional[Text]:
    """Group ``number``'s text, None when it did not take part."""
    start, end = spans[number]
    return None if start == -1 and end == -1 else text[start:end]
