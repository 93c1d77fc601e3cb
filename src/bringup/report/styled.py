"""Styled text without a terminal library: the neutral form every text renderer produces and
every writer (``bringup.report.console``) draws: a ``Line`` is a list of (text, style)
pieces, a style a few words (``bold``, ``dim``, ``red``, ``bold red``).

Renderers may write a line in a small markup, ``[bold]Plan[/bold] (tier 0)``, the subset of
Rich's console markup we use (so the words read the same to a Rich user), and put data in it
only through ``escape``: a ``[`` in a repo's file name is never read as a tag. This is the one
place data is made safe for the markup; the writers draw what it yields.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from bringup import lazyre

_TAG = lazyre.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = lazyre.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


class MarkupError(ValueError):
    """A closing tag that matches nothing open: a bug in a renderer, not in the data."""


def escape(text: str) -> str:
    """``text`` with every ``[`` that would start a tag escaped (``\\[``), and a trailing
    lone backslash doubled, so the markup shows it as it is."""

    def backslashed(match: re.Match[str]) -> str:
        backslashes, tag = match.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    text = _ESCAPE.sub(backslashed, text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


@lru_cache(maxsize=4096)
def _char_cells(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cell_len(text: str) -> int:
    """The columns ``text`` takes on a terminal: wide (CJK, most emoji) characters two,
    combining marks none."""
    if text.isascii():
        return len(text)
    return sum(_char_cells(char) for char in text)


class Line:
    """One line of styled text: pieces of (text, style), appended in order."""

    __slots__ = ("pieces",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.pieces: list[tuple[str, str]] = [(text, style)] if text else []

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.pieces)

    @property
    def cell_len(self) -> int:
        return sum(cell_len(text) for text, _ in self.pieces)

    def append(self, text: str, style: str = "") -> Line:
        if text:
            self.pieces.append((text, style))
        return self

    def copy(self) -> Line:
        line = Line()
        line.pieces = list(self.pieces)
        return line

    def rstrip(self) -> None:
        """No spaces at the end of the line."""
        while self.pieces:
            text, style = self.pieces[-1]
            stripped = text.rstrip()
            if stripped:
                self.pieces[-1] = (stripped, style)
                return
            self.pieces.pop()

    def __repr__(self) -> str:
        return f"Line({self.pieces!r})"


def parse(markup: str) -> Line:
    """The line a piece of markup stands for. Tags nest; ``[/]`` closes the last one open,
    ``[/name]`` the last ``name`` open."""
    line = Line()
    if "[" not in markup:
        return line.append(markup)
    stack: list[str] = []
    for text, tag in _tokens(markup):
        if text is not None:
            line.append(text.replace("\\[", "["), " ".join(stack))
        elif tag is not None and tag.startswith("/"):
            name = tag[1:].strip()
            if not name:
                if not stack:
                    raise MarkupError(f"'[/]' closes nothing in {markup!r}")
                stack.pop()
            elif name in stack:
                del stack[len(stack) - 1 - stack[::-1].index(name)]
            else:
                raise MarkupError(f"'[{tag}]' matches no open tag in {markup!r}")
        elif tag is not None:
            stack.append(tag.strip())
    return line


def _tokens(markup: str) -> Iterable[tuple[str | None, str | None]]:
    """(text, None) and (None, tag) in order; an escaped tag is text."""
    position = 0
    for match in _TAG.finditer(markup):
        full, escapes, tag = match.groups()
        start, end = match.span()
        if start > position:
            yield markup[position:start], None
        if escapes:
            backslashes, escaped = divmod(len(escapes), 2)
            if backslashes:
                yield "\\" * backslashes, None
            if escaped:
                yield full[len(escapes) :], None
                position = end
                continue
        yield None, tag
        position = end
    if position < len(markup):
        yield markup[position:], None
