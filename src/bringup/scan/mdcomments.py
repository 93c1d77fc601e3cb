"""Markdown's HTML comments are not shown to the reader and state nothing: "<!-- Although
tile-lang aims to be portable ... tested and validated on ... the H100 ... A100, V100 -->"
(zhaojiqiao/tilelang-npu@1bc99fd README.md:36) is the upstream's text a fork hid, and was read
as a need of compute capability >= 7.0 (outsider22 D9).

A ``<!--`` inside code is no comment: a fenced block or a code span shows it as written
(CommonMark 0.31 §4.5, §6.1), and read as one it hid everything up to the next ``-->``, or to
the end ("Remove the beginning `<!--` and ending `-->` comment markers", a pull-request
template's words about its own comments)."""

from __future__ import annotations

import re
from bisect import bisect_right

from bringup import lazyre
from bringup.scan.markdown import Fence, markdown_blocks

_CODE_OR_COMMENT = lazyre.compile(r"(?P<code>(?<!`)(`{1,16})(?!`)[^\n]{0,500}?(?<!`)\2(?!`))|<!--")
"""A code span on one line (a whole run of backticks closed by a run as long), or the start of
an HTML comment, whichever comes first. A run is taken whole (the look-behind): tried from
each of its backticks, a line of 20,000 took 0.5 s. The comment's end is looked for only
outside a fence (``_comment_end``): looked for by the search, each ``<!--`` in a fenced block
scanned on to the next ``-->`` or the end, and 8,000 such blocks took 12.6 s (reread43 M1)."""
_LINE_END = lazyre.compile(r"\r\n|\r|\n")


def uncommented(text: str) -> str:
    """``text`` with each HTML comment outside code made spaces, its line breaks kept (lines
    keep their numbers and every other line its offsets)."""
    if "<!--" not in text:
        return text
    fences = _fenced(text)
    firsts = [start for start, _ in fences]
    pieces: list[str] = []
    done = at = 0
    while True:
        found = _CODE_OR_COMMENT.search(text, at)
        if found is None:
            break
        index = bisect_right(firsts, found.start()) - 1
        if index >= 0 and found.start() < fences[index][1]:
            at = fences[index][1]  # inside a fenced block: shown as written
            continue
        if found.group("code") is not None:  # a code span: shown as written
            at = found.end()
            continue
        at = _comment_end(text, found.end())
        pieces += [text[done : found.start()], re.sub(r"[^\n]", " ", text[found.start() : at])]
        done = at
    return "".join((*pieces, text[done:]))


def _comment_end(text: str, body: int) -> int:
    """Where the comment whose text starts at ``body`` ends: after its ``-->``, or at the end
    of ``text`` when none follows (an unclosed comment runs to the end, as in HTML)."""
    close = text.find("-->", body)
    return len(text) if close < 0 else close + 3


def _fenced(text: str) -> list[tuple[int, int]]:
    """The offsets each fenced code block of ``text`` spans, its fence lines with it, in order
    (where a block is the parser's call: ``markdown.markdown_blocks``)."""
    starts = [0, *(m.end() for m in _LINE_END.finditer(text))]

    def offset(line: int) -> int:
        return starts[line] if line < len(starts) else len(text)

    return [
        (offset(first), offset(block.after))
        for first, block in sorted(markdown_blocks(text).items())
        if isinstance(block, Fence)
    ]
