"""The block structure of a Markdown document, from markdown-it-py's token line maps.

The doc reader walks a document line by line for paragraphs and tables, but where a code
block or a heading starts and ends is the parser's call, not a regex's: a fence of four
backticks holding three, a ``~~~`` fence, a fence indented in a list item, an unclosed fence
running to the end, a ``# comment`` inside a code block, setext headings. Only fences and
headings (and an emphasized line that titles a news list) are taken; the rest of the reading is
unchanged.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, NamedTuple, Union

from bringup import lazyre
from bringup.scan.docsections import NEWS_HEADING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


class Fence(NamedTuple):
    """A fenced code block: body lines ``[start, end)`` (0-based), the line after it, and
    its language (the first word of the info string, lowercased)."""

    start: int
    end: int
    after: int
    language: str


class Heading(NamedTuple):
    """A heading's text, the line after it (0-based) and its level (1 for ``#``)."""

    text: str
    after: int
    level: int


Block = Union[Fence, Heading]


@functools.lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """The CommonMark parser, built on first use (importing markdown-it-py costs ~36 ms that
    commands reading no Markdown need not pay). Block structure only: CommonMark parses
    blocks before inlines and inlines never change a block, so the inline pass (links,
    emphasis: half the parse time on real docs) is switched off; a heading's text is still
    the inline token's raw ``content``."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable(["inline", "text_join"])


@functools.lru_cache(maxsize=4)
def markdown_blocks(text: str) -> dict[int, Block]:
    """Fences and headings of ``text`` by the 0-based line they start on. Cached: a README
    is parsed once for its links (``guides``) and once for its statements (``docs``); the
    callers only read the mapping."""
    lines = text.splitlines()
    tokens = _parser().parse(text)
    blocks: dict[int, Block] = {}
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        first, after = token.map
        if token.type == "fence":
            closed = after - 1 > first and lines[after - 1].strip().startswith(token.markup)
            language = token.info.split()[0].lower() if token.info.strip() else ""
            blocks[first] = Fence(first + 1, after - 1 if closed else after, after, language)
        elif token.type == "heading_open" and index + 1 < len(tokens):
            blocks[first] = Heading(tokens[index + 1].content, after, int(token.tag[1:]))
        elif token.type == "paragraph_open" and after == first + 1 and index + 1 < len(tokens):
            emphasized = _EMPHASIZED_LINE.match(tokens[index + 1].content)
            if emphasized is not None and NEWS_HEADING.search(emphasized.group(1)):
                blocks[first] = Heading(emphasized.group(1).strip(), after, 6)
        elif token.type == "html_block":
            html = _HTML_HEADING.match(lines[first])
            if html is not None:
                title = _TAG.sub("", html.group(2)).strip()
                blocks[first] = Heading(title, first + 1, int(html.group(1)))
    return blocks


_HTML_HEADING = lazyre.compile(r"^\s*<h([1-6])\b[^<>]*>(.*?)</h\1>\s*$", re.IGNORECASE)
"""A heading written in HTML on one line (``<h2 id="updates">🔄 Updates</h2>``, Mooncake
README.md:35): a section like a Markdown one (here news, skipped)."""
_TAG = lazyre.compile(r"<[^<>]*>")
_EMPHASIZED_LINE = lazyre.compile(r"^(?:\*\*?|__?)([^*_\n]{2,60}?)(?:\*\*?|__?)\W{0,4}$")
"""A paragraph of one emphasized line that names news or a changelog (``*Latest News* 🔥`` over
a list of dated items, casper-hansen/AutoAWQ@88e4c76b README.md:42) stands as a heading: the
lines under it, up to the next heading, are its section (level 6, so any real heading ends it).
Only a history title: a bold "**Requirements**" inside a backend's sub-section (gdrcopy
README.md:51) is that sub-section's, not a new one."""
