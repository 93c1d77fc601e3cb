"""The one sanitiser for text that came from outside (paths, directory and file names,
commands from README code blocks, log lines, knowledge-base overlay text) on its way to a
terminal.

A control character in such text could drive the terminal: an unterminated ``ESC ] 0 ;``
retitles the window and swallows what follows, ``ESC [ 2 J`` clears the screen, a carriage
return overwrites a line, a bidirectional override reorders what is shown. Each is replaced
by one visible stand-in (``␛`` for ESC, the other Unicode control pictures for C0 and DEL,
``�`` for C1 controls and bidirectional overrides), one code point for one, so Rich's spans
and the layout's widths still hold. Tabs and line ends stay. Markup in outside text is
escaped where it is written (``styled.escape``); this module handles what markup escaping
cannot, and the writers (``console``) apply it to every piece they draw.
"""

from __future__ import annotations

import re

from bringup import lazyre

UNSAFE_CHARACTERS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""The characters ``printable`` replaces, as the inside of a regex character class."""
_UNSAFE = lazyre.compile(f"[{UNSAFE_CHARACTERS}]")


def _stand_in(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def printable(text: str) -> str:
    """``text`` with every character that could drive a terminal replaced by a visible
    stand-in of the same length in code points."""
    return _UNSAFE.sub(_stand_in, text) if _UNSAFE.search(text) else text
