"""Where a value sits in a TOML text, for errors that point at a line, a column and a span.

``msgspec`` reports validation errors with a path (``$.repos[1].requirements[0].spec``);
tables and arrays of tables (``[[repos]]``, ``[[repos.requirements]]``) are counted as the
text goes, so the path leads back to the line. Inline tables (``needs = { devices = 2 }``)
are found on their key's line.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple, Union

from bringup import lazyre

Segment = Union[str, int]
_HEADER = lazyre.compile(r"^\s*(\[\[?)([^\]]+)\]\]?\s*(?:#.*)?$")
"""A table's header; the spaces around its name are stripped with each part of it, not by the
pattern: spaces matched on both sides of a lazy name made every split of a run of them a try
(a line of ``[`` and 2,000 spaces, in a multi-line string of a repo's bringup.toml, took 13 s:
review31)."""
_PATH_PART = lazyre.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]")


class Position(NamedTuple):
    line: int
    column: int
    width: int
    excerpt: str


def parse_path(path: str) -> list[Segment]:
    """``$.repos[1].spec`` -> ``["repos", 1, "spec"]``."""
    return [int(index) if index else key for key, index in _PATH_PART.findall(path.lstrip("$"))]


def _tables(text: str) -> list[tuple[int, tuple[Segment, ...]]]:
    """``(line, path)`` of every table header, array-of-tables indices counted."""
    counters: dict[tuple[Segment, ...], int] = {}
    current: dict[str, tuple[Segment, ...]] = {}
    tables: list[tuple[int, tuple[Segment, ...]]] = [(0, ())]
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line)
        if match is None:
            continue
        names = [part.strip().strip("\"'") for part in match.group(2).split(".")]
        path: tuple[Segment, ...] = ()
        for depth, name in enumerate(names):
            prefix = tuple(names[: depth + 1])
            last = depth == len(names) - 1
            if last and match.group(1) == "[[":
                key = (*path, name)
                counters[key] = counters.get(key, -1) + 1
                for other in [k for k in counters if len(k) > len(key) and k[: len(key)] == key]:
                    del counters[other]
                path = (*key, counters[key])
                current[".".join(prefix)] = path
            elif ".".join(prefix) in current and not last:
                path = current[".".join(prefix)]
            else:
                path = (*path, name)
        tables.append((number, path))
    return tables


def _value_span(line: str, key: str) -> tuple[int, int] | None:
    match = re.search(rf"""(?:^|[\s{{,])["']?{re.escape(key)}["']?\s*=\s*""", line)
    if match is None:
        return None
    start = match.end()
    rest = line[start:]
    end = len(rest)
    for stop in (" #", ", ", " }"):
        found = rest.find(stop)
        if found > 0:
            end = min(end, found + (1 if stop == ", " else 0))
    return start + 1, max(1, len(rest[:end].rstrip().rstrip(",")))


def _header_under(
    lines: list[str], tables: list[tuple[int, tuple[Segment, ...]]], path: tuple[Segment, ...]
) -> Position | None:
    """A value at ``path`` written only as the start of a deeper table header (``[a.b.c]``
    makes ``a`` a table no line assigns): that header, the name of ``path``'s last key
    underlined."""
    if not path or not isinstance(path[-1], str):
        return None
    for number, table in tables:
        if len(table) > len(path) and table[: len(path)] == path and number > 0:
            line = lines[number - 1]
            column = line.find(path[-1], line.find("["))
            if column < 0:
                return None
            return Position(number, column + 1, len(path[-1]), line)
    return None


class _Layout(NamedTuple):
    lines: list[str]
    tables: list[tuple[int, tuple[Segment, ...]]]
    first: dict[tuple[Segment, ...], int]
    """The index in ``tables`` of each path's first header."""


@functools.lru_cache(maxsize=4)
def _layout(text: str) -> _Layout:
    """``text``'s lines and table headers, read once for all the values looked up in it: a
    manifest's every requirement is located in the same text, and reading the text again
    for each made 1,000 requirements take 15 s, 3,000 over 80 s (outsider12 #18)."""
    tables = _tables(text)
    first: dict[tuple[Segment, ...], int] = {}
    for index, (_, table) in enumerate(tables):
        first.setdefault(table, index)
    return _Layout(text.splitlines(), tables, first)


def locate(text: str, path: list[Segment], key_only: bool = False) -> Position | None:
    """The line, 1-based column and width of the value at ``path`` (of the key itself when
    ``key_only``: for unknown fields)."""
    lines, tables, first = _layout(text)
    best: tuple[int, int] | None = None
    for cut in range(len(path), -1, -1):
        start = first.get(tuple(path[:cut]))
        if start is None:
            continue
        begin = tables[start][0]
        end = tables[start + 1][0] - 1 if start + 1 < len(tables) else len(lines)
        keys = [k for k in path[cut:] if isinstance(k, str)]
        if not keys:
            best = (begin, 0)
            break
        for number in range(begin + 1, end + 1):
            line = lines[number - 1]
            # `key = ...`, or a dotted key `key.sub = ...` that makes ``key`` a table
            if re.match(rf"""^\s*["']?{re.escape(keys[0])}["']?\s*[=.]""", line):
                best = (number, 0)
                for key in reversed(keys):
                    if key_only:
                        column = line.find(key)
                        if column >= 0:
                            return Position(number, column + 1, len(key), line)
                    span = _value_span(line, key)
                    if span is not None:
                        return Position(number, span[0], span[1], line)
                break
        if best is not None:
            break
    if best is None or best[0] == 0:
        return _header_under(lines, tables, tuple(path))
    line = lines[best[0] - 1]
    indent = len(line) - len(line.lstrip())
    return Position(best[0], indent + 1, max(1, len(line.strip())), line)
