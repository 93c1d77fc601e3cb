"""A step's argv as a person reads it. ``shlex.join`` is exact but a ``python -c`` script of
several lines became ``python3 -c 'import time\\nf=open('"'"'out.dat'"'"'...`` (outsider23b
D19): here each argument is quoted the plainest way the shell still reads back (bare, in
single quotes, else in double quotes when nothing in it expands, else as ``shlex`` does),
an argument of several lines is shown as its first line with the count of the rest, its
whole text under the command where there is room (``script_lines``), and any other control
character as bash's ``$'…'`` escape, so a shown line is always one line and reads back as
what runs (review24 L1: ``str.splitlines`` also split on form feeds and kept a trailing
newline raw). JSON keeps the argv."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence

_BARE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_EXPANDS = frozenset('"\\$`!')
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


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


def _ansi_c(arg: str) -> str:
    """``arg`` in bash's ``$'…'`` quoting: one line whatever control characters it holds."""
    escaped = "".join(_ESCAPES.get(c, _escape(c) if _CONTROL.match(c) else c) for c in arg)
    return f"$'{escaped}'"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"


def _lines(arg: str) -> list[str]:
    """``arg``'s lines, split at newlines only; one trailing newline ends the last line."""
    lines = arg.split("\n")
    return lines[:-1] if len(lines) > 1 and not lines[-1] else lines


def command_line(argv: Sequence[str]) -> str:
    """``argv`` on one line; an argument of several lines as its first line quoted and
    ``(+N lines)`` after it (``script_lines`` gives them all)."""
    words = []
    for arg in argv:
        lines = _lines(arg)
        if len(lines) > 1:
            words.append(f"{quoted(lines[0])}… (+{len(lines) - 1} lines)")
        else:
            words.append(_ansi_c(arg) if _CONTROL.search(arg) else quoted(arg))
    return " ".join(words)


def script_lines(argv: Sequence[str]) -> list[str]:
    """The lines of each argument of several lines (a ``python -c`` script), as written."""
    return [line for arg in argv if len(_lines(arg)) > 1 for line in _lines(arg)]
