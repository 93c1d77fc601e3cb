"""A step's argv as a person reads it. ``shlex.join`` is exact but a ``python -c`` script of
several lines became ``python3 -c 'import time\\nf=open('"'"'out.dat'"'"'...`` (outsider23b
D19): here each argument is quoted the plainest way the shell still reads back (bare, in
single quotes, else in double quotes when nothing in it expands, else as ``shlex`` does),
and an argument of several lines is shown as its first line with the count of the rest, its
whole text under the command where there is room (``script_lines``). JSON keeps the argv."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence

_BARE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_EXPANDS = frozenset('"\\$`!')


def quoted(arg: str) -> str:
    """``arg`` as a shell word: bare, ``'…'``, ``"…"`` when it holds a single quote and
    nothing a double-quoted word expands, else ``shlex.quote``."""
    if _BARE.fullmatch(arg):
        return arg
    if "'" not in arg:
        return f"'{arg}'"
    if not _EXPANDS.intersection(arg):
        return f'"{arg}"'
    return shlex.quote(arg)


def command_line(argv: Sequence[str]) -> str:
    """``argv`` on one line; an argument of several lines as its first line quoted and
    ``(+N lines)`` after it (``script_lines`` gives them all)."""
    words = []
    for arg in argv:
        lines = arg.splitlines()
        if len(lines) > 1:
            words.append(f"{quoted(lines[0])}… (+{len(lines) - 1} lines)")
        else:
            words.append(quoted(arg))
    return " ".join(words)


def script_lines(argv: Sequence[str]) -> list[str]:
    """The lines of each argument of several lines (a ``python -c`` script), as written."""
    return [line for arg in argv if len(arg.splitlines()) > 1 for line in arg.splitlines()]
