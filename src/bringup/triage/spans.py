"""Every match of one RE2 pattern in part of a block, as plain group spans.

The scanner reads millions of matches on a long failure log, and only their offsets and a few
groups of each. ``re2``'s ``finditer`` builds a match object per match through several Python
calls (``start``, ``groupdict``, ``group``: a third of a real-log scan), so the matches are
walked here with the module's own matcher call, which returns every group's span: the same
matches, in the same order, found by the same RE2 search. A build of ``re2`` without that
call is walked through its ``search``, with the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Optional, Union

Text = Union[bytes, bytearray]
Spans = list[tuple[int, int]]
"""``(start, end)`` of the whole match, then of each group; ``(-1, -1)`` for a group that did
not take part."""
Search = Callable[[Text, int, int], Optional[Spans]]


def searcher(regex: Any) -> Search:
    """The leftmost match of ``regex`` (a compiled ``re2`` pattern) in ``text[pos:endpos]``,
    as its spans, or None."""
    compiled = getattr(regex, "_regexp", None)
    anchor = getattr(getattr(_re2_module(), "_Anchor", None), "UNANCHORED", None)
    if compiled is not None and anchor is not None and hasattr(compiled, "Match"):
        match = compiled.Match

        def native(text: Text, pos: int, endpos: int) -> Optional[Spans]:
            spans: Spans = match(anchor, text, pos, endpos)
            return None if spans[0][0] == -1 else spans

        return native
    groups = range(regex.groups + 1)

    def public(text: Text, pos: int, endpos: int) -> Optional[Spans]:
        found = regex.search(text, pos, endpos)
        return None if found is None else [found.span(group) for group in groups]

    return public


def _re2_module() -> Any:
    import re2

    return re2


def find_all(search: Search, text: Text, pos: int, endpos: int) -> Iterator[Spans]:
    """Every match in ``text[pos:endpos]``, as ``re2``'s ``finditer`` walks them: from the end
    of each match, one byte on after an empty one."""
    pos = max(0, min(pos, len(text)))
    endpos = max(0, min(endpos, len(text)))
    if pos > endpos:
        return
    while True:
        spans = search(text, pos, endpos)
        if spans is None:
            return
        yield spans
        end = spans[0][1]
        if pos == endpos:
            return
        pos = pos + 1 if pos == end else end


def group(text: Text, spans: Spans, number: int) -> Optional[Text]:
    """Group ``number``'s text, None when it did not take part."""
    start, end = spans[number]
    return None if start == -1 and end == -1 else text[start:end]
