"""Whether a line of a shell script lies in a branch for macOS, and the words of ``if``/``fi``
the branch readers share. Split from ``shellguards`` (pure move)."""

from __future__ import annotations

import re

from bringup import lazyre


def macos_branch(text: str, branches: list[bool]) -> bool:
    """Whether ``text`` lies in a branch for macOS (``elif [[ "$(uname -s)" == "Darwin" ]]``,
    ops-nn install_deps.sh:145-150, ``command -v brew`` or exit): what it checks for is
    macOS's (Homebrew), not the Linux machine's the repo's accelerators need. ``branches``
    holds whether each open ``if`` is in such a branch, updated by ``text``."""
    opening = IF.match(text)
    if opening is not None and not CLOSED.search(text):
        branches.append(bool(_MACOS.search(text)))
    elif opening is not None or not branches:
        pass
    elif text.startswith("elif"):
        branches[-1] = bool(_MACOS.search(text))
    elif text == "else" or text.startswith("else "):
        branches[-1] = False
    elif FI.match(text):
        branches.pop()
    return any(branches)


IF = lazyre.compile(r"^if\b")
CLOSED = lazyre.compile(r"\bfi(?:\s*;)?\s*$")
FI = lazyre.compile(r"^fi\b")
ELSE = lazyre.compile(r"^else\b")
_MACOS = lazyre.compile(
    r"(?:^|[^!=])==?\s*[\"']?(?:darwin|mac ?os|osx)\b|\bOSTYPE\W{0,3}\s*==?\s*[\"']?darwin",
    re.IGNORECASE,
)
"""A test that the system IS macOS (``== "Darwin"``, ``$OSTYPE == darwin*``); ``!= "Darwin"``
is the Linux side."""
