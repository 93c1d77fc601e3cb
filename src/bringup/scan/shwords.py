"""Shell words of one logical line, as ``shlex`` reads them in POSIX mode with
``punctuation_chars=";&|<>()"``, ``whitespace_split`` and ``#`` comments, but in one regular
expression pass.

Why: ``shlex`` reads a character at a time in Python; on a real training-scripts repo (600
launch scripts) it was two thirds of ``bringup scan``'s time. The rules kept from ``shlex``:
runs of punctuation characters are one token; a word ends at whitespace or punctuation; quotes
join into the word; a backslash outside quotes takes the next character literally, inside
double quotes only before ``"`` or ``\\``; an unclosed quote or a trailing backslash is no
command. One rule is POSIX's, not ``shlex``'s: ``#`` starts a comment only where a word would
start; inside a word it is a character of it (``pip install git+https://github.com/NVlabs/
tiny-cuda-nn/#subdirectory=bindings/torch``, ashawkey/torch-ngp@b6e08046 readme.md:45, whose
fragment ``shlex`` cut off, outsider9 #7).
"""

from __future__ import annotations

import re

from bringup import lazyre

_PUNCTUATION = ";&|<>()"
_PIECE = r"""[^ \t\r\n;&|<>()'"\\#]+|'[^']*'|"(?:[^"\\]|\\[\s\S])*"|\\[\s\S]"""
_TOKEN = lazyre.compile(
    r"[ \t\r\n]*(?:"
    r"(?P<end>\#[\s\S]*|\Z)"
    rf"|(?P<punct>[{re.escape(_PUNCTUATION)}]+)"
    rf"|(?P<word>(?:{_PIECE})(?:{_PIECE}|\#+)*))"
)
_QUOTED_PIECE = lazyre.compile(r"""'([^']*)'|"((?:[^"\\]|\\[\s\S])*)"|\\([\s\S])""")
_DOUBLE_QUOTED_ESCAPE = lazyre.compile(r"""\\(["\\])""")


def _unquote(match: re.Match[str]) -> str:
    single, double, escaped = match.groups()
    if single is not None:
        return single
    if double is not None:
        return _DOUBLE_QUOTED_ESCAPE.sub(r"\1", double)
    return escaped


def _word(raw: str) -> str:
    if "\\" not in raw:
        # quotes of one kind only: each pair encloses the other characters as they are
        if "'" not in raw:
            return raw.replace('"', "") if '"' in raw else raw
        if '"' not in raw:
            return raw.replace("'", "")
    return _QUOTED_PIECE.sub(_unquote, raw)


def shell_words(line: str) -> list[str] | None:
    """The tokens of ``line``, or None where ``shlex`` would fail (an unclosed quote, a
    backslash at the end)."""
    words: list[str] = []
    position = 0
    while True:
        match = _TOKEN.match(line, position)
        if match is None:
            return None
        if match.group("end") is not None:
            return words
        punct = match.group("punct")
        words.append(punct if punct is not None else _word(match.group("word")))
        position = match.end()
