"""The row of a release matrix that a checkout needs (split from ``doctables``): the
development branch's row, else the newest release's."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.tablecells import Row, clean

_DEVELOPMENT_ROW = lazyre.compile(
    r"^(?:master|main|develop(?:ment)?|dev|latest|nightly|trunk|current|主线|在研|开发|当前)\b",
    re.I,
)
"""The first cell of a release matrix's row for the branch being developed ("master（主线）")."""


def current_row(header: Row, body: list[Row], subjects: list[str | None]) -> Row | None:
    """In a matrix whose first column is the repo's own release (no subject in its header),
    the row for the development branch: what a checkout of that branch needs."""
    if not body or subjects[0] is not None:
        return None
    for row in body:
        if row.cells and _DEVELOPMENT_ROW.match(clean(row.cells[0])):
            return row
    return None


_RELEASE_CELL = lazyre.compile(r"\d+(?:[.-]\w+)+")
"""The release a row's first cell names ("26.0.0-alpha.3", "branch_v26.0.0", "8.2.0")."""


def _release_key(row: Row) -> tuple[int, ...]:
    """The numbers of the release ``row``'s first cell names, to compare releases by ("8.3.RC1"
    is (8, 3, 1)); empty when the cell names none."""
    release = _RELEASE_CELL.search(clean(row.cells[0])) if row.cells else None
    return tuple(int(n) for n in re.findall(r"\d+", release.group(0))) if release else ()


def newest_row(body: list[Row], subjects: list[str | None]) -> Row | None:
    """In a release-notes page's version mapping (a row per release of the repo, its first
    column naming the release), the newest release's row: the highest release its first cell
    names (the first of a table newest-first, the last of one oldest-first; ties go to the
    earlier row). The rows of past releases are history (msprobe docs/en/release_notes.md:
    14-16, DrivingSDK docs/zh/release_notes.md:44-46). None when no first cell names a
    release: which row is newest is not told."""
    if subjects[0] is not None:
        return None
    keyed = [(_release_key(row), -index, row) for index, row in enumerate(body) if row.cells]
    newest = max(keyed, key=lambda item: item[:2], default=None)
    return newest[2] if newest is not None and newest[0] else None
