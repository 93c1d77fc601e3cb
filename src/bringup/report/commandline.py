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

from bringup.report.sanitize import UNSAFE_CHARACTERS

_BARE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_EXPANDS = frozenset('"\\$`!')
_CONTROL = re.compile(f"[\n\u2028\u2029{UNSAFE_CHARACTERS}]")
"""What a shown word must not hold raw: line ends, and what the sanitiser would replace (so
the word still reads back once printed; review25 L1)."""
_NEWLINE = re.compile(r"\r?\n")
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
    """``char`` as ``\\xHH`` escapes of its UTF-8 bytes: bash reads them back whatever the
    locale (``\\uHHHH`` only under a UTF-8 one; review25 L2)."""
    return "".join(f"\\x{byte:02x}" for byte in char.encode("utf-8", "surrogatepass"))


def _lines(arg: str) -> list[str]:
    """``arg``'s lines, split at newlines (``\\r\\n`` too) only; one trailing newline ends the
    last line."""
    lines = _NEWLINE.split(arg)
    return lines[:-1] if len(lines) > 1 and not lines[-1] else lines


def _word(arg: str) -> str:
    return _ansi_c(arg) if _CONTROL.search(arg) else quoted(arg)


def command_line(argv: Sequence[str]) -> str:
    """``argv`` on one line; an argument of several lines as its first line quoted and
    ``(+N lines)`` after it (``script_lines`` gives them all)."""
    words = []
    for arg in argv:
        lines = _lines(arg)
        if len(lines) > 1:
            words.append(f"{_word(lines[0])}… (+{len(lines) - 1} lines)")
        else:
            words.append(_word(arg))
    return " ".join(words)


def shown_step(argv: Sequence[str], whole: str) -> str:
    """``command_line``, and where a script's lines are left out, where they are (``whole``:
    ``--json`` of the command shown, ``bringup history`` after a run; review25 L4)."""
    return command_line(argv) + (f" (whole script: {whole})" if script_lines(argv) else "")


def script_lines(argv: Sequence[str]) -> list[str]:
    """The lines of each argument of several lines (a ``python -c`` script), as written."""
    return [line for arg in argv if len(_lines(arg)) > 1 for line in _lines(arg)]
